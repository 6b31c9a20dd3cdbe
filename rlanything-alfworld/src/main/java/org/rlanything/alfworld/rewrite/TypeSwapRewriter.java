package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * The reference's text-game rewrite (method.md §5, §7): start from the slot's original game, keep
 * its scene and goal template, and swap the two type tokens of the goal ({@link TypeSwaps}).
 *
 * <p><b>How a rewrite is chosen, and why.</b> Rewrites never compound: the candidate is always the
 * original scene with another goal, so a slot cannot drift away from its game through a chain of
 * edits. The direction is judged against the slot's <em>active</em> task, because that is the task
 * whose accuracy triggered the request: a harder candidate must score above the active game's
 * {@link Difficulty} (optimal plan length plus expected search cost, ties broken by distractors),
 * an easier one below. One call is one rewriter sample, as one LLM output is in the reference; the
 * loop asks up to k times. A sample draws one swap: harder favours rarer types and longer search,
 * easier common ones, by drawing among the swaps whose estimated search cost ({@link
 * DifficultyMeter}: fewer instances and more places to look cost more) moves the requested way with
 * weight (cost ratio)^2; when no swap moves that way by search cost, it draws uniformly among all
 * (a longer or shorter plan may still move the difficulty). The sample is then verified ({@link
 * CandidateVerifier}) and its difficulty compared; a sample that fails either is declined.
 */
public final class TypeSwapRewriter {

    /** The operator name proposals carry. */
    public static final String OPERATOR = "type-swap";

    private final CandidateVerifier verifier;

    public TypeSwapRewriter(CandidateVerifier verifier) {
        this.verifier = verifier;
    }

    public CandidateVerifier verifier() {
        return verifier;
    }

    /**
     * One sample: a verified type swap of {@code original}'s goal, in {@code original}'s scene,
     * harder or easier than {@code active}; empty when the drawn swap fails verification or does
     * not move.
     */
    public Optional<RewriteProposal> rewrite(
            Scene original, Scene active, RewriteGoal goal, RandomGenerator rng) {
        Difficulty before = verifier.activeDifficulty(active);
        List<Goal> options = new ArrayList<>(TypeSwaps.options(original, original.goal()));
        options.remove(active.goal());
        if (options.isEmpty()) {
            return Optional.empty();
        }
        Goal drawn = draw(original, options, before.searchCost(), goal, rng);
        Scene candidate =
                original.withGoal(drawn)
                        .withProblemName(
                                SceneRewriter.candidateName(original.problemName(), goal, rng));
        CandidateVerifier.Outcome outcome = verifier.check(candidate);
        if (!outcome.valid()) {
            return Optional.empty();
        }
        Difficulty after = DifficultyMeter.measure(candidate, outcome.optimalSteps());
        boolean moved =
                goal == RewriteGoal.HARDER ? after.harderThan(before) : before.harderThan(after);
        return moved
                ? Optional.of(
                        new RewriteProposal(
                                candidate, outcome.file(), goal, OPERATOR, before, after))
                : Optional.empty();
    }

    /**
     * A swap drawn toward {@code goal}: weight (search cost ratio)^2 among those that move, else
     * uniform.
     */
    private static Goal draw(
            Scene scene,
            List<Goal> options,
            double current,
            RewriteGoal goal,
            RandomGenerator rng) {
        List<Goal> moving = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (Goal option : options) {
            double cost = DifficultyMeter.measure(scene.withGoal(option), 0).searchCost();
            boolean moves = goal == RewriteGoal.HARDER ? cost > current : cost < current;
            if (moves) {
                double ratio =
                        goal == RewriteGoal.HARDER
                                ? cost / Math.max(current, 1e-9)
                                : current / Math.max(cost, 1e-9);
                moving.add(option);
                weights.add(ratio * ratio);
            }
        }
        if (moving.isEmpty()) {
            return options.get(rng.nextInt(options.size()));
        }
        return SceneEdits.pickWeighted(moving, weights, rng);
    }
}
