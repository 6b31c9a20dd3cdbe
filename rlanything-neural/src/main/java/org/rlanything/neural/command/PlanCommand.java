package org.rlanything.neural.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.io.MemorySteps;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.WeightFiles;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.model.MemoryPlan;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything model plan FOLDER [--config RUN.yaml]}: the memory a model's import, loading, a
 * LoRA update and a full update need ({@link MemoryPlan}), at the batch shape of a run config's
 * {@code policy} section (or the options), against this machine's memory, and the heap setting to
 * use.
 */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description =
                "Prints the memory a model folder's import, loading, one LoRA update and one full"
                        + " update need (at a run config's policy batch shape when --config is given),"
                        + " and the heap setting to run with.")
final class PlanCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "FOLDER", description = "A Hugging Face model folder or a checkpoint.")
    private Path folder;

    @Option(
            names = "--config",
            description =
                    "A run config: its policy section's max_prompt_tokens + max_tokens (the row"
                            + " width), max_tokens_per_forward and lora_rank set the batch shape;"
                            + " kl_to_start > 0 adds the anchor's reference copy.")
    private Path config;

    @Option(names = "--rank", description = "LoRA rank (default: the config's, else 16).")
    private Integer rank;

    @Option(
            names = "--width",
            description = "Row width in tokens (default: the config's, else 216).")
    private Integer width;

    @Option(
            names = "--tokens-per-forward",
            description = "Padded tokens per forward pass (default: the config's, else 4096).")
    private Integer tokensPerForward;

    @Override
    public Integer call() throws IOException {
        positive("--rank", rank);
        positive("--width", width);
        positive("--tokens-per-forward", tokensPerForward);
        ModelConfig model;
        long stored;
        String dtype;
        try {
            model = HfCheckpoint.config(folder);
            if (WeightFiles.present(folder)) {
                try (WeightFiles.Opened files = WeightFiles.open(folder)) {
                    stored = files.tensors().values().stream().mapToLong(t -> t.byteSize()).sum();
                    dtype = files.mainDtype();
                }
            } else {
                // a config.json alone (planning before a download): its torch_dtype's size
                Map<?, ?> c =
                        new ObjectMapper()
                                .readValue(folder.resolve("config.json").toFile(), Map.class);
                dtype =
                        switch (String.valueOf(c.get("torch_dtype"))) {
                            case "bfloat16" -> "BF16";
                            case "float16" -> "F16";
                            default -> "F32";
                        };
                stored =
                        MemoryPlan.of(model, 16, 1, 1).parameters() * (dtype.equals("F32") ? 4 : 2);
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
        NeuralPolicyConfig policy = NeuralPolicyConfig.DEFAULTS;
        int r = 16;
        boolean anchored = false;
        if (config != null) {
            Map<?, ?> section = section(config, "policy");
            int prompt = intOr(section, "max_prompt_tokens", policy.maxPromptTokens());
            int reply = intOr(section, "max_tokens", policy.maxTokens());
            width = width != null ? width : prompt + reply;
            tokensPerForward =
                    tokensPerForward != null
                            ? tokensPerForward
                            : intOr(
                                    section,
                                    "max_tokens_per_forward",
                                    policy.maxTokensPerForward());
            r = intOr(section, "lora_rank", 0) > 0 ? intOr(section, "lora_rank", 0) : r;
            anchored = section.get("kl_to_start") instanceof Number k && k.doubleValue() > 0;
        }
        int w = width != null ? width : policy.maxPromptTokens() + policy.maxTokens();
        int t = tokensPerForward != null ? tokensPerForward : policy.maxTokensPerForward();
        positive("the row width (policy.max_prompt_tokens + policy.max_tokens)", w);
        positive("policy.max_tokens_per_forward", t);
        MemoryPlan plan = MemoryPlan.of(model, rank != null ? rank : r, w, t, anchored);
        MemoryPlan recomputed = MemoryPlan.of(model, rank != null ? rank : r, w, t, anchored, true);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "%s: %,d parameters, %s GB of %s weights on disk%n",
                folder, plan.parameters(), gb(stored), dtype);
        out.printf(
                "  import (streamed, %s kept):                %5s GiB%n",
                dtype, MemorySteps.gib(plan.importBytes()));
        out.printf(
                "  load for sampling (float32 weights):        %5s GiB%n",
                MemorySteps.gib(plan.loadBytes()));
        out.printf(
                "  one LoRA update (rank %d, %,d adapter parameters): %5s GiB%n",
                plan.rank(), plan.adapterParameters(), MemorySteps.gib(plan.loraUpdateBytes()));
        out.printf(
                "  one full update (AdamW):                    %5s GiB%n",
                MemorySteps.gib(plan.fullUpdateBytes()));
        out.printf(
                "  with recompute_layers: true (one more forward pass per update): LoRA %s GiB,"
                        + " full %s GiB%n",
                MemorySteps.gib(recomputed.loraUpdateBytes()),
                MemorySteps.gib(recomputed.fullUpdateBytes()));
        MemoryPlan half = MemoryPlan.of(model, rank != null ? rank : r, w, t, anchored, true, true);
        out.printf(
                "  with both and base_dtype: f16 (LoRA's frozen projections in float16): load %s"
                        + " GiB, LoRA %s GiB%n",
                MemorySteps.gib(half.loadBytes()), MemorySteps.gib(half.loraUpdateBytes()));
        out.printf(
                "  batch: rows of %d tokens, %d padded tokens per forward pass%n",
                plan.width(), plan.tokensPerForward());
        if (plan.anchored()) {
            out.println(
                    "  both updates count the anchor's reference copy (policy.kl_to_start > 0):"
                            + " the adapters under LoRA, every weight in a full update");
        }
        Map<?, ?> judgeSection = config != null ? section(config, "reward_model") : Map.of();
        if (judgeSection.get("init") instanceof String judgeInit
                && "neural".equals(judgeSection.get("kind"))) {
            Path judgeFolder = config.toAbsolutePath().getParent().resolve(judgeInit);
            if (!Files.isDirectory(judgeFolder)) {
                judgeFolder = Path.of(judgeInit);
            }
            ModelConfig judgeModel =
                    judgeFolder.normalize().equals(folder.normalize())
                            ? model
                            : configOf(judgeFolder);
            int judgeRank = intOr(judgeSection, "lora_rank", 0, "reward_model");
            MemoryPlan judge =
                    MemoryPlan.of(
                            judgeModel,
                            judgeRank > 0 ? judgeRank : 16,
                            w + intOr(judgeSection, "max_tokens", 10, "reward_model"),
                            intOr(judgeSection, "max_tokens_per_forward", 4096, "reward_model"),
                            judgeSection.get("kl_to_start") instanceof Number k
                                    && k.doubleValue() > 0,
                            Boolean.TRUE.equals(judgeSection.get("recompute_layers")),
                            "f16".equals(judgeSection.get("base_dtype")));
            Map<?, ?> policySection = section(config, "policy");
            MemoryPlan policyAsRun =
                    MemoryPlan.of(
                            model,
                            rank != null ? rank : r,
                            w,
                            t,
                            anchored,
                            Boolean.TRUE.equals(policySection.get("recompute_layers")),
                            "f16".equals(policySection.get("base_dtype")));
            boolean policyLora = intOr(section(config, "policy"), "lora_rank", 0, "policy") > 0;
            long whole = MemoryPlan.wholeProcess(policyAsRun, policyLora, judge, judgeRank > 0);
            out.printf(
                    "  the whole train process of %s (this policy and the judge in %s, each updated"
                            + " in turn, and the loop's own memory): %5s GiB%n",
                    config, judgeFolder, MemorySteps.gib(whole));
        }
        long total = MemoryPlan.physicalMemory();
        if (total > 0) {
            out.printf(
                    "  this machine: %s GiB of memory, %s GiB available now%n",
                    MemorySteps.gib(total), MemorySteps.gib(MemoryPlan.availableMemory()));
            if (recomputed.loraUpdateBytes() > total) {
                out.println(
                        "  a LoRA update cannot fit here: lower max_tokens_per_forward or the row width.");
            } else if (plan.loraUpdateBytes() > total) {
                out.println(
                        "  a LoRA update fits here only with recompute_layers: true (or lower"
                                + " max_tokens_per_forward or the row width).");
            } else if (plan.fullUpdateBytes() > total) {
                out.println("  a full update cannot fit here; train with LoRA (lora_rank).");
            }
        }
        out.println(
                "  heap: the weights live outside the Java heap; the launcher's default"
                        + " RLANYTHING_JAVA_OPTS=-Xmx2g suffices for the model (give the run's own"
                        + " needs on top).");
        return 0;
    }

    /** Refuses an option given as 0 or less (null: not given). */
    private static void positive(String option, Integer value) {
        if (value != null && value < 1) {
            throw new org.rlanything.core.BadInputException(
                    option + " must be at least 1, got " + value + ".");
        }
    }

    private static Map<?, ?> section(Path file, String name) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new org.rlanything.core.BadInputException("--config " + file + " is not a file.");
        }
        Map<?, ?> root = new ObjectMapper(new YAMLFactory()).readValue(file.toFile(), Map.class);
        return root != null && root.get(name) instanceof Map<?, ?> p ? p : Map.of();
    }

    private static ModelConfig configOf(Path folder) {
        try {
            return HfCheckpoint.config(folder);
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(
                    "reward_model.init: " + e.getMessage(), e);
        }
    }

    private static int intOr(Map<?, ?> section, String key, int fallback) {
        return intOr(section, key, fallback, "policy");
    }

    private static int intOr(Map<?, ?> section, String key, int fallback, String name) {
        Object v = section.get(key);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof Integer n) || n < 0) {
            throw new org.rlanything.core.BadInputException(
                    name + "." + key + " must be a whole number of at least 0, got " + v + ".");
        }
        return n;
    }

    private static String gb(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.2f", bytes / 1e9);
    }
}
