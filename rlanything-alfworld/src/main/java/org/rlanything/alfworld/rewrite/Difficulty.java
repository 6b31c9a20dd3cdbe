package org.rlanything.alfworld.rewrite;

/**
 * How hard a game is for an agent that must search: the planner's optimal plan length (which knows
 * where everything is), the expected extra commands to find the targets, and the number of
 * distractor objects.
 *
 * @param optimalSteps the shortest winning plan length
 * @param searchCost expected "go to" and "open" commands an agent spends finding the targets by
 *     visiting the receptacles that could hold them in random order
 * @param distractors pickupable objects that are not targets
 */
public record Difficulty(int optimalSteps, double searchCost, int distractors) {

    /** The scalar the rewriter orders games by: optimal steps plus search cost. */
    public double score() {
        return optimalSteps + searchCost;
    }

    /**
     * Whether this is strictly harder than {@code other} by {@link #score()}, ties broken by
     * distractors.
     */
    public boolean harderThan(Difficulty other) {
        int byScore = Double.compare(score(), other.score());
        return byScore > 0 || byScore == 0 && distractors > other.distractors;
    }
}
