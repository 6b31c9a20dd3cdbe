package org.rlanything.neural.provider;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.imitation.Demonstration;
import org.rlanything.core.imitation.Imitation;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SupervisedTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * How the generic starting models of any text environment are made from the run seed, when the
 * environment offers no models of its own (the paper starts from pretrained instruct models; these
 * start from a short supervised warm start on the environment's own text):
 *
 * <ol>
 *   <li>{@code sampleTasks} tasks are drawn from the run's pool and played {@code episodes} times
 *       each ({@link EnvironmentPlay}: the environment's {@link Demonstrator} where it offers one,
 *       a drawn admissible command with probability {@code explore});
 *   <li>a byte-level BPE tokenizer of about {@code vocabSize} ids is fitted on the text seen: the
 *       environment's description, the policy's and the judge's prompts, the commands and the
 *       verdicts; both models share it;
 *   <li>the policy: behaviour cloning, cross-entropy on the demonstrator's command in each visited
 *       state ({@code policySteps} steps, or by default {@value ClonePolicy#EPOCHS} passes over the
 *       demonstrations, {@value ClonePolicy#MIN_STEPS} to {@value ClonePolicy#MAX_STEPS} steps),
 *       then up to {@code daggerRounds} DAgger rounds in which the demonstrator labels the states
 *       the clone reaches itself, until the clone's success on {@code validationTasks} other pool
 *       tasks stops rising ({@link Imitation}); without a demonstrator, none (random initial
 *       weights);
 *   <li>the judge: {@code judgeSteps} steps of cross-entropy on {@link #GOOD} / {@link #BAD} for
 *       each judged step, the rarer verdict repeated until both are equally many (so the judge does
 *       not start by always answering the common one); without labels and demonstrator, none.
 * </ol>
 *
 * Then {@link WarmStartCheck} measures both on fresh episodes (one on each of {@value #CHECK_TASKS}
 * other tasks), without changing them.
 *
 * @param seed the seed of the sample, the episodes, the initial weights and the batches
 * @param sampleTasks tasks drawn from the pool
 * @param episodes episodes played per drawn task
 * @param explore the probability of a drawn command instead of the demonstrator's
 * @param maxSteps the step limit of a played episode
 * @param vocabSize the tokenizer's target size
 * @param width the models' hidden size
 * @param layers decoder layers
 * @param heads attention heads
 * @param positions the longest prompt plus response
 * @param policySteps supervised steps of each cloning call, or {@link #SIZED}
 * @param judgeSteps supervised steps of the judge
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

    private static final long SAMPLE = Seeds.purpose("generic/warm-start/sample");
    private static final long INIT_POLICY = Seeds.purpose("generic/warm-start/init-policy");
    private static final long INIT_JUDGE = Seeds.purpose("generic/warm-start/init-judge");
    private static final long POLICY_BATCHES = Seeds.purpose("generic/warm-start/policy");
    private static final long JUDGE_BATCHES = Seeds.purpose("generic/warm-start/judge");
    private static final long CHECK = Seeds.purpose("generic/warm-start/check");

    /** {@code policySteps} of a warm start whose cloning steps are sized from the data. */
    public static final int SIZED = -1;

    /** Tasks of the check's fresh episodes. */
    static final int CHECK_TASKS = 8;

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
     * Makes both starting models for {@code environment}, whose prompts {@code format} renders;
     * {@code log} receives one line per phase.
     */
    public GenericStartingModels run(
            EnvironmentParts environment, PromptFormat format, Consumer<String> log) {
        long t0 = System.nanoTime();
        Demonstrator demonstrator = environment.hooks() instanceof Demonstrator d ? d : null;
        List<Task> shuffled = Imitation.order(environment.tasks(), seed);
        List<Task> sample = shuffled.subList(0, Math.min(sampleTasks, shuffled.size()));
        EnvironmentPlay play =
                EnvironmentPlay.collect(
                        environment.environment(),
                        sample,
                        demonstrator,
                        episodes,
                        explore,
                        maxSteps,
                        seed);
        BpeTokenizer tokenizer = BpeTokenizer.train(corpus(environment, play, format), vocabSize);
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("pretrain/demonstrations", (double) play.targets().size());
        metrics.put("pretrain/judged_steps", (double) play.judged().size());
        log.accept(
                String.format(
                        "%s generic warm start: %d tasks x %d episodes (%s), %d demonstrated"
                                + " states, %d judged steps, tokenizer %d ids",
                        environment.kind(),
                        sample.size(),
                        episodes,
                        demonstrator == null ? "no demonstrator: drawn commands" : "demonstrator",
                        play.targets().size(),
                        play.judged().size(),
                        tokenizer.vocabSize()));
        NeuralModel policy =
                NeuralModel.create(
                        modelConfig(tokenizer.vocabSize(), Seeds.derive(seed, INIT_POLICY)),
                        tokenizer,
                        trainerConfig());
        NeuralModel judge = null;
        try {
            Imitation.Result imitation = null;
            if (!play.targets().isEmpty() && policySteps != 0) {
                List<Demonstration> gathered = new ArrayList<>();
                for (EnvironmentPlay.Target t : play.targets()) {
                    gathered.add(new Demonstration(t.context(), t.command()));
                }
                imitation =
                        Imitation.run(
                                environment.environment(),
                                environment.tasks(),
                                demonstrator,
                                new ClonePolicy(policy, format, policySteps, batch, learningRate),
                                gathered,
                                new Imitation.Settings(
                                        sampleTasks,
                                        episodes,
                                        explore,
                                        daggerRounds,
                                        validationTasks,
                                        1,
                                        maxSteps),
                                Seeds.derive(seed, POLICY_BATCHES),
                                log);
                log.accept(
                        environment.kind() + " generic warm start: policy " + imitation.summary());
                Imitation.Round kept = imitation.rounds().get(imitation.kept());
                metrics.put("pretrain/policy_loss", kept.fit().loss());
                metrics.put("pretrain/policy_steps", (double) kept.fit().steps());
                metrics.put("pretrain/dagger_rounds", (double) imitation.kept());
                metrics.put("pretrain/demonstrations", (double) kept.demonstrations());
                metrics.put("pretrain/clone_validation_success", imitation.cloneSuccess());
                metrics.put("pretrain/clone_validation_agreement", kept.validationAgreement());
                metrics.put(
                        "pretrain/demonstrator_validation_success",
                        imitation.demonstratorSuccess());
            }
            judge =
                    NeuralModel.create(
                            modelConfig(tokenizer.vocabSize(), Seeds.derive(seed, INIT_JUDGE)),
                            tokenizer,
                            trainerConfig());
            List<TrainingSequence> verdicts = judgeSequences(judge, play, format, metrics);
            metrics.put(
                    "pretrain/judge_loss",
                    train(judge, verdicts, judgeSteps, Seeds.rng(seed, JUDGE_BATCHES)));
            WarmStartCheck.measure(
                    policy,
                    judge,
                    checkEpisodes(environment, demonstrator, shuffled),
                    format,
                    metrics);
            metrics.put("pretrain/seconds", (System.nanoTime() - t0) / 1e9);
            double states = metrics.get("pretrain/check_states");
            String policyCheck =
                    states > 0
                            ? String.format(
                                    "the policy picks the demonstrator's command in %.0f%% of %.0f"
                                            + " states (a uniform draw: %.0f%%), ",
                                    100 * metrics.get("pretrain/check_policy_agreement"),
                                    states,
                                    100 * metrics.get("pretrain/check_chance_agreement"))
                            : "";
            log.accept(
                    String.format(
                            "%s generic warm start: policy %s, judge %s (%.0f%% of judged steps"
                                    + " GOOD); on fresh episodes %sthe judge's balanced accuracy"
                                    + " is %.2f on %.0f steps; %.1f s",
                            environment.kind(),
                            imitation == null
                                    ? "from scratch"
                                    : String.format(
                                            "cloned (%d rounds kept, clone %.3f vs demonstrator"
                                                    + " %.3f on validation)",
                                            imitation.kept() + 1,
                                            imitation.cloneSuccess(),
                                            imitation.demonstratorSuccess()),
                            verdicts.isEmpty() || judgeSteps == 0
                                    ? "from scratch"
                                    : String.format(
                                            "%d steps (loss %.3f)",
                                            judgeSteps, metrics.get("pretrain/judge_loss")),
                            100 * metrics.get("pretrain/good_fraction"),
                            policyCheck,
                            metrics.get("pretrain/check_judge_bal_acc"),
                            metrics.get("pretrain/check_judged_steps"),
                            metrics.get("pretrain/seconds")));
            return new GenericStartingModels(policy, judge, metrics);
        } catch (RuntimeException e) {
            policy.close();
            if (judge != null) {
                judge.close();
            }
            throw e;
        }
    }

    /** The model size for a tokenizer of {@code vocab} ids and an initialisation seed. */
    ModelConfig modelConfig(int vocab, long initSeed) {
        return new ModelConfig(
                vocab, width, width * 2, layers, heads, positions, 10000.0, 1e-6, initSeed);
    }

    /**
     * The check's episodes ({@link WarmStartCheck}): one on each of up to {@link #CHECK_TASKS}
     * tasks after the sample in the drawn order (the sample's own when the pool holds no more),
     * with their own draws.
     */
    private EnvironmentPlay checkEpisodes(
            EnvironmentParts environment, Demonstrator demonstrator, List<Task> shuffled) {
        List<Task> rest = shuffled.subList(Math.min(sampleTasks, shuffled.size()), shuffled.size());
        List<Task> tasks = rest.isEmpty() ? shuffled : rest;
        return EnvironmentPlay.collect(
                environment.environment(),
                tasks.subList(0, Math.min(CHECK_TASKS, tasks.size())),
                demonstrator,
                1,
                explore,
                maxSteps,
                Seeds.derive(seed, CHECK));
    }

    /**
     * The judge's sequences: each judged step with its verdict, the rarer verdict's steps repeated
     * in turn until both verdicts are equally many.
     */
    private static List<TrainingSequence> judgeSequences(
            NeuralModel judge,
            EnvironmentPlay play,
            PromptFormat format,
            Map<String, Double> metrics) {
        List<TrainingSequence> good = new ArrayList<>();
        List<TrainingSequence> bad = new ArrayList<>();
        for (EnvironmentPlay.Judged j : play.judged()) {
            (j.good() ? good : bad)
                    .add(
                            new TrainingSequence(
                                    judge.encodePrompt(format.judgePrompt(j.request())).tokens(),
                                    judge.encodeResponse(j.good() ? GOOD : BAD),
                                    1.0));
        }
        int total = good.size() + bad.size();
        metrics.put("pretrain/good_fraction", total == 0 ? 0.0 : good.size() / (double) total);
        List<TrainingSequence> data = new ArrayList<>(good);
        data.addAll(bad);
        List<TrainingSequence> rarer = good.size() < bad.size() ? good : bad;
        int missing = Math.abs(good.size() - bad.size());
        for (int i = 0; !rarer.isEmpty() && i < missing; i++) {
            data.add(rarer.get(i % rarer.size()));
        }
        return data;
    }

    /** The tokenizer's corpus: the description, every prompt, command and verdict seen. */
    private static List<String> corpus(
            EnvironmentParts environment, EnvironmentPlay play, PromptFormat format) {
        List<String> corpus = new ArrayList<>();
        if (environment.hooks() instanceof EnvironmentDescription d) {
            corpus.add(d.description() + "\n" + d.actionFormat() + "\n" + d.example());
        }
        corpus.add(GOOD);
        corpus.add(BAD);
        for (EnvironmentPlay.Target t : play.targets()) {
            corpus.add(format.policyPrompt(t.context()) + format.commandResponse(t.command()));
        }
        for (Trajectory t : play.trajectories()) {
            for (Step s : t.steps()) {
                corpus.add(format.judgePrompt(new org.rlanything.core.JudgeRequest(t, s.index())));
            }
            if (t.steps().isEmpty()) {
                corpus.add(t.task().describe());
            }
        }
        return corpus;
    }

    /**
     * {@code steps} warm-start steps ({@link SupervisedTrainer#warmStart}) at this warm start's
     * batch and rate.
     */
    private double train(
            NeuralModel model, List<TrainingSequence> data, int steps, RandomGenerator rng) {
        return model.supervised().warmStart(data, steps, batch, learningRate, rng);
    }
}
