package org.rlanything.coding.neural;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.core.Seeds;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.SupervisedTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * How the stack language's starting models are made from a seed (the paper starts from pretrained
 * instruct models; these start from a short supervised warm start):
 *
 * <ol>
 *   <li>{@code problems} in-domain problems are generated from the seed (never the evaluation
 *       seeds);
 *   <li>a byte-level BPE tokenizer of {@code vocabSize} ids is learned from their statements,
 *       programs and tests and the language's token list, shared by both models;
 *   <li>the policy: {@code policySteps} steps of cross-entropy on (statement prompt, reference
 *       program);
 *   <li>the test writer: {@code writerSteps} steps of cross-entropy on (statement prompt, one of
 *       the problem's ground-truth test lines).
 * </ol>
 *
 * The step counts are deliberately small: the starting models must be weak enough that RL has room
 * to improve them (about a quarter of in-domain problems solved, about a fifth of written tests
 * right at the default size).
 *
 * @param seed the seed of the problems, the initial weights and the batches
 * @param vocabSize the tokenizer's target size
 * @param width the models' hidden size
 * @param layers decoder layers
 * @param heads attention heads
 * @param positions the longest prompt plus response
 * @param problems generated warm-start problems
 * @param policySteps supervised steps of the policy
 * @param writerSteps supervised steps of the test writer
 * @param batch sequences per step
 * @param learningRate the supervised learning rate (decaying linearly to a tenth)
 */
public record MiniWarmStart(
        long seed,
        int vocabSize,
        int width,
        int layers,
        int heads,
        int positions,
        int problems,
        int policySteps,
        int writerSteps,
        int batch,
        double learningRate) {

    /** The response window of both models in tokens (a program or a test line is far shorter). */
    public static final int RESPONSE_TOKENS = 24;

    private static final long PROBLEMS = Seeds.purpose("coding-mini/warm-start/problems");
    private static final long INIT_POLICY = Seeds.purpose("coding-mini/warm-start/init-policy");
    private static final long INIT_WRITER = Seeds.purpose("coding-mini/warm-start/init-writer");
    private static final long POLICY_BATCHES = Seeds.purpose("coding-mini/warm-start/policy");
    private static final long WRITER_BATCHES = Seeds.purpose("coding-mini/warm-start/writer");

    public MiniWarmStart {
        if (vocabSize < 259 || width < 2 || layers < 1 || heads < 1 || problems < 1 || batch < 1) {
            throw new IllegalArgumentException(
                    "warm start sizes out of range: vocab "
                            + vocabSize
                            + ", width "
                            + width
                            + ", layers "
                            + layers
                            + ", heads "
                            + heads
                            + ", problems "
                            + problems
                            + ", batch "
                            + batch);
        }
        if (positions <= RESPONSE_TOKENS + 8) {
            throw new IllegalArgumentException(
                    "positions must exceed " + (RESPONSE_TOKENS + 8) + ", got " + positions);
        }
        if (policySteps < 0 || writerSteps < 0 || !(learningRate > 0)) {
            throw new IllegalArgumentException("steps must be >= 0 and the learning rate > 0");
        }
    }

    /** The default: ~320 ids, 2 layers of width 64, 60 policy steps, 1500 test-writer steps. */
    public static MiniWarmStart defaults(long seed) {
        return new MiniWarmStart(seed, 320, 64, 2, 4, 96, 512, 60, 1500, 16, 3e-3);
    }

    /** A very small size for tests (seconds). */
    public static MiniWarmStart tiny(long seed) {
        return new MiniWarmStart(seed, 272, 16, 1, 2, 64, 16, 2, 2, 4, 3e-3);
    }

    /** The prompt window: the positions less the response window. */
    public int promptTokens() {
        return positions - RESPONSE_TOKENS;
    }

    /** The model size for a tokenizer of {@code vocab} ids and an initialisation seed. */
    public ModelConfig modelConfig(int vocab, long initSeed) {
        return new ModelConfig(
                vocab, width, width * 2, layers, heads, positions, 10000.0, 1e-6, initSeed);
    }

    /** The trainer limits of the warm start (the run reloads the models under its own). */
    public PpoSettings trainerConfig() {
        return PpoSettings.method()
                .withLimits(promptTokens(), RESPONSE_TOKENS)
                .withMaxTokensPerForward(4096);
    }

    /** Makes both starting models; {@code log} receives one line per phase. */
    public MiniStartingModels run(Consumer<String> log) {
        long t0 = System.nanoTime();
        List<MiniProblem> pool =
                new MiniProblemGenerator(6).generate(true, problems, Seeds.derive(seed, PROBLEMS));
        BpeTokenizer tokenizer = BpeTokenizer.train(corpus(pool), vocabSize);
        int vocab = tokenizer.vocabSize();
        log.accept(
                String.format(
                        "coding-mini warm start: %d problems, tokenizer %d ids",
                        pool.size(), vocab));
        Map<String, Double> metrics = new LinkedHashMap<>();
        NeuralModel policy =
                NeuralModel.create(
                        modelConfig(vocab, Seeds.derive(seed, INIT_POLICY)),
                        tokenizer,
                        trainerConfig());
        NeuralModel writer = null;
        try {
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
                    train(policy, programs, policySteps, Seeds.rng(seed, POLICY_BATCHES)));
            writer =
                    NeuralModel.create(
                            modelConfig(vocab, Seeds.derive(seed, INIT_WRITER)),
                            tokenizer,
                            trainerConfig());
            List<TrainingSequence> tests = new ArrayList<>();
            for (MiniProblem p : pool) {
                int[] prompt = writer.encodePrompt(MiniPrompts.testWriterPrompt(p)).tokens();
                for (MiniTest t : p.tests()) {
                    tests.add(
                            new TrainingSequence(
                                    prompt, writer.encodeResponse(" " + t.format()), 1.0));
                }
            }
            metrics.put(
                    "pretrain/writer_loss",
                    train(writer, tests, writerSteps, Seeds.rng(seed, WRITER_BATCHES)));
            metrics.put("pretrain/seconds", (System.nanoTime() - t0) / 1e9);
            log.accept(
                    String.format(
                            "coding-mini warm start: policy %d steps (loss %.3f), test writer %d"
                                    + " steps (loss %.3f), %.1f s",
                            policySteps,
                            metrics.get("pretrain/policy_loss"),
                            writerSteps,
                            metrics.get("pretrain/writer_loss"),
                            metrics.get("pretrain/seconds")));
            return new MiniStartingModels(policy, writer, metrics);
        } catch (RuntimeException e) {
            policy.close();
            if (writer != null) {
                writer.close();
            }
            throw e;
        }
    }

    /** The tokenizer's corpus: the prompts, programs and tests of the pool, and the token list. */
    static List<String> corpus(List<MiniProblem> pool) {
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

    /**
     * {@code steps} warm-start steps ({@link SupervisedTrainer#warmStart}) at this warm start's
     * batch and rate.
     */
    private double train(
            NeuralModel model, List<TrainingSequence> data, int steps, RandomGenerator rng) {
        return model.supervised().warmStart(data, steps, batch, learningRate, rng);
    }
}
