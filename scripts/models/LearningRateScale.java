import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.TrainingSequence;

/**
 * How far one PPO update moves a model, by width and learning rate: the figure behind the neural
 * sections' default learning rate (TrainableSection). For each width, a freshly initialised model
 * (2 layers, 4 heads, SwiGLU 8/3 of the width, byte tokenizer) takes one update of the method's
 * objective (U = 4 minibatches) on the same 16 random rows of 48 + 16 tokens with advantages +1
 * and -1, at each learning rate; the line printed is the update's mean k3 KL to the pre-update
 * model ({@code ppo_kl}, the figure the embedded models' 3e-4 was tuned on). Seeds 1 to S.
 *
 * <p>Run with the tool's jar on the class path (one PyTorch thread, as the tool):
 *
 * <pre>
 * java -Dai.djl.offline=true -Dai.djl.pytorch.num_threads=1 -cp rlanything-cli/target/rlanything.jar \
 *     scripts/models/LearningRateScale.java 64,128,256,512,1024 3e-4,1e-4,3e-5,1e-5 2
 * </pre>
 */
public class LearningRateScale {

    public static void main(String[] args) throws Exception {
        int[] widths = ints(args.length > 0 ? args[0] : "64,128,256,512,1024");
        double[] rates = doubles(args.length > 1 ? args[1] : "3e-4,1e-4,3e-5,1e-5");
        int seeds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        BpeTokenizer tokenizer = BpeTokenizer.bytesOnly();
        for (int width : widths) {
            for (double rate : rates) {
                for (int seed = 1; seed <= seeds; seed++) {
                    ModelConfig config =
                            new ModelConfig(
                                    tokenizer.vocabSize(),
                                    width,
                                    width * 8 / 3,
                                    2,
                                    4,
                                    128,
                                    10000.0,
                                    1e-6,
                                    seed);
                    PpoSettings trainer =
                            PpoSettings.method()
                                    .withLearningRate(rate)
                                    .withOptimizerSteps(4)
                                    .withLimits(48, 16)
                                    .withMaxTokensPerForward(16 * 64);
                    long t0 = System.nanoTime();
                    try (NeuralModel model = NeuralModel.create(config, tokenizer, trainer)) {
                        double kl =
                                model.train(batch(seed, config.vocabSize()), new SplittableRandom(seed))
                                        .metrics()
                                        .get("ppo_kl");
                        System.out.println(
                                String.format(
                                        Locale.ROOT,
                                        "{\"width\": %d, \"parameters\": %d, \"learning_rate\": %.1e,"
                                                + " \"seed\": %d, \"ppo_kl\": %.6e, \"seconds\": %.1f}",
                                        width,
                                        config.parameterCount(),
                                        rate,
                                        seed,
                                        kl,
                                        (System.nanoTime() - t0) / 1e9));
                    }
                }
            }
        }
    }

    private static List<PpoSample> batch(long seed, int vocab) {
        SplittableRandom rng = new SplittableRandom(1000 + seed);
        List<PpoSample> rows = new ArrayList<>();
        for (int r = 0; r < 16; r++) {
            rows.add(
                    new TrainingSequence(
                            tokens(rng, 48, vocab), tokens(rng, 16, vocab), r % 2 == 0 ? 1 : -1));
        }
        return rows;
    }

    private static int[] tokens(SplittableRandom rng, int n, int vocab) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = 3 + rng.nextInt(vocab - 3);
        }
        return t;
    }

    private static int[] ints(String list) {
        String[] parts = list.split(",");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Integer.parseInt(parts[i].strip());
        }
        return out;
    }

    private static double[] doubles(String list) {
        String[] parts = list.split(",");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Double.parseDouble(parts[i].strip());
        }
        return out;
    }
}
