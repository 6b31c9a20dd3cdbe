package org.rlanything.neural.command;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelWeights;
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
        subcommands = {ModelCommand.Export.class, ModelCommand.Import.class})
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

        @Override
        public Integer call() throws IOException {
            if (adapter) {
                exportAdapter(checkpoint, to);
                spec.commandLine().getOut().println("PEFT adapter folder written to " + to);
                return 0;
            }
            convert(checkpoint, to, false);
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

        @Override
        public Integer call() throws IOException {
            convert(from, to, true);
            spec.commandLine().getOut().println("neural checkpoint written to " + to);
            return 0;
        }
    }

    /** A LoRA checkpoint's adapters and tokenizer files in PEFT's folder layout. */
    private static void exportAdapter(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            throw new org.rlanything.core.BadInputException(
                    "The output folder " + to + " already exists; choose another --to.");
        }
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded loaded = Checkpoint.load(from, root, DataType.FLOAT32);
            try (var model = loaded.model();
                    var tokenizer = loaded.tokenizer()) {
                if (model.weights().lora() == null) {
                    throw new org.rlanything.core.BadInputException(
                            from + " holds no LoRA adapters; export it without --adapter.");
                }
                java.util.Map<String, byte[]> files =
                        new java.util.LinkedHashMap<>(
                                PeftAdapter.files(
                                        model.weights(), loaded.loraBase().folder().toString()));
                files.putAll(tokenizer.files(model.config().maxPositions()));
                Path temp =
                        Files.createTempDirectory(
                                to.toAbsolutePath().getParent(), "." + to.getFileName() + ".");
                for (var f : files.entrySet()) {
                    Files.write(temp.resolve(f.getKey()), f.getValue());
                }
                Files.move(temp, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }

    private static void convert(Path from, Path to, boolean fromHuggingFace) throws IOException {
        if (Files.exists(to)) {
            throw new org.rlanything.core.BadInputException(
                    "The output folder " + to + " already exists; choose another --to.");
        }
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded loaded =
                    fromHuggingFace
                            ? HfCheckpoint.load(from, root, DataType.FLOAT32)
                            : Checkpoint.load(from, root, DataType.FLOAT32);
            try (var model = loaded.model();
                    var tokenizer = loaded.tokenizer()) {
                String problem = tokenizer.huggingFaceProblem();
                if (!fromHuggingFace && problem != null) {
                    throw new org.rlanything.core.BadInputException(
                            "The tokenizer of " + from + " cannot be exported: " + problem);
                }
                if (model.weights().lora() == null) {
                    Checkpoint.save(to, model, tokenizer, null, null);
                } else {
                    // a LoRA checkpoint exports as one plain model: W + alpha/r B A
                    try (var merged =
                            new LlamaModel(
                                    ModelWeights.fromTensors(
                                            model.config(),
                                            DataType.FLOAT32,
                                            model.weights().mergedTensors(),
                                            root,
                                            from + " merged"))) {
                        Checkpoint.save(to, merged, tokenizer, null, null);
                    }
                }
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
    }
}
