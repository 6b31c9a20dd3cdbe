package org.rlanything.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.run.Backends;
import org.rlanything.run.CheckpointManifest;
import org.rlanything.run.Checkpoints;
import org.rlanything.run.RunComponents;
import org.rlanything.run.RunFolder;
import org.rlanything.run.RunFolderException;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
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

    /** How often a checkpoint pruned while it was read is replaced by the run's newer one. */
    private static final int ATTEMPTS = 20;

    @Override
    public Integer call() throws Exception {
        boolean explicit = Checkpoints.isNamedLikeCheckpoint(target.toAbsolutePath().normalize());
        RunFolder folder =
                explicit
                        ? new RunFolder(target.toAbsolutePath().normalize().getParent().getParent())
                        : new RunFolder(target);
        if (!Files.isRegularFile(folder.config())) {
            throw new org.rlanything.core.BadInputException(
                    (explicit ? "The checkpoint " + target + " is not in a run folder: " : "")
                            + folder.root()
                            + (Files.isDirectory(folder.root())
                                    ? " is not a run folder: it has no config.yaml"
                                    : " is not a run folder")
                            + " (give a run folder, or a checkpoint RUN/checkpoints/iter-NNNNNN).");
        }
        RunConfig config = ConfigLoader.loadRecorded(folder.config(), List.of());
        try {
            return evaluate(folder, config, explicit);
        } finally {
            if (components != null) {
                components.close(); // a remote environment's process ends with the command
            }
        }
    }

    /** The run's components, made once a checkpoint is chosen (a refusal costs none). */
    private RunComponents components;

    private int evaluate(RunFolder folder, RunConfig config, boolean explicit) throws Exception {
        CheckpointManifest.Identity identity = CheckpointManifest.Identity.of(config);
        for (int attempt = 1; ; attempt++) {
            Path checkpoint =
                    explicit
                            ? folder.checkpoints()
                                    .root()
                                    .resolve(target.toAbsolutePath().normalize().getFileName())
                            : newest(folder);
            String remedy =
                    explicit
                            ? "Evaluate another checkpoint of the run (kept: " + kept(folder) + ")."
                            : remedy(folder.checkpoints().previous(checkpoint));
            if (components == null) {
                components = Backends.create(config);
            }
            try {
                Checkpoints.loadSnapshot(checkpoint, components, identity, remedy);
            } catch (Checkpoints.Vanished e) {
                if (explicit || attempt >= ATTEMPTS) {
                    throw new RunFolderException(
                            e.getMessage()
                                    + ". Evaluate a newer checkpoint (kept: "
                                    + kept(folder)
                                    + ").",
                            e);
                }
                continue; // the run moved on: evaluate its newest checkpoint now
            }
            print(checkpoint, config, components);
            return 0;
        }
    }

    /** The run's newest checkpoint, which run.json must vouch for. */
    private Path newest(RunFolder folder) throws java.io.IOException {
        if (!folder.record().exists()) {
            List<Path> all = folder.checkpoints().list();
            throw folder.record()
                    .missing(
                            all.isEmpty()
                                    ? "No checkpoint is kept."
                                    : "Name the checkpoint to evaluate: 'rlanything eval "
                                            + all.get(all.size() - 1)
                                            + "' (the newest kept).");
        }
        return folder.checkpoints()
                .newest(folder.record(), EvalCommand::remedy)
                .orElseThrow(
                        () ->
                                new RunFolderException(
                                        folder.root()
                                                + " has no checkpoint yet (its run writes the first"
                                                + " after its first iteration)."));
    }

    private static String remedy(Path previous) {
        return previous == null
                ? "No earlier checkpoint is kept."
                : "The previous checkpoint "
                        + previous
                        + " is kept: evaluate it with 'rlanything eval "
                        + previous
                        + "'.";
    }

    private static String kept(RunFolder folder) throws java.io.IOException {
        List<Path> all = folder.checkpoints().list();
        return all.isEmpty()
                ? "none"
                : String.join(", ", all.stream().map(p -> p.getFileName().toString()).toList());
    }

    private void print(Path checkpoint, RunConfig config, RunComponents components)
            throws java.io.IOException {
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
    }
}
