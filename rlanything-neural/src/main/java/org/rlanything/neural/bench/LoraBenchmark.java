package org.rlanything.neural.bench;

import ai.djl.ndarray.types.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.TrainingSequence;

/**
 * One policy update and sampling on a model of a real checkpoint's shapes with random weights
 * (Qwen2.5-0.5B's by default): seconds of one PPO update of one batch (one optimizer step: log
 * π_old, forward, backward, AdamW), with LoRA adapters or every weight trained, the process's peak
 * resident memory (which a JVM never gives back, so each mode runs in its own process), and
 * sampling tokens per second with the KV cache. Quality is not measured: the weights are random.
 */
public final class LoraBenchmark {

    /**
     * What to run.
     *
     * @param config the model's shapes
     * @param loraRank 0: full fine-tuning; r > 0: LoRA of rank r (alpha 2r)
     * @param rows rows of the training batch
     * @param promptTokens prompt tokens per row
     * @param responseTokens trained response tokens per row
     * @param sampleRows rows sampled together
     * @param newTokens tokens generated per sampled row
     * @param seed draws weights, adapters and tokens
     * @param model a model folder to load instead of a random model (null: random)
     * @param save a folder to save the trained model in (null: none)
     * @param recomputeLayers whether the update recomputes the layers ({@code recompute_layers})
     * @param halfBase whether the LoRA model holds its frozen projections in float16 ({@code
     *     base_dtype: f16})
     */
    public record Settings(
            ModelConfig config,
            int loraRank,
            int rows,
            int promptTokens,
            int responseTokens,
            int sampleRows,
            int newTokens,
            long seed,
            java.nio.file.Path model,
            java.nio.file.Path save,
            boolean recomputeLayers,
            boolean halfBase) {}

    private LoraBenchmark() {}

    /**
     * Qwen2.5-0.5B's shapes: 24 layers, hidden 896, 14 heads over 2 key/value heads, SwiGLU 4864, a
     * tied head over 151,936 ids, q/k/v biases.
     */
    public static ModelConfig qwen25HalfB(int positions) {
        return new ModelConfig(151936, 896, 4864, 24, 14, positions, 1000000.0, 1e-6, 1L)
                .withKeyValueHeads(2)
                .withBiasesAndTying(true, false, true);
    }

    /** Runs it; the figures by name (seconds, bytes, tokens/s, counts). */
    public static Map<String, Object> run(Settings s) throws java.io.IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("device", NeuralRuntime.device());
        out.put("parameters", s.config().parameterCount());
        PpoSettings trainer =
                PpoSettings.method()
                        .withLearningRate(1e-5)
                        .withOptimizerSteps(1)
                        .withLimits(s.promptTokens(), s.responseTokens())
                        .withMaxTokensPerForward(s.rows() * (s.promptTokens() + s.responseTokens()))
                        .toBuilder()
                        .recomputeLayers(s.recomputeLayers())
                        .halfPrecisionBase(s.halfBase() && s.loraRank() > 0)
                        .build();
        out.put("recompute_layers", s.recomputeLayers());
        out.put("base_dtype", s.halfBase() && s.loraRank() > 0 ? "f16" : "f32");
        long t0 = System.nanoTime();
        try (NeuralModel model =
                s.model() != null
                        ? NeuralModel.loadFolder(s.model(), trainer)
                        : NeuralModel.create(s.config(), BpeTokenizer.bytesOnly(), trainer)) {
            out.put("init_s", seconds(t0));
            if (s.loraRank() > 0) {
                model.enableLora(
                        new ModelWeights.Lora(s.loraRank(), 2.0 * s.loraRank()),
                        s.seed(),
                        s.model() != null
                                ? org.rlanything.neural.checkpoint.LoraBase.of(s.model())
                                : null);
            }
            long trainable =
                    model.model().weights().trainable().values().stream()
                            .mapToLong(a -> a.getShape().size())
                            .sum();
            out.put("trainable_parameters", trainable);
            SplittableRandom rng = new SplittableRandom(s.seed());
            List<PpoSample> batch = new ArrayList<>();
            for (int r = 0; r < s.rows(); r++) {
                batch.add(
                        new TrainingSequence(
                                tokens(rng, s.promptTokens(), s.config().vocabSize()),
                                tokens(rng, s.responseTokens(), s.config().vocabSize()),
                                r % 2 == 0 ? 1.0 : -1.0));
            }
            System.gc();
            out.put("rss_before_update_bytes", status("VmRSS:"));
            boolean reset = resetPeak();
            long u0 = System.nanoTime();
            model.train(batch, new SplittableRandom(s.seed() + 1));
            out.put("update_s", seconds(u0));
            out.put("update_peak_rss_bytes", reset ? status("VmHWM:") : -1L);
            if (s.save() != null) {
                long c0 = System.nanoTime();
                model.save(s.save(), Map.of());
                out.put("save_s", seconds(c0));
            }
            List<int[]> prompts = new ArrayList<>();
            List<RandomGenerator> rngs = new ArrayList<>();
            for (int r = 0; r < s.sampleRows(); r++) {
                prompts.add(tokens(rng, s.promptTokens(), s.config().vocabSize()));
            }
            // the prompt pass alone (one new token), then the whole sampling: their difference is
            // the per-token decoding with the KV cache
            double prefill = timeSampling(model, prompts, s.seed(), 1).seconds();
            Sampled all = timeSampling(model, prompts, s.seed(), s.newTokens());
            out.put("prompt_pass_s", prefill);
            out.put("sampling_s", all.seconds());
            out.put("sampled_tokens", all.tokens());
            out.put("sampling_tokens_per_s", all.tokens() / all.seconds());
            out.put(
                    "decode_tokens_per_s",
                    (all.tokens() - s.sampleRows()) / Math.max(1e-9, all.seconds() - prefill));
        }
        out.put("peak_rss_bytes", peakResidentBytes());
        out.put("dtype", DataType.FLOAT32.toString());
        return out;
    }

    private record Sampled(double seconds, long tokens) {}

    private static Sampled timeSampling(NeuralModel model, List<int[]> prompts, long seed, int n) {
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int r = 0; r < prompts.size(); r++) {
            rngs.add(new SplittableRandom(seed + 10 + r));
        }
        long t0 = System.nanoTime();
        // top-p 1 and no stop id in a random model's reach: every row writes n tokens
        List<Generation> g = model.generate(prompts, rngs, new SamplingConfig(1.0, 1.0, n));
        double t = seconds(t0);
        return new Sampled(t, g.stream().mapToLong(x -> x.tokens().length).sum());
    }

    /** Resets the kernel's peak-resident mark to the current size (Linux clear_refs 5). */
    private static boolean resetPeak() {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("/proc/self/clear_refs"), "5");
            return true;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    private static long status(String key) {
        try {
            for (String line :
                    java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static int[] tokens(SplittableRandom rng, int n, int vocab) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = 3 + rng.nextInt(vocab - 3);
        }
        return t;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** The process's peak resident set (VmHWM of /proc/self/status), or -1 where unknown. */
    public static long peakResidentBytes() {
        return status("VmHWM:");
    }
}
