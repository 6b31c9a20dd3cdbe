package org.rlanything.alfworld.rewrite;

import org.rlanything.core.RewriteGoal;

/**
 * How strongly the critic steers the choice of operator. Every operator starts at weight 1, except
 * {@code distractors} at 0.5: clutter changes what the agent reads but not what it must do, so the
 * operators that change the task itself are tried first more often. For an easier rewrite, a critic
 * that blames searching adds up to 2 to the operators that make targets easier to find (more
 * copies, out of closed receptacles, a commoner type, less clutter), and one that blames
 * manipulating adds up to 2 to those that simplify the work (plain placement, an open destination).
 * A harder rewrite usually follows rollouts that all succeeded; when some failed, it leans the
 * other way, adding work where the policy was already sure-footed, so the candidate stays
 * learnable.
 */
final class OperatorWeights {

    private OperatorWeights() {}

    static double weight(String operator, RewriteGoal goal, CriticSignals signals) {
        boolean searchOperator =
                switch (operator) {
                    case "copies", "concealment", "target-type", "distractors" -> true;
                    default -> false;
                };
        double base = operator.equals("distractors") ? 0.5 : 1.0;
        double search = signals.searchShare();
        double manipulation = signals.manipulationShare();
        if (goal == RewriteGoal.EASIER) {
            return base + 2.0 * (searchOperator ? search : manipulation);
        }
        return base + 2.0 * (searchOperator ? manipulation : search);
    }
}
