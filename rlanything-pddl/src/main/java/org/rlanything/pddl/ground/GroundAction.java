package org.rlanything.pddl.ground;

import java.util.List;

/**
 * One grounded action: its command text ({@code name arg...}), precondition and effects.
 *
 * @param command the command as the agent types it, e.g. {@code pick-up a}
 * @param precondition when it applies
 * @param mandatory the facts its precondition requires (for the relaxed heuristics)
 * @param effects its (conditional) effects
 */
public record GroundAction(
        String command, GroundCondition precondition, int[] mandatory, List<Effect> effects) {

    public GroundAction {
        effects = List.copyOf(effects);
    }

    /**
     * A (conditional) effect: where {@code condition} holds before the action, {@code deletes} are
     * removed and then {@code adds} added (an atom both added and deleted ends up true, as in
     * PDDL).
     *
     * @param condition the effect's condition ({@link GroundCondition#TRUE} when unconditional)
     * @param mandatory the facts the condition requires (for the relaxed heuristics)
     * @param adds facts made true
     * @param deletes facts made false
     */
    public record Effect(GroundCondition condition, int[] mandatory, int[] adds, int[] deletes) {}

    /** Whether the action applies in {@code state}. */
    public boolean applicable(State state) {
        return precondition.holds(state);
    }

    /** The state after the action in {@code state} (the caller checked it applies). */
    public State apply(State state) {
        long[] bits = state.copyBits();
        boolean[] fires = new boolean[effects.size()];
        for (int i = 0; i < fires.length; i++) {
            fires[i] = effects.get(i).condition().holds(state);
        }
        for (int i = 0; i < fires.length; i++) {
            if (fires[i]) {
                for (int d : effects.get(i).deletes()) {
                    bits[d >>> 6] &= ~(1L << d);
                }
            }
        }
        for (int i = 0; i < fires.length; i++) {
            if (fires[i]) {
                for (int a : effects.get(i).adds()) {
                    bits[a >>> 6] |= 1L << a;
                }
            }
        }
        return new State(bits);
    }
}
