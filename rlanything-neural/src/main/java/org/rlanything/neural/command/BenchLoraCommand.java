package org.rlanything.neural.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.bench.LoraBenchmark;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.Parallel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench lora}: one policy update of one batch and sampling on a random model with
 * Qwen2.5-0.5B's shapes (494M parameters, float32), with LoRA adapters ({@code --rank}) or full
 * fine-tuning ({@code --rank 0}): seconds, peak resident memory of the process, sampling tokens/s.
 * Run each mode in its own process: the peak is the process's.
 */
@Command(
        name = "lora",
        mixinStandardHelpOptions = true,
        description =
                "One PPO update of one batch and KV-cache sampling on a random Qwen2.5-0.5B-shaped model"
                        + " (LoRA of --rank r, or full fine-tuning with --rank 0): seconds, peak memory, tokens/s."
                        + " One JSON line last.")
public final class BenchLoraCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec CommandSpec spec;

    @Option(
            names = "--rank",
            defaultValue = "16",
            description = "LoRA rank; 0 trains every weight (default ${DEFAULT-VALUE}).")
    int rank;

    @Option(
            names = "--rows",
            defaultValue = "8",
            description = "Rows of the training batch (default ${DEFAULT-VALUE}).")
    int rows;

    @Option(
            names = "--prompt",
            defaultValue = "256",
            description = "Prompt tokens per row (default ${DEFAULT-VALUE}).")
    int prompt;

    @Option(
            names = "--response",
            defaultValue = "32",
            description = "Trained response tokens per row (default ${DEFAULT-VALUE}).")
    int response;

    @Option(
            names = "--sample-rows",
            defaultValue = "8",
            description = "Rows sampled together (default ${DEFAULT-VALUE}).")
    int sampleRows;

    @Option(
            names = "--new-tokens",
            defaultValue = "32",
            description = "Tokens generated per sampled row (default ${DEFAULT-VALUE}).")
    int newTokens;

    @Option(
            names = "--positions",
            defaultValue = "1024",
            description = "Rotary table length (default ${DEFAULT-VALUE}).")
    int positions;

    @Option(
            names = "--threads",
            defaultValue = "1",
            description =
                    "Native threads (model copies for micro-batches; default ${DEFAULT-VALUE}).")
    int threads;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Seed of weights, adapters and tokens (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--model",
            description =
                    "A model folder (Hugging Face, imported or a checkpoint) to time instead of the"
                            + " random Qwen2.5-0.5B-shaped model.")
    java.nio.file.Path model;

    @Option(
            names = "--save",
            description =
                    "Save the model after the update as a checkpoint in this folder (a LoRA"
                            + " checkpoint of --model: its adapters and trainer state).")
    java.nio.file.Path save;

    @Option(
            names = "--recompute-layers",
            description =
                    "Recompute the decoder layers in the backward pass (recompute_layers: true):"
                            + " far less memory for one more forward pass.")
    boolean recomputeLayers;

    @Option(
            names = "--base-dtype",
            defaultValue = "f32",
            description =
                    "f16 holds the LoRA model's frozen projections in float16 (base_dtype: f16;"
                            + " default ${DEFAULT-VALUE}).")
    String baseDtype;

    @Override
    public Integer call() throws Exception {
        if (!baseDtype.equals("f32") && !baseDtype.equals("f16")) {
            throw new org.rlanything.core.BadInputException(
                    "--base-dtype must be f32 or f16, got " + baseDtype + ".");
        }
        PrintWriter out = spec.commandLine().getOut();
        Parallel.setThreads(threads);
        ModelConfig config =
                model != null
                        ? org.rlanything.neural.checkpoint.HfCheckpoint.config(model)
                        : LoraBenchmark.qwen25HalfB(positions);
        out.printf(
                (model != null ? model + ": " : "random Qwen2.5-0.5B-shaped ")
                        + "model (%,d parameters, float32), %s; batch %d x (%d + %d) tokens%n",
                config.parameterCount(),
                rank > 0 ? "LoRA rank " + rank : "full fine-tuning",
                rows,
                prompt,
                response);
        Map<String, Object> r =
                LoraBenchmark.run(
                        new LoraBenchmark.Settings(
                                config,
                                rank,
                                rows,
                                prompt,
                                response,
                                sampleRows,
                                newTokens,
                                seed,
                                model,
                                save,
                                recomputeLayers,
                                baseDtype.equals("f16")));
        out.printf("device: %s%n", r.get("device"));
        out.printf("trainable parameters: %,d%n", (Long) r.get("trainable_parameters"));
        out.printf("one policy update of one batch: %.1f s%n", (Double) r.get("update_s"));
        out.printf(
                "resident memory: %.2f GiB before the update, %.2f GiB at its peak; process peak %.2f GiB%n",
                gib(r.get("rss_before_update_bytes")),
                gib(r.get("update_peak_rss_bytes")),
                gib(r.get("peak_rss_bytes")));
        out.printf(
                "sampling (%d rows x %d new tokens, KV cache): %.1f s, of which the prompt pass %.1f s;"
                        + " %.2f tokens/s overall, %.2f tokens/s decoding%n",
                sampleRows,
                newTokens,
                (Double) r.get("sampling_s"),
                (Double) r.get("prompt_pass_s"),
                (Double) r.get("sampling_tokens_per_s"),
                (Double) r.get("decode_tokens_per_s"));
        r.put("rank", rank);
        r.put("rows", rows);
        r.put("prompt_tokens", prompt);
        r.put("response_tokens", response);
        r.put("threads", threads);
        out.println(new ObjectMapper().writeValueAsString(r));
        return 0;
    }

    private static double gib(Object bytes) {
        return ((Number) bytes).longValue() / (double) (1L << 30);
    }
}
