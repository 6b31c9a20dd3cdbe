package org.rlanything.pddl.lang;

import java.util.List;

/**
 * An action's effect as written: literals, conjunctions, conditional and universal effects. Cost
 * increases of {@code :action-costs} are not kept: every action counts 1 towards a plan's length.
 */
public sealed interface Effect {

    /** {@code atom} made true ({@code positive}) or false. */
    record Literal(Condition.Atom atom, boolean positive) implements Effect {}

    /** {@code (and e...)}. */
    record And(List<Effect> parts) implements Effect {
        public And {
            parts = List.copyOf(parts);
        }
    }

    /** {@code (when condition effect)}: applies where the condition holds before the action. */
    record When(Condition condition, Effect effect) implements Effect {}

    /** {@code (forall (vars) effect)}. */
    record ForAll(List<Param> variables, Effect effect) implements Effect {
        public ForAll {
            variables = List.copyOf(variables);
        }
    }
}
