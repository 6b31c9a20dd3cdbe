package org.rlanything.neural.bench;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.Generator;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.Inputs;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.model.StepScope;
import org.rlanything.neural.train.PpoTrainer;
import org.rlanything.neural.train.TrainerConfig;
import org.rlanything.neural.train.TrainingSequence;

/**
 * Measures, in one process and with the same thread settings: this machine's float32 matrix-multiply
 * peak (best of square products), training throughput (forward + backward of a padded batch, and a full
 * PPO update), and sampling throughput with the KV cache; each as tokens/s and as achieved FLOP/s, the
 * latter also as a fraction of the measured peak. FLOPs count what the model executes: 2 per
 * multiply-add of every weight matrix and of attention over the full (masked) context, backward = 2x
 * forward.
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
     * @param repeats timed repetitions of each measurement (the best is reported)
     */
    public record Settings(ModelConfig model, int trainRows, int trainLength, int sampleRows, int promptLength,
                           int newTokens, int repeats) {
    }

    /** Measured figures; rates in tokens/s and FLOP/s. */
    public record Result(long parameters, double matmulPeakFlops, int matmulPeakSize,
                         double trainTokensPerSecond, double trainFlops,
                         double ppoUpdateTokensPerSecond,
                         double sampleTokensPerSecond, double sampleFlops) {

        public double trainFractionOfPeak() {
            return trainFlops / matmulPeakFlops;
        }

        public double sampleFractionOfPeak() {
            return sampleFlops / matmulPeakFlops;
        }
    }

    private ModelBenchmark() {
    }

    public static Result run(Settings s) {
        Engine engine = NeuralRuntime.engine();
        try (NDManager root = engine.newBaseManager();
             LlamaModel model = new LlamaModel(ModelWeights.initialise(s.model(), DataType.FLOAT32, root))) {
            double[] peak = matmulPeak(root, s.repeats());
            double trainSeconds = best(s.repeats(), () -> forwardBackward(model, s.trainRows(), s.trainLength()));
            double trainTokens = (double) s.trainRows() * s.trainLength();
            double trainFlops = 3 * trainTokens * s.model().forwardFlopsPerToken(s.trainLength()) / trainSeconds;
            double ppoSeconds = best(s.repeats(), () -> ppoUpdate(model, s));
            double[] sample = new double[2];
            double sampleSeconds = best(s.repeats(), () -> sample[0] = sample(model, s, sample));
            return new Result(s.model().parameterCount(), peak[0], (int) peak[1], trainTokens / trainSeconds, trainFlops,
                    trainTokens / ppoSeconds, sample[0] / sampleSeconds, sample[1] / sampleSeconds);
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
                double seconds = best(repeats, () -> {
                    for (int i = 0; i < reps; i++) {
                        try (NDArray c = a.matMul(b)) {
                            c.getShape();
                        }
                    }
                    // Force completion: the CPU engine is synchronous, but read one value to be sure.
                    a.getFloat(0, 0);
                });
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
                NDArray loss = model.forward(tokens, positions, mask, null, false).logSoftmax(-1).gather(targets, 2).mean().neg();
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
        TrainerConfig c = TrainerConfig.method().withOptimizerSteps(1).withLimits(prompt, s.trainLength())
                .withMaxTokensPerForward(s.trainRows() * s.trainLength());
        double kept = new PpoTrainer(model, c).update(samples, new SplittableRandom(3)).metrics().get("samples");
        if (kept != samples.size()) {
            throw new IllegalStateException("The PPO benchmark dropped samples; its lengths do not fit the model.");
        }
    }

    /** Samples once; returns generated tokens and stores executed FLOPs in {@code out[1]}. */
    private static double sample(LlamaModel model, Settings s, double[] out) {
        SplittableRandom rng = new SplittableRandom(4);
        List<int[]> prompts = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int r = 0; r < s.sampleRows(); r++) {
            int[] p = new int[s.promptLength()];
            for (int i = 0; i < p.length; i++) {
                p[i] = 3 + rng.nextInt(model.config().vocabSize() - 3);
            }
            prompts.add(p);
            rngs.add(new SplittableRandom(r));
        }
        List<Generation> g = new Generator(model).generate(prompts, rngs, new SamplingConfig(1.0, 1.0, s.newTokens()));
        int steps = 0;
        long tokens = 0;
        for (Generation x : g) {
            steps = Math.max(steps, x.tokens().length);
            tokens += x.tokens().length;
        }
        ModelConfig c = model.config();
        double head = 2.0 * c.vocabSize() * c.hiddenSize();
        // The prompt pass computes the output head for its last position only.
        double flops = (double) s.sampleRows() * (s.promptLength() * (c.forwardFlopsPerToken(s.promptLength()) - head) + head);
        for (int i = 1; i < steps; i++) {
            flops += s.sampleRows() * c.forwardFlopsPerToken(s.promptLength() + i + 1);
        }
        out[1] = flops;
        return tokens;
    }

    private static double best(int repeats, Runnable work) {
        work.run();
        double best = Double.MAX_VALUE;
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            work.run();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }
}
