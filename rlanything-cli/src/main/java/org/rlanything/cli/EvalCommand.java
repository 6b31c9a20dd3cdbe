package org.rlanything.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.rlanything.cli.config.ConfigLoader;
import org.rlanything.cli.config.RunConfig;
import org.rlanything.cli.run.Backends;
import org.rlanything.cli.run.CheckpointManifest;
import org.rlanything.cli.run.Checkpoints;
import org.rlanything.cli.run.RunComponents;
import org.rlanything.cli.run.RunFolder;
import org.rlanything.core.loop.RLAnythingLoop;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything eval RUN|CHECKPOINT}: evaluates a checkpoint's models and prints the figures as
 * JSON.
 */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description =
                "Evaluates the policy (and reward model) of a run's last checkpoint, or of one checkpoint"
                        + " folder, with the run's fixed evaluation seed; prints one JSON line.")
final class EvalCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(
            paramLabel = "RUN|CHECKPOINT",
            description = "A run folder or a checkpoints/iter-NNNNNN folder.")
    private Path target;

    @Override
    public Integer call() throws Exception {
        Path checkpoint;
        RunFolder folder;
        if (Files.isRegularFile(target.resolve("loop.json"))) {
            checkpoint = target;
            folder = new RunFolder(target.toAbsolutePath().getParent().getParent());
        } else {
            folder = new RunFolder(target);
            checkpoint =
                    folder.checkpoints()
                            .latest()
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    target
                                                            + " is neither a checkpoint nor a run folder with a complete checkpoint."));
        }
        if (!Files.isRegularFile(folder.config())) {
            throw new IllegalArgumentException(
                    "No config.yaml in the run folder " + folder.root() + ".");
        }
        RunConfig config = ConfigLoader.loadRecorded(folder.config(), List.of());
        RunComponents components = Backends.create(config);
        List<Path> all = folder.checkpoints().list();
        String remedy =
                "Evaluate another checkpoint of the run ("
                        + (all.isEmpty()
                                ? "none is kept"
                                : String.join(", ", all.stream().map(Path::toString).toList()))
                        + ").";
        Checkpoints.load(checkpoint, components, CheckpointManifest.Identity.of(config), remedy);
        Map<String, Double> figures =
                new TreeMap<>(
                        components
                                .evaluator()
                                .evaluate(
                                        Checkpoints.iterationOf(checkpoint),
                                        components.policy(),
                                        components.rewardModel(),
                                        RLAnythingLoop.evaluationSeed(config.trainer().seed())));
        Map<String, Object> line = new TreeMap<>(figures);
        line.put("checkpoint", checkpoint.toString());
        line.put("iteration", Checkpoints.iterationOf(checkpoint));
        PrintWriter out = spec.commandLine().getOut();
        out.println(new ObjectMapper().writeValueAsString(line));
        return 0;
    }
}
