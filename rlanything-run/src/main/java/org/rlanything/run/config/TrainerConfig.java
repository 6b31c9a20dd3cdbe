package org.rlanything.run.config;

import static org.rlanything.core.config.Advanced.Kind.EXPERIMENT_SWITCH;

import java.util.Map;
import java.util.TreeMap;
import org.rlanything.core.config.Advanced;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.spi.LocalEngineProvider;
import org.rlanything.core.spi.ProviderRegistry;

/**
 * The {@code trainer} section: how long to run, how often to evaluate and checkpoint, and where.
 *
 * @param seed the run seed; every random choice derives from it
 * @param iterations total iterations
 * @param evaluateEvery evaluate every E iterations (0: never)
 * @param checkpointEvery checkpoint every C iterations (1: a kill loses at most the iteration in
 *     progress)
 * @param keepCheckpoints how many of the newest checkpoints to keep
 * @param runDir the run folder
 * @param savedTrajectories trajectories saved per iteration (with rewards and judgments) for the
 *     report
 * @param policyInit optional: a checkpoint's {@code policy} folder to start the policy from
 * @param rewardModelInit optional: a checkpoint's {@code reward_model} folder to start the reward
 *     model from (the step-only ablation freezes the reward model trained by a full run)
 * @param startingModels for neural backends: the folder of starting models ({@code policy/}, {@code
 *     reward_model/}); built from the seed by behaviour cloning and a warm start when it does not
 *     exist yet, then reused
 * @param rolloutEngine where rollouts, judging and rewriting run: {@code local} (in this process;
 *     the default) or another engine a module provides
 * @param engine the rollout engine's own settings (for example a cluster's name and members), which
 *     the engine validates; empty for {@code local}
 * @param simulatedReviewer for measuring what corrections are worth ({@code bench review}): a
 *     reviewer simulated from the setting's step labels corrects this many steps each iteration
 *     (the judge's least sure ones; see {@code SimulatedReviewer}); 0, the default: none
 * @param simulatedReviewerPicks which steps the simulated reviewer corrects: {@code split} (the
 *     default: the judge's least sure) or {@code wrong} (those it gets most surely wrong)
 */
public record TrainerConfig(
        Long seed,
        Integer iterations,
        Integer evaluateEvery,
        Integer checkpointEvery,
        Integer keepCheckpoints,
        String runDir,
        Integer savedTrajectories,
        String policyInit,
        String rewardModelInit,
        String startingModels,
        String rolloutEngine,
        Map<String, String> engine,
        @Advanced(EXPERIMENT_SWITCH) Integer simulatedReviewer,
        @Advanced(EXPERIMENT_SWITCH) String simulatedReviewerPicks) {
    public TrainerConfig {
        seed = seed == null ? 10086L : seed;
        iterations = Check.between("iterations", iterations, 40, 1, Check.MAX_ITERATIONS);
        evaluateEvery = Check.atLeast("evaluate_every", evaluateEvery, 5, 0);
        checkpointEvery = Check.atLeast("checkpoint_every", checkpointEvery, 1, 1);
        keepCheckpoints = Check.between("keep_checkpoints", keepCheckpoints, 3, 1, 1000);
        runDir = Check.nonEmpty("run_dir", runDir, "runs/run");
        savedTrajectories = Check.between("saved_trajectories", savedTrajectories, 4, 0, 1000);
        if (policyInit != null && policyInit.isBlank()) {
            policyInit = null;
        }
        if (rewardModelInit != null && rewardModelInit.isBlank()) {
            rewardModelInit = null;
        }
        if (startingModels != null && startingModels.isBlank()) {
            startingModels = null;
        }
        rolloutEngine = Check.nonEmpty("rollout_engine", rolloutEngine, LocalEngineProvider.NAME);
        if (!ProviderRegistry.get().engines().contains(rolloutEngine)) {
            throw new InvalidValueException(
                    "rollout_engine",
                    "unknown engine '"
                            + rolloutEngine
                            + "'; expected one of "
                            + String.join(", ", ProviderRegistry.get().engines())
                            + ".");
        }
        engine =
                engine == null
                        ? Map.of()
                        : java.util.Collections.unmodifiableMap(new TreeMap<>(engine));
        simulatedReviewer = Check.between("simulated_reviewer", simulatedReviewer, 0, 0, 1_000_000);
        simulatedReviewerPicks =
                Check.nonEmpty("simulated_reviewer_picks", simulatedReviewerPicks, "split");
        if (!simulatedReviewerPicks.equals("split") && !simulatedReviewerPicks.equals("wrong")) {
            throw new InvalidValueException(
                    "simulated_reviewer_picks",
                    "expected \"split\" or \"wrong\", got \"" + simulatedReviewerPicks + "\".");
        }
    }

    /** Every key at its default. */
    public static TrainerConfig defaults() {
        return new TrainerConfig(
                null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }
}
