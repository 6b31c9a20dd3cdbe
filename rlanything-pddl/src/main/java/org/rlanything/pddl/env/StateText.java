package org.rlanything.pddl.env;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.ProblemWriter;

/**
 * A state and goal in words: each fact as its predicate followed by its objects ({@code on a b}),
 * separated by semicolons; facts that never change are listed once under "Always true".
 */
public final class StateText {

    private StateText() {}

    /** The fact as words: {@code on a b}. */
    public static String words(Condition.Atom atom) {
        return atom.terms().isEmpty()
                ? atom.predicate()
                : atom.predicate() + " " + String.join(" ", atom.terms());
    }

    /** The goal in words (a conjunction of atoms as a list; anything else in PDDL). */
    public static String goal(Condition goal) {
        List<String> parts = new ArrayList<>();
        if (goal instanceof Condition.Atom a) {
            return words(a);
        }
        if (goal instanceof Condition.And and) {
            for (Condition c : and.parts()) {
                if (c instanceof Condition.Atom a) {
                    parts.add(words(a));
                } else if (c instanceof Condition.Not n && n.part() instanceof Condition.Atom a) {
                    parts.add("not " + words(a));
                } else {
                    return ProblemWriter.condition(goal);
                }
            }
            return String.join("; ", parts);
        }
        return ProblemWriter.condition(goal);
    }

    /** What holds now, the goal, and (once) what always holds. */
    public static String observation(
            String domain, GroundTask task, Condition goal, State state, boolean withStatic) {
        StringBuilder out = new StringBuilder();
        out.append("Planning task in the domain ").append(domain).append(".\n");
        out.append("Goal: ").append(goal(goal)).append(".\n");
        out.append("Now true: ").append(facts(task, state)).append(".");
        if (withStatic && !task.staticFacts().isEmpty()) {
            List<String> fixed = new ArrayList<>();
            for (Condition.Atom a : task.staticFacts()) {
                fixed.add(words(a));
            }
            out.append("\nAlways true: ").append(String.join("; ", fixed)).append(".");
        }
        return out.toString();
    }

    /** The facts holding in {@code state}. */
    public static String facts(GroundTask task, State state) {
        List<String> now = new ArrayList<>();
        for (int id : state.facts()) {
            now.add(words(task.facts().get(id)));
        }
        return now.isEmpty() ? "nothing" : String.join("; ", now);
    }
}
