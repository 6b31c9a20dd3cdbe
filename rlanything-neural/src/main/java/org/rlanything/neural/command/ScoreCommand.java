package org.rlanything.neural.command;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rlanything.neural.NeuralRuntime;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.PeftAdapter;
import org.rlanything.neural.infer.SequenceScorer;
import org.rlanything.neural.io.CheckpointException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything model score FOLDER --prompt TEXT --response TEXT [--adapter PEFT_FOLDER]}: the
 * log-probability of each response token after the prompt, so that a model can be compared with its
 * export (a merged folder, or the base with a PEFT adapter) after a reload.
 */
@Command(
        name = "score",
        mixinStandardHelpOptions = true,
        description =
                "Prints the log-probabilities of a response's tokens after a prompt (the folder's own"
                        + " tokenizer, no special tokens added), for comparing a model with its export.")
final class ScoreCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "FOLDER", description = "A checkpoint or Hugging Face model folder.")
    private Path folder;

    @Option(names = "--adapter", description = "A PEFT adapter folder to apply to FOLDER's model.")
    private Path adapter;

    @Option(names = "--prompt", required = true)
    private String prompt;

    @Option(names = "--response", required = true)
    private String response;

    @Override
    public Integer call() throws IOException {
        try (NDManager root = NeuralRuntime.engine().newBaseManager()) {
            Checkpoint.Loaded loaded = Checkpoint.loadFolder(folder, root, DataType.FLOAT32);
            try (var model = loaded.model();
                    var tokenizer = loaded.tokenizer()) {
                if (adapter != null) {
                    PeftAdapter.Read read =
                            PeftAdapter.read(
                                    Files.readAllBytes(adapter.resolve(PeftAdapter.CONFIG)),
                                    Files.readAllBytes(adapter.resolve(PeftAdapter.WEIGHTS)),
                                    adapter.toString());
                    model.weights().loadLora(read.lora(), read.tensors(), adapter.toString());
                }
                double[] logProbs =
                        new SequenceScorer(model)
                                .score(
                                        List.of(tokenizer.encode(prompt)),
                                        List.of(tokenizer.encode(response)))
                                .get(0);
                PrintWriter out = spec.commandLine().getOut();
                double sum = 0;
                for (double lp : logProbs) {
                    out.printf(java.util.Locale.ROOT, "%.9f%n", lp);
                    sum += lp;
                }
                out.printf(java.util.Locale.ROOT, "sum %.9f%n", sum);
            }
        } catch (CheckpointException e) {
            throw new org.rlanything.core.BadInputException(e.getMessage(), e);
        }
        return 0;
    }
}
