package org.rlanything.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.rlanything.neural.bench.ModelBenchmark;
import org.rlanything.neural.model.ModelConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench model}: training tokens/s (forward + backward, and a full PPO update), sampling
 * tokens/s with the KV cache, and achieved FLOP rate as a fraction of this machine's matrix-multiply
 * peak measured in the same run. DJL runs offline with one PyTorch thread unless {@code -D} options of
 * the JVM say otherwise.
 */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Benchmark the neural policy/reward model (DJL, PyTorch CPU).")
public final class BenchModelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--vocab", defaultValue = "512", description = "Vocabulary size (default ${DEFAULT-VALUE}).")
    int vocab;

    @Option(names = "--hidden", defaultValue = "128", description = "Hidden size (default ${DEFAULT-VALUE}).")
    int hidden;

    @Option(names = "--ffn", defaultValue = "344", description = "SwiGLU inner size (default ${DEFAULT-VALUE}).")
    int ffn;

    @Option(names = "--layers", defaultValue = "4", description = "Decoder layers (default ${DEFAULT-VALUE}).")
    int layers;

    @Option(names = "--heads", defaultValue = "4", description = "Attention heads (default ${DEFAULT-VALUE}).")
    int heads;

    @Option(names = "--train-rows", defaultValue = "16", description = "Rows per training batch (default ${DEFAULT-VALUE}).")
    int trainRows;

    @Option(names = "--train-length", defaultValue = "128", description = "Tokens per training row (default ${DEFAULT-VALUE}).")
    int trainLength;

    @Option(names = "--sample-rows", defaultValue = "16", description = "Rows sampled together (default ${DEFAULT-VALUE}).")
    int sampleRows;

    @Option(names = "--prompt", defaultValue = "96", description = "Prompt tokens per sampled row (default ${DEFAULT-VALUE}).")
    int prompt;

    @Option(names = "--new-tokens", defaultValue = "32", description = "Generated tokens per row (default ${DEFAULT-VALUE}).")
    int newTokens;

    @Option(names = "--repeats", defaultValue = "3", description = "Timed repetitions; the best counts (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() {
        if (trainRows <= 0 || trainLength < 2 || sampleRows <= 0 || prompt <= 0 || newTokens <= 0 || repeats <= 0) {
            throw new IllegalArgumentException("Batch sizes, lengths and repeats must be positive (train length at least 2).");
        }
        int positions = Math.max(trainLength, prompt + newTokens);
        ModelConfig config = new ModelConfig(vocab, hidden, ffn, layers, heads, positions, 10000.0, 1e-6, 1L);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("model: %,d parameters (vocab %d, hidden %d, ffn %d, layers %d, heads %d), float32, "
                        + "PyTorch threads %s intra / %s inter-op%n", config.parameterCount(), vocab, hidden, ffn, layers, heads,
                System.getProperty("ai.djl.pytorch.num_threads", "1"), System.getProperty("ai.djl.pytorch.num_interop_threads", "1"));
        out.flush();
        ModelBenchmark.Result r = ModelBenchmark.run(new ModelBenchmark.Settings(config, trainRows, trainLength,
                sampleRows, prompt, newTokens, repeats));
        out.printf("matmul peak: %.1f GFLOP/s (float32, best square size %d)%n", r.matmulPeakFlops() / 1e9, r.matmulPeakSize());
        out.printf("training, forward+backward (%d x %d tokens): %,.0f tokens/s, %.1f GFLOP/s = %.3f of matmul peak%n",
                trainRows, trainLength, r.trainTokensPerSecond(), r.trainFlops() / 1e9, r.trainFractionOfPeak());
        out.printf("training, full PPO update (same batch; log pi_old pass, forward+backward, AdamW): %,.0f sequence tokens/s%n", r.ppoUpdateTokensPerSecond());
        out.printf("sampling with KV cache (%d rows, %d-token prompts, %d new tokens): %,.0f tokens/s, %.1f GFLOP/s = %.3f of matmul peak%n",
                sampleRows, prompt, newTokens, r.sampleTokensPerSecond(), r.sampleFlops() / 1e9, r.sampleFractionOfPeak());
        out.flush();
        return 0;
    }
}
