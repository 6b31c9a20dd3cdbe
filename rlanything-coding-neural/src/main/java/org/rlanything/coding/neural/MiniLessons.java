package org.rlanything.coding.neural;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.core.Seeds;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.provider.GenericWarmStart;
import org.rlanything.neural.provider.WarmStartLessons;
import org.rlanything.neural.train.TrainingSequence;

/**
 * The stack language's lessons for the warm start that makes its starting models ({@link
 * GenericWarmStart}; the paper starts from pretrained instruct models):
 *
 * <ol>
 *   <li>{@code sampleTasks} in-domain problems are generated from the seed (never the evaluation
 *       seeds);
 *   <li>the tokenizer's corpus: their statements, programs and tests and the language's token list;
 *   <li>the policy: {@code policySteps} steps of cross-entropy on (statement prompt, reference
 *       program);
 *   <li>the test writer (the judge): {@code judgeSteps} steps of cross-entropy on (statement
 *       prompt, one of the problem's ground-truth test lines).
 * </ol>
 *
 * The step counts are deliberately small: the starting models must be weak enough that RL has room
 * to improve them (about a quarter of in-domain problems solved, about a fifth of written tests
 * right at the default size). The warm start's playing sizes ({@code episodes}, {@code explore},
 * {@code maxSteps}, {@code daggerRounds}, {@code validationTasks}) are not read here.
 */
public final class MiniLessons implements WarmStartLessons {

    private static final long PROBLEMS = Seeds.purpose("coding-mini/warm-start/problems");
    private static final long POLICY_BATCHES = Seeds.purpose("coding-mini/warm-start/policy");
    private static final long WRITER_BATCHES = Seeds.purpose("coding-mini/warm-start/writer");

    private final GenericWarmStart sizes;
    private List<MiniProblem> pool;

    /** The lessons of a warm start of {@code sizes} (its policy steps a number, not sized). */
    public MiniLessons(GenericWarmStart sizes) {
        if (sizes.policySteps() == GenericWarmStart.SIZED) {
            throw new IllegalArgumentException(
                    "coding-mini's warm start takes a number of policy steps, not SIZED");
        }
        this.sizes = sizes;
    }

    /**
     * The default: 512 problems, ~320 ids, 2 layers of width 64 over 96 positions, 60 policy steps,
     * 1500 test-writer steps of 16 (the playing sizes unused: one step of one episode).
     */
    public static GenericWarmStart defaults(long seed) {
        return new GenericWarmStart(
                seed, 512, 1, 0.0, 1, 320, 64, 2, 4, 96, 60, 1500, 16, 3e-3, 0, 1);
    }

    /** A very small size for tests (seconds). */
    public static GenericWarmStart tiny(long seed) {
        return new GenericWarmStart(seed, 16, 1, 0.0, 1, 272, 16, 1, 2, 64, 2, 2, 4, 3e-3, 0, 1);
    }

    @Override
    public String name() {
        return "coding-mini";
    }

    @Override
    public String judgeRole() {
        return "writer";
    }

    /**
     * Generates the problems; the corpus: their prompts, programs and tests, and the token list.
     */
    @Override
    public List<String> gather() {
        pool =
                new MiniProblemGenerator(6)
                        .generate(true, sizes.sampleTasks(), Seeds.derive(sizes.seed(), PROBLEMS));
        List<String> corpus = new ArrayList<>();
        corpus.add(MiniPrompts.LANGUAGE);
        for (MiniProblem p : pool) {
            corpus.add(MiniPrompts.policyPrompt(p) + " " + p.reference());
            corpus.add(MiniPrompts.testWriterPrompt(p));
            for (MiniTest t : p.tests()) {
                corpus.add(" " + t.format());
            }
        }
        return corpus;
    }

    @Override
    public void describe(int vocab, Map<String, Double> metrics, Consumer<String> log) {
        log.accept(
                String.format(
                        "coding-mini warm start: %d problems, tokenizer %d ids",
                        pool.size(), vocab));
    }

    @Override
    public void teachPolicy(NeuralModel policy, Map<String, Double> metrics, Consumer<String> log) {
        List<TrainingSequence> programs = new ArrayList<>();
        for (MiniProblem p : pool) {
            programs.add(
                    new TrainingSequence(
                            policy.encodePrompt(MiniPrompts.policyPrompt(p)).tokens(),
                            policy.encodeResponse(" " + p.reference()),
                            1.0));
        }
        metrics.put(
                "pretrain/policy_loss",
                sizes.train(
                        policy,
                        programs,
                        sizes.policySteps(),
                        Seeds.rng(sizes.seed(), POLICY_BATCHES)));
    }

    @Override
    public void teachJudge(NeuralModel writer, Map<String, Double> metrics) {
        List<TrainingSequence> tests = new ArrayList<>();
        for (MiniProblem p : pool) {
            int[] prompt = writer.encodePrompt(MiniPrompts.testWriterPrompt(p)).tokens();
            for (MiniTest t : p.tests()) {
                tests.add(
                        new TrainingSequence(prompt, writer.encodeResponse(" " + t.format()), 1.0));
            }
        }
        metrics.put(
                "pretrain/writer_loss",
                sizes.train(
                        writer,
                        tests,
                        sizes.judgeSteps(),
                        Seeds.rng(sizes.seed(), WRITER_BATCHES)));
    }

    @Override
    public String summary(Map<String, Double> metrics) {
        return String.format(
                "coding-mini warm start: policy %d steps (loss %.3f), test writer %d"
                        + " steps (loss %.3f), %.1f s",
                sizes.policySteps(),
                metrics.get("pretrain/policy_loss"),
                sizes.judgeSteps(),
                metrics.get("pretrain/writer_loss"),
                metrics.get("pretrain/seconds"));
    }
}
