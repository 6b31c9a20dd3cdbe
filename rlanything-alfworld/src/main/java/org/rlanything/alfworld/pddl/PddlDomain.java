package org.rlanything.alfworld.pddl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.pddl.lang.SExpr;

/**
 * A parsed PDDL domain: its types, predicates (with arities) and actions. Only what the ALFWorld
 * engine reads is kept: the engine implements the ALFWorld action semantics itself and takes from
 * the domain which actions exist and the few facts that differ between versions (see {@link
 * org.rlanything.alfworld.DomainRules}).
 *
 * @param name the domain name
 * @param types the declared types
 * @param predicates predicate name to arity
 * @param actions action name (lower-case) to action
 */
public record PddlDomain(
        String name,
        Set<String> types,
        Map<String, Integer> predicates,
        Map<String, Action> actions) {

    public PddlDomain {
        types = Collections.unmodifiableSet(new LinkedHashSet<>(types));
        predicates = Collections.unmodifiableMap(new LinkedHashMap<>(predicates));
        actions = Collections.unmodifiableMap(new LinkedHashMap<>(actions));
    }

    /**
     * One action schema (its effect is not kept: the engine implements ALFWorld's effects itself).
     *
     * @param name lower-case name
     * @param parameters typed parameters, names without {@code ?}
     * @param precondition the precondition
     */
    public record Action(
            String name, List<Formula.TypedVariable> parameters, Formula precondition) {
        public Action {
            parameters = List.copyOf(parameters);
        }
    }

    /**
     * Parses a domain text.
     *
     * @throws PddlSyntaxException naming the part that is wrong
     */
    public static PddlDomain parse(String text) throws PddlSyntaxException {
        List<SExpr> all = PddlSyntaxException.expressions(text, "pddl_domain");
        if (all.size() != 1 || !"define".equals(all.get(0).head())) {
            throw new PddlSyntaxException(
                    "the text is not a single (define (domain ...) ...) expression.");
        }
        SExpr define = all.get(0);
        String name = null;
        Set<String> types = new LinkedHashSet<>();
        types.add("object");
        Map<String, Integer> predicates = new LinkedHashMap<>();
        Map<String, Action> actions = new LinkedHashMap<>();
        for (SExpr section : define.tail()) {
            String head = section.head();
            if (head == null) {
                throw new PddlSyntaxException("the section " + section.brief() + " has no name.");
            }
            switch (head) {
                case "domain":
                    name = section.items().size() > 1 ? section.items().get(1).toString() : "";
                    break;
                case ":types":
                    for (Formula.TypedVariable v : TypedLists.parse(section.tail(), "object")) {
                        types.add(v.name());
                        types.add(v.type());
                    }
                    break;
                case ":predicates":
                    for (SExpr p : section.tail()) {
                        if (p.head() == null) {
                            throw new PddlSyntaxException(
                                    "(:predicates ...) holds "
                                            + p.brief()
                                            + ", which is not a predicate.");
                        }
                        predicates.put(p.head(), TypedLists.parse(p.tail(), "object").size());
                    }
                    break;
                case ":action":
                    Action action = parseAction(section);
                    actions.put(action.name(), action);
                    break;
                default:
                    break; // :requirements, :functions, :constants are not used
            }
        }
        return new PddlDomain(name == null ? "" : name, types, predicates, actions);
    }

    private static Action parseAction(SExpr section) throws PddlSyntaxException {
        if (section.items().size() < 2 || !section.items().get(1).isSymbol()) {
            throw new PddlSyntaxException("an (:action ...) has no name.");
        }
        String name = section.items().get(1).symbol();
        List<Formula.TypedVariable> params = new ArrayList<>();
        Formula pre = new Formula.And(List.of());
        List<SExpr> items = section.items();
        for (int i = 2; i < items.size(); i += 2) {
            if (i + 1 >= items.size() || !items.get(i).isSymbol()) {
                throw new PddlSyntaxException(
                        "the action " + name + " has a malformed key/value list.");
            }
            String key = items.get(i).symbol();
            SExpr value = items.get(i + 1);
            try {
                switch (key) {
                    case ":parameters":
                        if (value.isSymbol()) {
                            throw new PddlSyntaxException(
                                    "The expression " + value + " is a symbol, not a list.");
                        }
                        params = TypedLists.parse(value.items(), "object");
                        break;
                    case ":precondition":
                        pre = Formula.parse(value);
                        break;
                    default:
                        break; // :effect: the engine implements ALFWorld's effects itself
                }
            } catch (PddlSyntaxException e) {
                throw new PddlSyntaxException(
                        "in " + key + " of the action " + name + ": " + e.getMessage());
            }
        }
        List<Formula.TypedVariable> stripped = new ArrayList<>();
        for (Formula.TypedVariable v : params) {
            stripped.add(
                    new Formula.TypedVariable(
                            v.name().startsWith("?") ? v.name().substring(1) : v.name(), v.type()));
        }
        return new Action(name, stripped, pre);
    }
}
