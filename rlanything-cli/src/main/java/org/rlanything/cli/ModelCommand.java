package org.rlanything.cli;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.io.CheckpointException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything model export|import}: moves a neural model between this project's checkpoints
 * and Hugging Face model folders ({@code LlamaForCausalLM} / {@code Qwen2ForCausalLM} with the
 * project's tokenizer).
 */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description = "Exports a neural checkpoint as a Hugging Face model folder, or imports one.",
        subcommands = {ModelCommand.Export.class, ModelCommand.Import.class})
final class ModelCommand implements Runnable {

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

        @Override
        public Integer call() throws IOException {
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
                    "Reads a Hugging Face model folder (LlamaForCausalLM or Qwen2ForCausalLM: grouped-query"
                            + " attention, q/k/v biases, tied embeddings; F32/F64/BF16/F16 safetensors, one file or shards) whose"
                            + " tokenizer.json is one this project wrote, and writes it as a neural checkpoint that"
                            + " trainer.policy_init or trainer.reward_model_init can start from.")
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

    private static void convert(Path from, Path to, boolean fromHuggingFace) throws IOException {
        if (Files.exists(to)) {
            throw new IllegalArgumentException(
                    "The output folder " + to + " already exists; choose another --to.");
        }
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded loaded =
                    fromHuggingFace
                            ? HfCheckpoint.load(from, root, DataType.FLOAT32)
                            : Checkpoint.load(from, root, DataType.FLOAT32);
            try (var model = loaded.model()) {
                String problem = loaded.tokenizer().huggingFaceProblem();
                if (!fromHuggingFace && problem != null) {
                    throw new IllegalArgumentException(
                            "The tokenizer of " + from + " cannot be exported: " + problem);
                }
                Checkpoint.save(to, model, loaded.tokenizer(), null, null);
            }
        } catch (CheckpointException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
