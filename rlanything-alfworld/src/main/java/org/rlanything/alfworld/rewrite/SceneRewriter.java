package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;

/**
 * Rewrites an ALFWorld scene to be harder or easier, and only proposes what it has verified.
 *
 * <p><b>How a rewrite is chosen.</b> The operators ({@link #standardOperators()}: target type,
 * destination, task type, target copies, concealment in closed receptacles, distractors) are drawn
 * one at a time with {@link OperatorWeights critic-steered weights}, without replacement. A drawn
 * operator proposes a scene or declines; a proposal is kept only when the {@link CandidateVerifier
 * verifier} accepts it (type constraints hold, the planner wins it within the step limit) and its
 * {@link Difficulty} moved the requested way: a harder candidate must score above the active game
 * (optimal plan length plus expected search cost, ties broken by more distractors), an easier one
 * below. The first kept proposal is returned; when every operator fails, the rewrite declines. All
 * draws come from the given generator, so the same generator state gives the same proposal.
 */
public final class SceneRewriter {

    private final List<RewriteOperator> operators;
    private final CandidateVerifier verifier;

    public SceneRewriter(List<RewriteOperator> operators, CandidateVerifier verifier) {
        if (operators.isEmpty()) {
            throw new IllegalArgumentException("A scene rewriter needs at least one operator.");
        }
        this.operators = List.copyOf(operators);
        this.verifier = verifier;
    }

    /** A rewriter with the standard operators. */
    public SceneRewriter(CandidateVerifier verifier) {
        this(standardOperators(), verifier);
    }

    /** Target type, destination, task type, copies, concealment, distractors. */
    public static List<RewriteOperator> standardOperators() {
        return List.of(
                new TargetTypeSwap(),
                new DestinationSwap(),
                new TaskTypeChange(),
                new CopyCount(),
                new Concealment(),
                new Distractors());
    }

    public CandidateVerifier verifier() {
        return verifier;
    }

    /** The difficulty of a scene, or empty when it does not verify. */
    public Optional<Difficulty> difficulty(Scene scene) {
        CandidateVerifier.Outcome outcome = verifier.check(scene);
        return outcome.valid()
                ? Optional.of(DifficultyMeter.measure(scene, outcome.optimalSteps()))
                : Optional.empty();
    }

    /**
     * One verified rewrite of {@code active} toward {@code goal}, or empty when no operator
     * produced one.
     */
    public Optional<RewriteProposal> rewrite(
            Scene active, RewriteGoal goal, CriticFeedback critic, RandomGenerator rng) {
        Difficulty before = verifier.activeDifficulty(active);
        CriticSignals signals = CriticSignals.of(critic);
        List<RewriteOperator> remaining = new ArrayList<>(operators);
        String name = candidateName(active.problemName(), goal, rng);
        while (!remaining.isEmpty()) {
            List<Double> weights =
                    remaining.stream()
                            .map(op -> OperatorWeights.weight(op.name(), goal, signals))
                            .toList();
            RewriteOperator operator = SceneEdits.pickWeighted(remaining, weights, rng);
            remaining.remove(operator);
            Optional<Scene> proposed = operator.apply(active, goal, rng);
            if (proposed.isEmpty()) {
                continue;
            }
            Scene candidate = proposed.get().withProblemName(name);
            CandidateVerifier.Outcome outcome = verifier.check(candidate);
            if (!outcome.valid()) {
                continue;
            }
            Difficulty after = DifficultyMeter.measure(candidate, outcome.optimalSteps());
            boolean moved =
                    goal == RewriteGoal.HARDER
                            ? after.harderThan(before)
                            : before.harderThan(after);
            if (moved) {
                return Optional.of(
                        new RewriteProposal(
                                candidate, outcome.file(), goal, operator.name(), before, after));
            }
        }
        return Optional.empty();
    }

    /**
     * The original problem name (rewrite suffixes dropped) plus a fresh suffix drawn from {@code
     * rng}.
     */
    static String candidateName(String activeName, RewriteGoal goal, RandomGenerator rng) {
        int cut = activeName.indexOf("_rw");
        String base = cut < 0 ? activeName : activeName.substring(0, cut);
        return base
                + "_rw"
                + (goal == RewriteGoal.HARDER ? "h" : "e")
                + String.format(Locale.ROOT, "%08x", rng.nextInt());
    }
}
