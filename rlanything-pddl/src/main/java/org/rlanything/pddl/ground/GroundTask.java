package org.rlanything.pddl.ground;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.pddl.lang.Condition;

/**
 * A PDDL problem grounded by {@link Grounder}: the fluent facts that can ever hold (numbered), the
 * static facts, the initial state, the goal and the actions that can ever apply, with an index that
 * finds the applicable ones quickly.
 */
public final class GroundTask {

    private final String name;
    private final List<Condition.Atom> facts;
    private final List<Condition.Atom> staticFacts;
    private final State init;
    private final GroundCondition goal;
    private final List<GroundAction> actions;
    private final int[][] byTrigger;
    private final int[] untriggered;

    GroundTask(
            String name,
            List<Condition.Atom> facts,
            List<Condition.Atom> staticFacts,
            State init,
            GroundCondition goal,
            List<GroundAction> actions) {
        this.name = name;
        this.facts = List.copyOf(facts);
        this.staticFacts = List.copyOf(staticFacts);
        this.init = init;
        this.goal = goal;
        this.actions = List.copyOf(actions);
        // An action is tried only in states holding its first required fact (its trigger).
        List<List<Integer>> lists = new ArrayList<>();
        for (int i = 0; i < facts.size(); i++) {
            lists.add(new ArrayList<>());
        }
        List<Integer> none = new ArrayList<>();
        for (int a = 0; a < actions.size(); a++) {
            int[] m = actions.get(a).mandatory();
            (m.length == 0 ? none : lists.get(m[0])).add(a);
        }
        byTrigger = new int[facts.size()][];
        for (int i = 0; i < facts.size(); i++) {
            byTrigger[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        untriggered = none.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The problem's name. */
    public String name() {
        return name;
    }

    /** The fluent facts, by id. */
    public List<Condition.Atom> facts() {
        return facts;
    }

    /** The facts that hold in every state (atoms of predicates no action changes). */
    public List<Condition.Atom> staticFacts() {
        return staticFacts;
    }

    /** The initial state. */
    public State init() {
        return init;
    }

    /** The goal. */
    public GroundCondition goal() {
        return goal;
    }

    /**
     * The fluent facts the goal requires to hold (its positive atoms that every way of meeting it
     * needs).
     */
    public int[] goalFacts() {
        return java.util.Arrays.stream(GroundCondition.mandatory(goal))
                .distinct()
                .sorted()
                .toArray();
    }

    /** Whether the goal holds in {@code state}. */
    public boolean isGoal(State state) {
        return goal.holds(state);
    }

    /** The actions, by index. */
    public List<GroundAction> actions() {
        return actions;
    }

    /** The indices of the actions applicable in {@code state}, ascending. */
    public int[] applicable(State state) {
        int[] out = new int[16];
        int n = 0;
        for (int a : untriggered) {
            if (actions.get(a).applicable(state)) {
                out = grow(out, n);
                out[n++] = a;
            }
        }
        for (int fact : state.facts()) {
            for (int a : byTrigger[fact]) {
                if (actions.get(a).applicable(state)) {
                    out = grow(out, n);
                    out[n++] = a;
                }
            }
        }
        int[] result = java.util.Arrays.copyOf(out, n);
        java.util.Arrays.sort(result);
        return result;
    }

    private static int[] grow(int[] array, int n) {
        return n < array.length ? array : java.util.Arrays.copyOf(array, array.length * 2);
    }

    /** A state holding exactly {@code ids}. */
    public State state(int[] ids) {
        long[] bits = new long[Math.max(1, (facts.size() + 63) / 64)];
        for (int id : ids) {
            bits[id >>> 6] |= 1L << id;
        }
        return new State(bits);
    }
}
