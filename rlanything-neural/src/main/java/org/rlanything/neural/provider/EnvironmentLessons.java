package org.rlanything.neural.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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
import org.rlanything.neural.train.TrainingSequence;

/**
 * The generic lessons of any text environment ({@link GenericWarmStart}, sized by its record):
 *
 * <ol>
 *   <li>{@code sampleTasks} tasks are drawn from the run's pool and played {@code episodes} times
 *       each ({@link EnvironmentPlay}: the environment's {@link Demonstrator} where it offers one,
 *       a drawn admissible command with probability {@code explore});
 *   <li>the tokenizer's corpus is the text seen: the environment's description, the policy's and
 *       the judge's prompts, the commands and the verdicts;
 *   <li>the policy: behaviour cloning, cross-entropy on the demonstrator's command in each visited
 *       state ({@code policySteps} steps, or by default {@value ClonePolicy#EPOCHS} passes over the
 *       demonstrations, {@value ClonePolicy#MIN_STEPS} to {@value ClonePolicy#MAX_STEPS} steps),
 *       then up to {@code daggerRounds} DAgger rounds in which the demonstrator labels the states
 *       the clone reaches itself, until the clone's success on {@code validationTasks} other pool
 *       tasks stops rising ({@link Imitation}); without a demonstrator, none (random initial
 *       weights);
 *   <li>the judge: {@code judgeSteps} steps of cross-entropy on {@link GenericWarmStart#GOOD} /
 *       {@link GenericWarmStart#BAD} for each judged step, the rarer verdict repeated until both
 *       are equally many (so the judge does not start by always answering the common one); without
 *       labels and demonstrator, none.
 * </ol>
 *
 * Then {@link WarmStartCheck} measures both on fresh episodes (one on each of {@value #CHECK_TASKS}
 * other tasks), without changing them.
 */
final class EnvironmentLessons implements WarmStartLessons {

    private static final long JUDGE_BATCHES = Seeds.purpose("generic/warm-start/judge");
    private static final long POLICY_BATCHES = Seeds.purpose("generic/warm-start/policy");
    private static final long CHECK = Seeds.purpose("generic/warm-start/check");

    /** Tasks of the check's fresh episodes. */
    static final int CHECK_TASKS = 8;

    private final GenericWarmStart sizes;
    private final EnvironmentParts environment;
    private final PromptFormat format;
    private final Demonstrator demonstrator;
    private List<Task> shuffled;
    private List<Task> sample;
    private EnvironmentPlay play;
    private Imitation.Result imitation;
    private boolean noVerdicts;

    EnvironmentLessons(GenericWarmStart sizes, EnvironmentParts environment, PromptFormat format) {
        this.sizes = sizes;
        this.environment = environment;
        this.format = format;
        this.demonstrator = environment.hooks() instanceof Demonstrator d ? d : null;
    }

    @Override
    public String name() {
        return "generic";
    }

    @Override
    public String judgeRole() {
        return "judge";
    }

    @Override
    public List<String> gather() {
        shuffled = Imitation.order(environment.tasks(), sizes.seed());
        sample = shuffled.subList(0, Math.min(sizes.sampleTasks(), shuffled.size()));
        play =
                EnvironmentPlay.collect(
                        environment.environment(),
                        sample,
                        demonstrator,
                        sizes.episodes(),
                        sizes.explore(),
                        sizes.maxSteps(),
                        sizes.seed());
        return corpus();
    }

    @Override
    public void describe(int vocab, Map<String, Double> metrics, Consumer<String> log) {
        metrics.put("pretrain/demonstrations", (double) play.targets().size());
        metrics.put("pretrain/judged_steps", (double) play.judged().size());
        log.accept(
                String.format(
                        "%s generic warm start: %d tasks x %d episodes (%s), %d demonstrated"
                                + " states, %d judged steps, tokenizer %d ids",
                        environment.kind(),
                        sample.size(),
                        sizes.episodes(),
                        demonstrator == null ? "no demonstrator: drawn commands" : "demonstrator",
                        play.targets().size(),
                        play.judged().size(),
                        vocab));
    }

    @Override
    public void teachPolicy(NeuralModel policy, Map<String, Double> metrics, Consumer<String> log) {
        if (play.targets().isEmpty() || sizes.policySteps() == 0) {
            return;
        }
        List<Demonstration> gathered = new ArrayList<>();
        for (EnvironmentPlay.Target t : play.targets()) {
            gathered.add(new Demonstration(t.context(), t.command()));
        }
        imitation =
                Imitation.run(
                        environment.environment(),
                        environment.tasks(),
                        demonstrator,
                        new ClonePolicy(
                                policy,
                                format,
                                sizes.policySteps(),
                                sizes.batch(),
                                sizes.learningRate()),
                        gathered,
                        new Imitation.Settings(
                                sizes.sampleTasks(),
                                sizes.episodes(),
                                sizes.explore(),
                                sizes.daggerRounds(),
                                sizes.validationTasks(),
                                1,
                                sizes.maxSteps()),
                        Seeds.derive(sizes.seed(), POLICY_BATCHES),
                        log);
        log.accept(environment.kind() + " generic warm start: policy " + imitation.summary());
        Imitation.Round kept = imitation.rounds().get(imitation.kept());
        metrics.put("pretrain/policy_loss", kept.fit().loss());
        metrics.put("pretrain/policy_steps", (double) kept.fit().steps());
        metrics.put("pretrain/dagger_rounds", (double) imitation.kept());
        metrics.put("pretrain/demonstrations", (double) kept.demonstrations());
        metrics.put("pretrain/clone_validation_success", imitation.cloneSuccess());
        metrics.put("pretrain/clone_validation_agreement", kept.validationAgreement());
        metrics.put("pretrain/demonstrator_validation_success", imitation.demonstratorSuccess());
    }

    @Override
    public void teachJudge(NeuralModel judge, Map<String, Double> metrics) {
        List<TrainingSequence> verdicts = judgeSequences(judge, metrics);
        noVerdicts = verdicts.isEmpty();
        metrics.put(
                "pretrain/judge_loss",
                sizes.train(
                        judge,
                        verdicts,
                        sizes.judgeSteps(),
                        Seeds.rng(sizes.seed(), JUDGE_BATCHES)));
    }

    @Override
    public void check(NeuralModel policy, NeuralModel judge, Map<String, Double> metrics) {
        WarmStartCheck.measure(policy, judge, checkEpisodes(), format, metrics);
    }

    @Override
    public String summary(Map<String, Double> metrics) {
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
        return String.format(
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
                noVerdicts || sizes.judgeSteps() == 0
                        ? "from scratch"
                        : String.format(
                                "%d steps (loss %.3f)",
                                sizes.judgeSteps(), metrics.get("pretrain/judge_loss")),
                100 * metrics.get("pretrain/good_fraction"),
                policyCheck,
                metrics.get("pretrain/check_judge_bal_acc"),
                metrics.get("pretrain/check_judged_steps"),
                metrics.get("pretrain/seconds"));
    }

    /**
     * The check's episodes ({@link WarmStartCheck}): one on each of up to {@link #CHECK_TASKS}
     * tasks after the sample in the drawn order (the sample's own when the pool holds no more),
     * with their own draws.
     */
    private EnvironmentPlay checkEpisodes() {
        List<Task> rest =
                shuffled.subList(Math.min(sizes.sampleTasks(), shuffled.size()), shuffled.size());
        List<Task> tasks = rest.isEmpty() ? shuffled : rest;
        return EnvironmentPlay.collect(
                environment.environment(),
                tasks.subList(0, Math.min(CHECK_TASKS, tasks.size())),
                demonstrator,
                1,
                sizes.explore(),
                sizes.maxSteps(),
                Seeds.derive(sizes.seed(), CHECK));
    }

    /**
     * The judge's sequences: each judged step with its verdict, the rarer verdict's steps repeated
     * in turn until both verdicts are equally many.
     */
    private List<TrainingSequence> judgeSequences(NeuralModel judge, Map<String, Double> metrics) {
        List<TrainingSequence> good = new ArrayList<>();
        List<TrainingSequence> bad = new ArrayList<>();
        for (EnvironmentPlay.Judged j : play.judged()) {
            (j.good() ? good : bad)
                    .add(
                            new TrainingSequence(
                                    judge.encodePrompt(format.judgePrompt(j.request())).tokens(),
                                    judge.encodeResponse(
                                            j.good()
                                                    ? GenericWarmStart.GOOD
                                                    : GenericWarmStart.BAD),
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
    private List<String> corpus() {
        List<String> corpus = new ArrayList<>();
        if (environment.hooks() instanceof EnvironmentDescription d) {
            corpus.add(d.description() + "\n" + d.actionFormat() + "\n" + d.example());
        }
        corpus.add(GenericWarmStart.GOOD);
        corpus.add(GenericWarmStart.BAD);
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
}
