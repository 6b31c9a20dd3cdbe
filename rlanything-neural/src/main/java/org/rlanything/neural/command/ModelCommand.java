package org.rlanything.neural.command;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.io.MemorySteps;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.ModelIds;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.checkpoint.WeightFiles;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.TextTokenizer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything model export|import}: moves a neural model between this project's checkpoints
 * and Hugging Face model folders ({@code LlamaForCausalLM}, {@code Qwen2ForCausalLM}, {@code
 * Qwen3ForCausalLM}, with the project's tokenizer or the model's own); a LoRA checkpoint exports
 * merged, or with {@code --adapter} in PEFT's layout.
 */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description = "Exports a neural checkpoint as a Hugging Face model folder, or imports one.",
        subcommands = {
            ModelCommand.Export.class,
            ModelCommand.Import.class,
            PlanCommand.class,
            ScoreCommand.class
        })
public final class ModelCommand implements CommandProvider, Runnable {

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code rlanything model export CHECKPOINT --to DIR}. */
    @Command(
            name = "export",
            mixinStandardHelpOptions = true,
            description =
                    "Writes the model of a neural checkpoint (for example runs/x/checkpoints/iter-000020/policy"
                            + " or models/alfworld-start-10086/policy) as a Hugging Face model folder (for transformers'"
                            + " AutoModelForCausalLM and AutoTokenizer): config.json, model.safetensors, tokenizer.json,"
                            + " tokenizer_config.json, generation_config.json (and manifest.json). Optimizer state is left out.")
    static final class Export implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Parameters(
                paramLabel = "CHECKPOINT",
                description = "A neural checkpoint folder (with manifest.json).")
        private Path checkpoint;

        @Option(
                names = "--to",
                required = true,
                description = "Output folder (refused if it exists).")
        private Path to;

        @Option(
                names = "--adapter",
                description =
                        "For a LoRA checkpoint: write its adapters in PEFT's folder layout"
                                + " (adapter_config.json, adapter_model.safetensors, tokenizer files) instead of"
                                + " the merged model.")
        private boolean adapter;

        @Option(
                names = "--dtype",
                description =
                        "The dtype of the exported weights: bf16 or f32 (default: the dtype"
                                + " the weights are stored in; a LoRA checkpoint's merged weights take its"
                                + " base's).")
        private String dtype;

        @Override
        public Integer call() throws IOException {
            if (adapter) {
                exportAdapter(checkpoint, to);
                spec.commandLine().getOut().println("PEFT adapter folder written to " + to);
                return 0;
            }
            MemorySteps.during("export", () -> export(checkpoint, to, dtype));
            spec.commandLine().getOut().println("Hugging Face model folder written to " + to);
            return 0;
        }
    }

    /** {@code rlanything model import --from DIR --to CHECKPOINT}. */
    @Command(
            name = "import",
            mixinStandardHelpOptions = true,
            description =
                    "Reads a Hugging Face model folder (LlamaForCausalLM with Llama 3's rope scaling,"
                            + " Qwen2ForCausalLM, Qwen3ForCausalLM: grouped-query attention, q/k/v biases, q/k norms,"
                            + " tied embeddings; F32/F64/BF16/F16 safetensors, one file or shards) with its own"
                            + " tokenizer.json, tokenizer_config.json (chat template) and generation_config.json, and"
                            + " writes it as a neural checkpoint that policy.init or reward_model.init can start from.")
    static final class Import implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Option(names = "--from", required = true, description = "The Hugging Face model folder.")
        private Path from;

        @Option(
                names = "--to",
                required = true,
                description = "Output checkpoint folder (refused if it exists).")
        private Path to;

        @Option(
                names = "--model-id",
                description =
                        "The model's id (such as meta-llama/Llama-3.2-1B), recorded in config.json's"
                                + " _name_or_path and named by PEFT adapters trained on it (default: the"
                                + " folder's own _name_or_path when it is an id).")
        private String modelId;

        @Override
        public Integer call() throws IOException {
            MemorySteps.during("import", () -> importFolder(from, to, modelId));
            spec.commandLine().getOut().println("neural checkpoint written to " + to);
            return 0;
        }
    }

    /**
     * A LoRA checkpoint's adapters and tokenizer files in PEFT's folder layout; the base model is
     * verified by its digest, not loaded.
     */
    private static void exportAdapter(Path from, Path to) throws IOException {
        refuseExisting(to);
        if (!Checkpoint.holdsAdapters(from)) {
            throw new org.rlanything.core.BadInputException(
                    from + " holds no LoRA adapters; export it without --adapter.");
        }
        try {
            Checkpoint.LoraParts parts = Checkpoint.loraParts(from);
            try (TextTokenizer tokenizer = parts.tokenizer()) {
                ModelWeights.checkAdapters(
                        parts.config(), parts.lora(), parts.adapters(), from.toString());
                java.util.Map<String, byte[]> files =
                        new java.util.LinkedHashMap<>(
                                PeftAdapter.files(
                                        parts.lora(),
                                        parts.adapters(),
                                        ModelIds.of(parts.base().folder())));
                files.putAll(tokenizer.files(parts.config().maxPositions()));
                AtomicFiles.makeFolder(
                        to,
                        temp -> {
                            Files.createDirectories(temp);
                            for (var f : files.entrySet()) {
                                Files.write(temp.resolve(f.getKey()), f.getValue());
                            }
                        });
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }

    /**
     * Imports a Hugging Face folder without loading the model: the configuration, the tokenizer and
     * every tensor's name, shape and dtype are checked, then the weights are copied in their stored
     * dtype by streaming (so memory does not grow with the model).
     */
    static void importFolder(Path from, Path to, String modelId) throws IOException {
        refuseExisting(to);
        if (modelId != null && !ModelIds.isId(modelId)) {
            throw new org.rlanything.core.BadInputException(
                    "--model-id " + modelId + " is not a model id of the form owner/name.");
        }
        try {
            ModelConfig config = HfCheckpoint.config(from);
            try (TextTokenizer tokenizer = HfCheckpoint.tokenizer(from, config);
                    WeightFiles.Opened files = WeightFiles.open(from)) {
                Map<String, StoredTensor> tensors = HfCheckpoint.modelTensors(config, files);
                try {
                    ModelWeights.checkTensors(ModelWeights.layout(config), tensors, files.source());
                } catch (IllegalArgumentException e) {
                    throw new CheckpointException(
                            "The weights of "
                                    + from
                                    + " do not fit "
                                    + from.resolve(Checkpoint.CONFIG)
                                    + ": "
                                    + e.getMessage(),
                            e);
                }
                Map<String, StoredTensor> checked = new java.util.LinkedHashMap<>();
                tensors.forEach(
                        (name, t) ->
                                checked.put(
                                        name,
                                        org.rlanything.neural.io.FiniteValues.checked(
                                                t, name, files.source())));
                Checkpoint.saveTensors(
                        to,
                        config,
                        checked,
                        tokenizer,
                        modelId != null ? modelId : ModelIds.recorded(from));
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }

    /**
     * Exports a checkpoint: a plain one by copying its stored tensors (converted when {@code dtype}
     * differs), a LoRA one by merging each projection as it is written.
     */
    static void export(Path from, Path to, String dtype) throws IOException {
        refuseExisting(to);
        String wanted = dtype == null ? null : storedDtype(dtype);
        if (!Checkpoint.holdsAdapters(from)) {
            try {
                Checkpoint.verify(from);
                ModelConfig config = HfCheckpoint.config(from);
                try (TextTokenizer tokenizer = HfCheckpoint.tokenizer(from, config);
                        WeightFiles.Opened files = WeightFiles.open(from)) {
                    if (wanted == null || wanted.equals(files.mainDtype())) {
                        // the stored tensors as they are: streamed, never loaded
                        String problem = tokenizer.huggingFaceProblem();
                        if (problem != null) {
                            throw new org.rlanything.core.BadInputException(
                                    "The tokenizer of " + from + " cannot be exported: " + problem);
                        }
                        Checkpoint.saveTensors(
                                to, config, files.tensors(), tokenizer, ModelIds.recorded(from));
                        return;
                    }
                }
            } catch (CheckpointException e) {
                throw new org.rlanything.core.BadInputException(e.getMessage(), e);
            }
        }
        if (Checkpoint.holdsAdapters(from)) {
            exportMerged(from, to, wanted);
            return;
        }
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded loaded = Checkpoint.load(from, root, DataType.FLOAT32);
            try (var model = loaded.model();
                    var tokenizer = loaded.tokenizer()) {
                refuseTokenizer(from, tokenizer);
                String out = wanted != null ? wanted : "F32";
                Checkpoint.saveTensors(
                        to,
                        model.config(),
                        model.weights().toTensors(out),
                        tokenizer,
                        ModelIds.recorded(from));
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }

    /**
     * A LoRA checkpoint merged into its base, W + (alpha / r) B A, written in {@code wanted} (by
     * default the base's dtype when BF16, else float32) without loading the model: the base's
     * tensors are streamed and each adapted projection is merged as it is written.
     */
    private static void exportMerged(Path from, Path to, String wanted) throws IOException {
        try {
            Checkpoint.LoraParts parts = Checkpoint.loraParts(from);
            Path baseFolder = parts.base().folder();
            try (TextTokenizer tokenizer = parts.tokenizer();
                    WeightFiles.Opened files = WeightFiles.open(baseFolder);
                    NDManager root = NeuralRuntime.engine().newBaseManager()) {
                refuseTokenizer(from, tokenizer);
                if (!HfCheckpoint.config(baseFolder).equals(parts.config())) {
                    throw new CheckpointException(
                            "The LoRA checkpoint "
                                    + from
                                    + " describes another model than its base in "
                                    + baseFolder
                                    + ".");
                }
                Map<String, StoredTensor> base = HfCheckpoint.modelTensors(parts.config(), files);
                try {
                    ModelWeights.checkTensors(
                            ModelWeights.layout(parts.config()), base, files.source());
                    ModelWeights.checkAdapters(
                            parts.config(), parts.lora(), parts.adapters(), from.toString());
                } catch (IllegalArgumentException e) {
                    throw new CheckpointException(e.getMessage(), e);
                }
                // BF16 stays BF16; anything else is written as float32
                String out =
                        wanted != null ? wanted : files.mainDtype().equals("BF16") ? "BF16" : "F32";
                Checkpoint.saveTensors(
                        to,
                        parts.config(),
                        ModelWeights.merged(base, parts.lora(), parts.adapters(), out, root),
                        tokenizer,
                        ModelIds.recorded(baseFolder));
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }

    private static void refuseTokenizer(Path from, TextTokenizer tokenizer) {
        String problem = tokenizer.huggingFaceProblem();
        if (problem != null) {
            throw new org.rlanything.core.BadInputException(
                    "The tokenizer of " + from + " cannot be exported: " + problem);
        }
    }

    private static String storedDtype(String option) {
        return switch (option.toLowerCase(java.util.Locale.ROOT)) {
            case "bf16", "bfloat16" -> "BF16";
            case "f32", "float32" -> "F32";
            default ->
                    throw new org.rlanything.core.BadInputException(
                            "--dtype " + option + ": expected bf16 or f32.");
        };
    }

    /**
     * Refuses an output folder that exists, or whose parent is no folder this process can write in
     * (checked by making and deleting a folder there, so that the refusal names {@code --to}, not a
     * temporary folder the write would have made).
     */
    private static void refuseExisting(Path to) {
        if (Files.exists(to)) {
            throw new org.rlanything.core.BadInputException(
                    "The output folder " + to + " already exists; choose another --to.");
        }
        Path parent = to.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new org.rlanything.core.BadInputException(
                    "--to " + to + ": the folder " + parent + " does not exist.");
        }
        try {
            Files.delete(Files.createTempDirectory(parent, ".rlanything-check-"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new org.rlanything.core.BadInputException(
                    "--to "
                            + to
                            + ": nothing can be written in "
                            + parent
                            + " ("
                            + e.getClass().getSimpleName()
                            + (e instanceof java.nio.file.FileSystemException fs
                                            && fs.getReason() != null
                                    ? ": " + fs.getReason()
                                    : "")
                            + ").",
                    e);
        }
    }
}
