package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.gen.GameFiles;
import org.rlanything.alfworld.gen.PlanOracle;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.world.MalformedGameException;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.Seeds;

/**
 * Checks the rewriter on a set of games: for each game it asks for one harder and one easier
 * rewrite, re-reads every proposed game file from its bytes, re-runs the planner on it
 * independently, and averages the difficulty before and after. Harder requests carry the critic
 * "all rollouts succeeded"; easier ones a critic whose failed rollouts show high-risk search and
 * manipulation steps.
 */
public final class RewriteBench {

    private static final long PURPOSE = Seeds.purpose("alfworld/rewrite-bench");

    private RewriteBench() {}

    /** Averages for one direction. */
    public record Direction(
            int requested,
            int proposed,
            int verified,
            double stepsBefore,
            double stepsAfter,
            double searchBefore,
            double searchAfter,
            double distractorsBefore,
            double distractorsAfter,
            Map<String, Integer> operators) {

        /** A one-line summary. */
        public String summary(String label) {
            return String.format(
                    Locale.ROOT,
                    "%s: %d/%d proposed, %d verified; optimal steps %.2f -> %.2f; search cost %.2f -> %.2f;"
                            + " distractors %.2f -> %.2f; operators %s",
                    label,
                    proposed,
                    requested,
                    verified,
                    stepsBefore,
                    stepsAfter,
                    searchBefore,
                    searchAfter,
                    distractorsBefore,
                    distractorsAfter,
                    operators);
        }
    }

    /**
     * The bench result.
     *
     * @param harder the harder requests
     * @param easier the easier requests
     * @param failures one sentence per proposed candidate that did not re-verify (empty when all
     *     did)
     */
    public record Report(Direction harder, Direction easier, List<String> failures) {}

    /**
     * One rewrite request of the bench: the game (original and active alike), the goal, the critic.
     */
    @FunctionalInterface
    public interface Proposer {
        Optional<RewriteProposal> propose(
                Scene scene, RewriteGoal goal, CriticFeedback critic, RandomGenerator rng);
    }

    /**
     * The default rewriter as the loop uses it: up to {@code samples} type-swap samples, the first
     * kept.
     */
    public static Proposer typeSwaps(TypeSwapRewriter rewriter, int samples) {
        return (scene, goal, critic, rng) -> {
            for (int s = 0; s < samples; s++) {
                Optional<RewriteProposal> p = rewriter.rewrite(scene, scene, goal, rng);
                if (p.isPresent()) {
                    return p;
                }
            }
            return Optional.empty();
        };
    }

    /**
     * Runs the bench over {@code scenes} (each must verify) with generators derived from {@code
     * seed}.
     */
    public static Report run(
            List<Scene> scenes, SceneRewriter rewriter, PlanOracle oracle, long seed) {
        return run(scenes, rewriter::rewrite, rewriter.verifier().maxSteps(), oracle, seed);
    }

    /**
     * As {@link #run(List, SceneRewriter, PlanOracle, long)} for any proposer checked within {@code
     * maxSteps}.
     */
    public static Report run(
            List<Scene> scenes, Proposer rewriter, int maxSteps, PlanOracle oracle, long seed) {
        List<String> failures = new ArrayList<>();
        Direction harder =
                direction(scenes, rewriter, maxSteps, oracle, seed, RewriteGoal.HARDER, failures);
        Direction easier =
                direction(scenes, rewriter, maxSteps, oracle, seed, RewriteGoal.EASIER, failures);
        return new Report(harder, easier, failures);
    }

    private static Direction direction(
            List<Scene> scenes,
            Proposer rewriter,
            int maxSteps,
            PlanOracle oracle,
            long seed,
            RewriteGoal goal,
            List<String> failures) {
        int proposed = 0;
        int verified = 0;
        double[] sums = new double[6];
        Map<String, Integer> operators = new TreeMap<>();
        for (int i = 0; i < scenes.size(); i++) {
            RandomGenerator rng = Seeds.rng(seed, PURPOSE, i, goal.ordinal());
            var proposal = rewriter.propose(scenes.get(i), goal, critic(goal), rng);
            if (proposal.isEmpty()) {
                continue;
            }
            RewriteProposal p = proposal.get();
            proposed++;
            operators.merge(p.operator(), 1, Integer::sum);
            GameFile reread;
            try {
                reread = GameLoader.parse(GameFiles.toJson(p.file()), p.file().source());
            } catch (MalformedGameException e) {
                failures.add(
                        "The candidate "
                                + p.scene().problemName()
                                + " does not load: "
                                + e.getMessage());
                continue;
            }
            OptionalInt steps = oracle.shortestWin(reread, maxSteps);
            if (!GameFiles.sameContent(reread, p.file())) {
                failures.add(
                        "The candidate "
                                + p.scene().problemName()
                                + " does not read back equal to what was written.");
            } else if (steps.isEmpty() || steps.getAsInt() != p.after().optimalSteps()) {
                failures.add(
                        "The candidate "
                                + p.scene().problemName()
                                + " ('"
                                + p.scene().goal().text()
                                + "') is not won in "
                                + p.after().optimalSteps()
                                + " steps when re-checked.");
            } else {
                verified++;
            }
            sums[0] += p.before().optimalSteps();
            sums[1] += p.after().optimalSteps();
            sums[2] += p.before().searchCost();
            sums[3] += p.after().searchCost();
            sums[4] += p.before().distractors();
            sums[5] += p.after().distractors();
        }
        double n = Math.max(1, proposed);
        return new Direction(
                scenes.size(),
                proposed,
                verified,
                sums[0] / n,
                sums[1] / n,
                sums[2] / n,
                sums[3] / n,
                sums[4] / n,
                sums[5] / n,
                operators);
    }

    /** The critic used for bench requests of {@code goal}. */
    static CriticFeedback critic(RewriteGoal goal) {
        if (goal == RewriteGoal.HARDER) {
            return new CriticFeedback(8, List.of());
        }
        List<CriticFeedback.FailedRollout> failures = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            failures.add(
                    new CriticFeedback.FailedRollout(
                            k,
                            40,
                            List.of(
                                    new CriticFeedback.HighRiskStep(
                                            3,
                                            "go to drawer 1",
                                            "The drawer 1 is closed.",
                                            List.of("loops")),
                                    new CriticFeedback.HighRiskStep(
                                            9,
                                            "take mug 1 from shelf 1",
                                            "Nothing happens.",
                                            List.of("wrong object")))));
        }
        return new CriticFeedback(8, failures);
    }
}
