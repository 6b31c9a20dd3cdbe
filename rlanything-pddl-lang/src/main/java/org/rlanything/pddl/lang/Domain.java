package org.rlanything.pddl.lang;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A PDDL domain as read by {@link DomainReader}.
 *
 * @param file the file it was read from (for messages)
 * @param name the domain's name
 * @param requirements the declared requirements
 * @param types each declared type with its parent ({@code object} at the root)
 * @param constants the domain's constants with their types
 * @param predicates each predicate with its typed parameters
 * @param actions the action schemas, in file order
 */
public record Domain(
        String file,
        String name,
        Set<String> requirements,
        Map<String, String> types,
        Map<String, String> constants,
        Map<String, List<Param>> predicates,
        List<ActionSchema> actions) {

    public Domain {
        requirements = Set.copyOf(requirements);
        types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
        predicates = Collections.unmodifiableMap(new LinkedHashMap<>(predicates));
        actions = List.copyOf(actions);
    }

    /** Whether {@code type} is {@code ancestor} or below it. */
    public boolean isA(String type, String ancestor) {
        return isA(types, type, ancestor);
    }

    /**
     * Whether {@code type} is {@code ancestor} or below it in {@code types} (each type with its
     * parent). The walk stops after as many steps as there are types, so that even a cycle, which
     * the reader refuses, cannot make it loop.
     */
    static boolean isA(Map<String, String> types, String type, String ancestor) {
        int steps = 0;
        for (String t = type; t != null && steps <= types.size(); t = types.get(t), steps++) {
            if (t.equals(ancestor)) {
                return true;
            }
            if (t.equals("object")) {
                break;
            }
        }
        return ancestor.equals("object");
    }

    /**
     * One action schema.
     *
     * @param name its name
     * @param parameters its typed parameters
     * @param precondition its precondition ({@link Condition#TRUE} when absent)
     * @param effect its effect
     */
    public record ActionSchema(
            String name, List<Param> parameters, Condition precondition, Effect effect) {
        public ActionSchema {
            parameters = List.copyOf(parameters);
        }
    }
}
