package org.rlanything.pddl.lang;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PDDL problem as read by {@link ProblemReader} (or made by a rewrite): objects, initial atoms
 * and goal. Numeric initial values ({@code (= (f ...) n)}, action costs) are not kept.
 *
 * @param name the problem's name
 * @param domainName the domain it names
 * @param objects each object with its type, in declaration order
 * @param init the ground atoms true initially, in order
 * @param goal the goal
 */
public record Problem(
        String name,
        String domainName,
        Map<String, String> objects,
        List<Condition.Atom> init,
        Condition goal) {

    public Problem {
        objects = Collections.unmodifiableMap(new LinkedHashMap<>(objects));
        init = List.copyOf(init);
    }

    /** This problem with another name, initial state and goal (same objects). */
    public Problem with(String newName, List<Condition.Atom> newInit, Condition newGoal) {
        return new Problem(newName, domainName, objects, newInit, newGoal);
    }
}
