package org.rlanything.neural.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.random.RandomGenerator;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.Flops;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.StepScope;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.PpoTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * Measures, in one process and with the same thread settings: this machine's float32
 * matrix-multiply peak (best of square products), training throughput (forward + backward of a
 * padded batch, and a full PPO update), sampling throughput with the KV cache ({@link
 * NeuralModel#generate}) and candidate-scoring throughput ({@link NeuralModel#scoreCandidates}:
 * each prompt encoded once into a KV cache, then all its candidates in one tree-masked pass); each
 * as a rate and as achieved FLOP/s, the latter also as a fraction of the measured peak. FLOPs are
 * those the model executes, read from {@link Flops#total()} (counted from the shapes actually run:
 * 2 per multiply-add of every weight matrix and of attention over the full (masked) context,
 * backward = 2x forward). Sampling and scoring split their batch into chunks of at most {@link
 * Settings#passBudget()} tokens per pass and spread the chunks over the native threads ({@link
 * org.rlanything.neural.model.Parallel}). {@code scripts/peer_bench.py} measures the same phases,
 * shapes and protocol in plain PyTorch.
 */
public final class ModelBenchmark {

    /**
     * What to measure.
     *
     * @param model the model size
     * @param trainRows rows per training batch
     * @param trainLength tokens per training row
     * @param sampleRows rows sampled together
     * @param promptLength prompt tokens per sampled row
     * @param newTokens tokens generated per sampled row
     * @param scoreGroups prompts scored together, each with its own candidates
     * @param scoreCandidates candidates per prompt
     * @param scoreTokens tokens per candidate
     * @param scorePrompt prompt tokens per scoring group
     * @param passBudget padded tokens per forward pass of sampling and scoring (the trainer's
     *     {@code maxTokensPerForward}); larger batches are split into chunks run on the native
     *     threads
     * @param repeats timed repetitions of each measurement (the best is reported)
     */
    public record Settings(
            ModelConfig model,
            int trainRows,
            int trainLength,
            int sampleRows,
            int promptLength,
            int newTokens,
            int scoreGroups,
            int scoreCandidates,
            int scoreTokens,
            int scorePrompt,
            int passBudget,
            int repeats) {

        public Settings {
            if (trainRows <= 0
                    || trainLength < 2
                    || sampleRows <= 0
                    || promptLength <= 0
                    || newTokens <= 0
                    || scoreGroups <= 0
                    || scoreCandidates <= 0
                    || scoreTokens <= 0
                    || scorePrompt <= 0
                    || passBudget <= 0
                    || repeats <= 0) {
                throw new org.rlanything.core.BadInputException(
                        "Batch sizes, lengths, the pass budget and repeats must be positive"
                                + " (training rows at least 2 tokens long).");
            }
            int longest =
                    Math.max(
                            trainLength,
                            Math.max(promptLength + newTokens, scorePrompt + scoreTokens));
            if (longest > model.maxPositions()) {
                throw new org.rlanything.core.BadInputException(
                        "The benchmark's longest sequence ("
                                + longest
                                + " tokens) exceeds the model's "
                                + model.maxPositions()
                                + " positions.");
            }
            if (model.vocabSize() < BpeTokenizer.bytesOnly().vocabSize()) {
                throw new org.rlanything.core.BadInputException(
                        "The benchmark needs a vocabulary of at least "
                                + BpeTokenizer.bytesOnly().vocabSize()
                                + " ids (byte-level tokenizer), got "
                                + model.vocabSize()
                                + ".");
            }
        }

        /**
         * The peer's shapes (issue #13): training 64 x 64, sampling 64 x (32 + 8), scoring 64 x 16
         * x 8 after 48.
         */
        public static Settings peer(ModelConfig model, int repeats) {
            return new Settings(
                    model,
                    64,
                    64,
                    64,
                    32,
                    8,
                    64,
                    16,
                    8,
                    48,
                    PpoSettings.method().maxTokensPerForward(),
                    repeats);
        }
    }

    /**
     * Measured figures; rates in tokens/s (candidates/s for scoring) and FLOP/s.
     *
     * @param parameters trainable parameters of the model
     * @param matmulPeakFlops best float32 square matrix-product rate
     * @param matmulPeakSize the square size that gave it
     * @param trainTokensPerSecond forward + backward tokens/s
     * @param trainFlops achieved FLOP/s of forward + backward
     * @param ppoUpdateTokensPerSecond sequence tokens/s of a full PPO update
     * @param sampleTokensPerSecond generated tokens/s
     * @param sampleFlops achieved FLOP/s of sampling
     * @param scoreCandidatesPerSecond scored candidates/s
     * @param scoreTokensPerSecond scored candidate tokens/s
     * @param scoreFlops achieved FLOP/s of scoring
     * @param scoredCandidates candidates scored per timed run (a check of the protocol)
     */
    public record Result(
            long parameters,
            double matmulPeakFlops,
            int matmulPeakSize,
            double trainTokensPerSecond,
            double trainFlops,
            double ppoUpdateTokensPerSecond,
            double sampleTokensPerSecond,
            double sampleFlops,
            double scoreCandidatesPerSecond,
            double scoreTokensPerSecond,
            double scoreFlops,
            long scoredCandidates) {

        public double trainFractionOfPeak() {
            return trainFlops / matmulPeakFlops;
        }

        public double sampleFractionOfPeak() {
            return sampleFlops / matmulPeakFlops;
        }

        public double scoreFractionOfPeak() {
            return scoreFlops / matmulPeakFlops;
        }
    }

    private ModelBenchmark() {}

    public static Result run(Settings s) {
        // the limits only bound prompt encoding from text, which the benchmark does not use
        PpoSettings tc =
                PpoSettings.method()
                        .withLimits(s.model().maxPositions() - 1, 1)
                        .withMaxTokensPerForward(s.passBudget());
        try (NDManager root = NeuralRuntime.engine().newBaseManager();
                NeuralModel neural = NeuralModel.create(s.model(), BpeTokenizer.bytesOnly(), tc)) {
            LlamaModel model = neural.model();
            double[] peak = matmulPeak(root, s.repeats());
            double[] train =
                    best(
                            s.repeats(),
                            () -> {
                                forwardBackward(model, s.trainRows(), s.trainLength());
                                return 0;
                            });
            double trainTokens = (double) s.trainRows() * s.trainLength();
            double[] ppo =
                    best(
                            s.repeats(),
                            () -> {
                                ppoUpdate(model, s);
                                return 0;
                            });
            double[] sample = best(s.repeats(), () -> sample(neural, s));
            double[] score = best(s.repeats(), () -> score(neural, s));
            long candidates = Math.round(score[2]);
            return new Result(
                    s.model().parameterCount(),
                    peak[0],
                    (int) peak[1],
                    trainTokens / train[0],
                    train[1] / train[0],
                    trainTokens / ppo[0],
                    sample[2] / sample[0],
                    sample[1] / sample[0],
                    candidates / score[0],
                    (double) candidates * s.scoreTokens() / score[0],
                    score[1] / score[0],
                    candidates);
        }
    }

    /** This machine's float32 matrix-multiply peak, best of square products: {FLOP/s, size}. */
    public static double[] matmulPeak(int repeats) {
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            return matmulPeak(root, repeats);
        }
    }

    /** Best GFLOP rate of square float32 products of a few sizes: {rate, size}. */
    static double[] matmulPeak(NDManager root, int repeats) {
        double bestRate = 0;
        int bestSize = 0;
        for (int n : new int[] {256, 512, 1024}) {
            try (StepScope scope = new StepScope(root)) {
                NDArray a = scope.manager().randomNormal(new Shape(n, n));
                NDArray b = scope.manager().randomNormal(new Shape(n, n));
                int reps = Math.max(1, (int) (2e9 / (2.0 * n * n * n)));
                double seconds =
                        best(
                                repeats,
                                () -> {
                                    for (int i = 0; i < reps; i++) {
                                        try (NDArray c = a.matMul(b)) {
                                            c.getShape();
                                        }
                                    }
                                    // Force completion: the CPU engine is synchronous, but read one
                                    // value to be sure.
                                    a.getFloat(0, 0);
                                    return 0;
                                })[0];
                double rate = reps * 2.0 * n * n * n / seconds;
                if (rate > bestRate) {
                    bestRate = rate;
                    bestSize = n;
                }
            }
        }
        return new double[] {bestRate, bestSize};
    }

    private static void forwardBackward(LlamaModel model, int rows, int length) {
        SplittableRandom rng = new SplittableRandom(1);
        long[] tok = new long[rows * length];
        long[] pos = new long[rows * length];
        long[] tgt = new long[rows * length];
        for (int i = 0; i < tok.length; i++) {
            tok[i] = 3 + rng.nextInt(model.config().vocabSize() - 3);
            tgt[i] = 3 + rng.nextInt(model.config().vocabSize() - 3);
            pos[i] = i % length;
        }
        try (StepScope scope = new StepScope(model.weights().manager())) {
            NDManager m = scope.manager();
            NDArray tokens = Inputs.longs(m, tok, rows, length);
            NDArray positions = Inputs.longs(m, pos, rows, length);
            NDArray mask = Inputs.causal(m, model.dtype(), length);
            NDArray targets = m.create(tgt, new Shape(rows, length, 1));
            try (Autograd c = Autograd.record()) {
                NDArray loss =
                        model.forward(tokens, positions, mask, null, false)
                                .logSoftmax(-1)
                                .gather(targets, 2)
                                .mean()
                                .neg();
                c.backward(loss);
            }
        }
    }

    private static void ppoUpdate(LlamaModel model, Settings s) {
        SplittableRandom rng = new SplittableRandom(2);
        List<TrainingSequence> samples = new ArrayList<>();
        int prompt = s.trainLength() / 2;
        for (int r = 0; r < s.trainRows(); r++) {
            int[] p = new int[prompt];
            int[] q = new int[s.trainLength() - prompt];
            for (int i = 0; i < p.length; i++) {
                p[i] = 3 + rng.nextInt(model.config().vocabSize() - 3);
            }
            for (int i = 0; i < q.length; i++) {
                q[i] = 3 + rng.nextInt(model.config().vocabSize() - 3);
            }
            samples.add(new TrainingSequence(p, q, rng.nextDouble() - 0.5));
        }
        PpoSettings c =
                PpoSettings.method()
                        .withOptimizerSteps(1)
                        .withLimits(prompt, s.trainLength())
                        .withMaxTokensPerForward(s.trainRows() * s.trainLength());
        double kept =
                new PpoTrainer(model, c)
                        .update(samples, new SplittableRandom(3))
                        .metrics()
                        .get("samples");
        if (kept != samples.size()) {
            throw new IllegalStateException(
                    "The PPO benchmark dropped samples; its lengths do not fit the model.");
        }
    }

    /**
     * Samples once (the peer's protocol: prompt pass, then one token per row and step); returns
     * generated tokens.
     */
    private static double sample(NeuralModel neural, Settings s) {
        SplittableRandom rng = new SplittableRandom(4);
        int vocab = neural.model().config().vocabSize();
        List<int[]> prompts = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int r = 0; r < s.sampleRows(); r++) {
            prompts.add(randomTokens(rng, s.promptLength(), vocab));
            rngs.add(new SplittableRandom(r));
        }
        long tokens = 0;
        for (Generation x :
                neural.generate(prompts, rngs, new SamplingConfig(1.0, 1.0, s.newTokens()))) {
            tokens += x.tokens().length;
        }
        return tokens;
    }

    /**
     * Scores once: {@code scoreGroups} prompts of {@code scorePrompt} tokens, each with {@code
     * scoreCandidates} candidates of {@code scoreTokens} tokens; returns the number of candidates
     * scored.
     */
    private static double score(NeuralModel neural, Settings s) {
        SplittableRandom rng = new SplittableRandom(5);
        int vocab = neural.model().config().vocabSize();
        List<int[]> prompts = new ArrayList<>();
        List<List<int[]>> candidates = new ArrayList<>();
        for (int g = 0; g < s.scoreGroups(); g++) {
            prompts.add(randomTokens(rng, s.scorePrompt(), vocab));
            List<int[]> group = new ArrayList<>();
            for (int c = 0; c < s.scoreCandidates(); c++) {
                group.add(randomTokens(rng, s.scoreTokens(), vocab));
            }
            candidates.add(group);
        }
        long scored = 0;
        for (List<double[]> group : neural.scoreCandidates(prompts, candidates)) {
            for (double[] lp : group) {
                if (lp.length != s.scoreTokens()) {
                    throw new IllegalStateException(
                            "A candidate of "
                                    + s.scoreTokens()
                                    + " tokens got "
                                    + lp.length
                                    + " scores.");
                }
                scored++;
            }
        }
        return scored;
    }

    private static int[] randomTokens(SplittableRandom rng, int length, int vocab) {
        int[] t = new int[length];
        for (int i = 0; i < length; i++) {
            t[i] = 3 + rng.nextInt(vocab - 3);
        }
        return t;
    }

    /**
     * One untimed warm-up run, then {@code repeats} timed runs: {best seconds, model FLOPs of that
     * run (from {@link Flops#total()}), the work's return value}.
     */
    private static double[] best(int repeats, DoubleSupplier work) {
        work.getAsDouble();
        double[] best = {Double.MAX_VALUE, 0, 0};
        for (int i = 0; i < repeats; i++) {
            double f0 = Flops.total();
            long t0 = System.nanoTime();
            double value = work.getAsDouble();
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (seconds < best[0]) {
                best = new double[] {seconds, Flops.total() - f0, value};
            }
        }
        return best;
    }
}
