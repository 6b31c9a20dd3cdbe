package org.rlanything.pddl.ground;

import java.util.List;

/**
 * A precondition, effect condition or goal after grounding, in negation normal form over fact ids:
 * static atoms, equality and quantifiers are already resolved.
 */
public sealed interface GroundCondition {

    /** Whether the condition holds in {@code state}. */
    boolean holds(State state);

    /** Always true or always false. */
    record Constant(boolean value) implements GroundCondition {
        @Override
        public boolean holds(State state) {
            return value;
        }
    }

    /** Fact {@code id} holds ({@code positive}) or does not. */
    record Literal(int id, boolean positive) implements GroundCondition {
        @Override
        public boolean holds(State state) {
            return state.holds(id) == positive;
        }
    }

    /** Every part holds. */
    record All(List<GroundCondition> parts) implements GroundCondition {
        public All {
            parts = List.copyOf(parts);
        }

        @Override
        public boolean holds(State state) {
            for (GroundCondition p : parts) {
                if (!p.holds(state)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Some part holds. */
    record Any(List<GroundCondition> parts) implements GroundCondition {
        public Any {
            parts = List.copyOf(parts);
        }

        @Override
        public boolean holds(State state) {
            for (GroundCondition p : parts) {
                if (p.holds(state)) {
                    return true;
                }
            }
            return false;
        }
    }

    GroundCondition TRUE = new Constant(true);
    GroundCondition FALSE = new Constant(false);

    /**
     * The facts that must hold wherever this holds (the positive literals of its top conjunction).
     */
    static int[] mandatory(GroundCondition c) {
        if (c instanceof Literal l) {
            return l.positive() ? new int[] {l.id()} : new int[0];
        }
        if (c instanceof All a) {
            return a.parts().stream()
                    .filter(p -> p instanceof Literal l && l.positive())
                    .mapToInt(p -> ((Literal) p).id())
                    .toArray();
        }
        return new int[0];
    }
}
