package org.rlanything.neural.provider;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Seeds;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SupervisedTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * How a pair of starting models, a policy and a judge sharing one tokenizer, is made from the run
 * seed (the paper starts from pretrained instruct models; these start from a short supervised warm
 * start on the setting's own text): the {@link WarmStartLessons} gather examples, a byte-level BPE
 * tokenizer of about {@code vocabSize} ids is fitted on their text, and both models, of the sizes
 * below, are made and taught their lessons. Every environment without models of its own gets the
 * generic lessons ({@link #run(EnvironmentParts, PromptFormat, Consumer)}: behaviour cloning of the
 * environment's demonstrator and the judge on its step labels, {@link EnvironmentLessons}); a
 * setting with examples of its own brings its lessons ({@link #run(WarmStartLessons, Consumer)}:
 * coding-mini's reference programs and test lines). The sizes of playing ({@code sampleTasks} to
 * {@code maxSteps}, {@code daggerRounds}, {@code validationTasks}) are the generic lessons'; other
 * lessons read what they need (coding-mini: {@code sampleTasks} generated problems).
 *
 * @param seed the seed of the sample, the episodes, the initial weights and the batches
 * @param sampleTasks tasks drawn from the pool (the examples the lessons gather)
 * @param episodes episodes played per drawn task
 * @param explore the probability of a drawn command instead of the demonstrator's
 * @param maxSteps the step limit of a played episode
 * @param vocabSize the tokenizer's target size
 * @param width the models' hidden size
 * @param layers decoder layers
 * @param heads attention heads
 * @param positions the longest prompt plus response
 * @param policySteps supervised steps of the policy (of each cloning call), or {@link #SIZED}
 * @param judgeSteps supervised steps of the judge (coding-mini's test writer)
 * @param batch sequences per step
 * @param learningRate the supervised learning rate (decaying linearly to a tenth)
 * @param daggerRounds the most DAgger rounds after cloning (0: cloning alone)
 * @param validationTasks pool tasks outside the sample the clone is measured on after each round
 */
public record GenericWarmStart(
        long seed,
        int sampleTasks,
        int episodes,
        double explore,
        int maxSteps,
        int vocabSize,
        int width,
        int layers,
        int heads,
        int positions,
        int policySteps,
        int judgeSteps,
        int batch,
        double learningRate,
        int daggerRounds,
        int validationTasks) {

    /** The warm start's judgment of a step that helps. */
    public static final String GOOD = " \\boxed{1}";

    /** The warm start's judgment of a step that does not. */
    public static final String BAD = " \\boxed{-1}";

    /** The policy's response window in tokens (one command). */
    public static final int RESPONSE_TOKENS = 24;

    /** {@code policySteps} of a warm start whose cloning steps are sized from the data. */
    public static final int SIZED = -1;

    public GenericWarmStart {
        if (sampleTasks < 1
                || episodes < 1
                || maxSteps < 1
                || vocabSize < 259
                || width < 2
                || layers < 1
                || heads < 1
                || batch < 1) {
            throw new IllegalArgumentException(
                    "generic warm start sizes out of range: "
                            + sampleTasks
                            + " tasks, "
                            + episodes
                            + " episodes, "
                            + maxSteps
                            + " steps, vocab "
                            + vocabSize
                            + ", width "
                            + width
                            + ", layers "
                            + layers
                            + ", heads "
                            + heads
                            + ", batch "
                            + batch);
        }
        if (!(explore >= 0 && explore <= 1) || !(learningRate > 0)) {
            throw new IllegalArgumentException("explore must be in [0, 1] and the rate > 0");
        }
        if (positions <= RESPONSE_TOKENS + 8 || policySteps < SIZED || judgeSteps < 0) {
            throw new IllegalArgumentException(
                    "positions must exceed " + (RESPONSE_TOKENS + 8) + " and steps be >= 0");
        }
        if (daggerRounds < 0 || validationTasks < 1) {
            throw new IllegalArgumentException(
                    "dagger rounds must be >= 0 and validation tasks >= 1");
        }
    }

    /**
     * The default: 24 tasks × 2 episodes of up to 30 steps (a quarter of the commands drawn), ~384
     * ids, 2 layers of width 64 over 320 positions, 150 policy steps and 400 judge steps of 16
     * (about a minute and a half on one core for a Blocksworld pool).
     */
    public static GenericWarmStart defaults(long seed) {
        return new GenericWarmStart(
                seed, 24, 2, 0.25, 30, 384, 64, 2, 4, 320, SIZED, 400, 16, 3e-3, 4, 16);
    }

    /** A very small size for tests (seconds): no DAgger round. */
    public static GenericWarmStart tiny(long seed) {
        return new GenericWarmStart(
                seed, 4, 2, 0.25, 20, 320, 32, 1, 2, 320, 100, 60, 8, 1e-2, 0, 2);
    }

    /** The prompt window: the positions less the response window. */
    public int promptTokens() {
        return positions - RESPONSE_TOKENS;
    }

    /** The trainer limits of the warm start (a run reloads the models under its own). */
    public PpoSettings trainerConfig() {
        return PpoSettings.method()
                .withLimits(promptTokens(), RESPONSE_TOKENS)
                .withMaxTokensPerForward(4096);
    }

    /**
     * Makes both starting models for {@code environment}, whose prompts {@code format} renders,
     * with the generic lessons ({@link EnvironmentLessons}); {@code log} receives one line per
     * phase.
     */
    public GenericStartingModels run(
            EnvironmentParts environment, PromptFormat format, Consumer<String> log) {
        return run(new EnvironmentLessons(this, environment, format), log);
    }

    /**
     * Makes both starting models with {@code lessons}: gathers their examples, fits the shared
     * tokenizer on their text, makes the policy and teaches it, then the judge; {@code log}
     * receives one line per phase.
     */
    public GenericStartingModels run(WarmStartLessons lessons, Consumer<String> log) {
        long t0 = System.nanoTime();
        BpeTokenizer tokenizer = BpeTokenizer.train(lessons.gather(), vocabSize);
        Map<String, Double> metrics = new LinkedHashMap<>();
        lessons.describe(tokenizer.vocabSize(), metrics, log);
        NeuralModel policy = create(tokenizer, lessons, "policy");
        NeuralModel judge = null;
        try {
            lessons.teachPolicy(policy, metrics, log);
            judge = create(tokenizer, lessons, lessons.judgeRole());
            lessons.teachJudge(judge, metrics);
            lessons.check(policy, judge, metrics);
            metrics.put("pretrain/seconds", (System.nanoTime() - t0) / 1e9);
            log.accept(lessons.summary(metrics));
            return new GenericStartingModels(policy, judge, metrics);
        } catch (RuntimeException e) {
            policy.close();
            if (judge != null) {
                judge.close();
            }
            throw e;
        }
    }

    /**
     * A fresh model of these sizes for {@code role}, its initial weights drawn from the purpose
     * {@code NAME/warm-start/init-ROLE} of the lessons' name.
     */
    private NeuralModel create(BpeTokenizer tokenizer, WarmStartLessons lessons, String role) {
        long init = Seeds.purpose(lessons.name() + "/warm-start/init-" + role);
        return NeuralModel.create(
                modelConfig(tokenizer.vocabSize(), Seeds.derive(seed, init)),
                tokenizer,
                trainerConfig());
    }

    /** The model size for a tokenizer of {@code vocab} ids and an initialisation seed. */
    public ModelConfig modelConfig(int vocab, long initSeed) {
        return new ModelConfig(
                vocab, width, width * 2, layers, heads, positions, 10000.0, 1e-6, initSeed);
    }

    /**
     * {@code steps} warm-start steps ({@link SupervisedTrainer#warmStart}) at this warm start's
     * batch and rate.
     */
    public double train(
            NeuralModel model, List<TrainingSequence> data, int steps, RandomGenerator rng) {
        return model.supervised().warmStart(data, steps, batch, learningRate, rng);
    }
}
