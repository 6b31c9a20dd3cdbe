package org.rlanything.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.rlanything.core.Candidate;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.Slot;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.loop.LoopState;

/**
 * The run folder's checkpoints: {@code checkpoints/iter-NNNNNN/} holding {@code loop.json} (the
 * loop state with tasks encoded by the environment's codec), {@code policy/} and {@code
 * reward_model/}.
 *
 * <p>A checkpoint is written into {@code .tmp-iter-NNNNNN}, every file is forced to disk, and the
 * folder is renamed into place: a checkpoint folder without the prefix is complete by construction,
 * so a kill at any moment leaves either the previous checkpoints or the new one, never a
 * half-written one. Only the newest {@code keep} checkpoints are kept.
 */
public final class Checkpoints {

    private static final Pattern NAME = Pattern.compile("iter-(\\d{6})");

    private final Path root;

    public Checkpoints(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Writes a checkpoint of {@code state} and the models; returns its folder. */
    public Path save(
            LoopState state,
            RunComponents components,
            int keep,
            CheckpointManifest.Identity identity)
            throws IOException {
        Files.createDirectories(root);
        String name = String.format("iter-%06d", state.iteration());
        Path temp = root.resolve(".tmp-" + name);
        AtomicFiles.deleteTree(temp);
        Files.createDirectories(temp.resolve("policy"));
        Files.createDirectories(temp.resolve("reward_model"));
        Files.writeString(
                temp.resolve("loop.json"),
                JsonlLog.JSON
                        .writerWithDefaultPrettyPrinter()
                        .writeValueAsString(encode(state, components.codec())),
                StandardCharsets.UTF_8);
        components.policyState().saveTo(temp.resolve("policy"));
        KillPoint.reach(
                "checkpoint-write", state.iteration()); // half a checkpoint in .tmp-iter-NNNNNN
        components.rewardModelState().saveTo(temp.resolve("reward_model"));
        CheckpointManifest.write(temp, state.iteration(), identity);
        AtomicFiles.syncTree(temp);
        Path target = root.resolve(name);
        AtomicFiles.deleteTree(target);
        AtomicFiles.move(temp, target);
        KillPoint.reach(
                "checkpoint-prune",
                state.iteration()); // renamed into place, old ones not yet pruned
        List<Path> all = list();
        for (int i = 0; i < all.size() - keep; i++) {
            AtomicFiles.deleteTree(all.get(i));
        }
        return target;
    }

    /** The complete checkpoints, oldest first. */
    public List<Path> list() throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return found;
        }
        try (Stream<Path> children = Files.list(root)) {
            children.filter(p -> NAME.matcher(p.getFileName().toString()).matches())
                    .filter(p -> Files.isRegularFile(p.resolve("loop.json")))
                    .sorted()
                    .forEach(found::add);
        }
        return found;
    }

    public Optional<Path> latest() throws IOException {
        List<Path> all = list();
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    /** Removes leftovers of a checkpoint that was being written when the process died. */
    public void removeIncomplete() throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> children = Files.list(root)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                if (child.getFileName().toString().startsWith(".tmp-")) {
                    AtomicFiles.deleteTree(child);
                }
            }
        }
    }

    /**
     * Checks a checkpoint against its manifest and {@code identity} (the run it must belong to),
     * then loads it into the models and returns its loop state. A damaged or foreign checkpoint is
     * refused with a {@link RunFolderException} naming the file; {@code remedy} is added to its
     * message.
     */
    public static LoopState load(
            Path checkpoint,
            RunComponents components,
            CheckpointManifest.Identity identity,
            String remedy)
            throws IOException {
        Path loopFile = checkpoint.resolve("loop.json");
        if (!Files.isRegularFile(loopFile)) {
            throw new RunFolderException(
                    checkpoint + " is not a checkpoint: it has no loop.json. " + remedy);
        }
        verify(checkpoint, identity, remedy);
        LoopState state;
        try {
            state = decode(JsonlLog.JSON.readTree(loopFile.toFile()), components.codec());
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    "The checkpoint file " + loopFile + " is corrupt: " + e.getMessage(), e);
        }
        if (state.iteration() != iterationOf(checkpoint) || state.seed() != identity.seed()) {
            throw new RunFolderException(
                    "The checkpoint file "
                            + loopFile
                            + " holds iteration "
                            + state.iteration()
                            + " of seed "
                            + state.seed()
                            + ", but its folder is iteration "
                            + iterationOf(checkpoint)
                            + " of a run of seed "
                            + identity.seed()
                            + ". "
                            + remedy);
        }
        for (String part : List.of("policy", "reward_model")) {
            try {
                (part.equals("policy") ? components.policyState() : components.rewardModelState())
                        .loadFrom(checkpoint.resolve(part));
            } catch (IOException | RuntimeException e) {
                throw new RunFolderException(
                        "The checkpoint's "
                                + part
                                + " in "
                                + checkpoint.resolve(part)
                                + " cannot be loaded: "
                                + org.rlanything.cli.Main.describe(e)
                                + ". "
                                + remedy,
                        e);
            }
        }
        return state;
    }

    /**
     * Checks a checkpoint's files against its manifest and {@code identity}; refuses naming what
     * differs.
     */
    public static void verify(Path checkpoint, CheckpointManifest.Identity identity, String remedy)
            throws IOException {
        try {
            if (!CheckpointManifest.verify(checkpoint, iterationOf(checkpoint), identity)) {
                System.err.println(
                        "rlanything: note: the checkpoint "
                                + checkpoint
                                + " has no manifest.json (written"
                                + " by an older rlanything); it is loaded without checks.");
            }
        } catch (CheckpointManifest.Foreign e) {
            throw new RunFolderException(
                    "The checkpoint "
                            + checkpoint
                            + " does not belong to this run: "
                            + e.getMessage()
                            + ". "
                            + remedy,
                    e);
        } catch (CheckpointManifest.Damaged e) {
            throw new RunFolderException(
                    "The checkpoint "
                            + checkpoint
                            + " is damaged: "
                            + e.getMessage()
                            + ". "
                            + remedy,
                    e);
        }
    }

    /** The iteration a checkpoint folder holds. */
    public static int iterationOf(Path checkpoint) {
        Matcher matcher = NAME.matcher(checkpoint.getFileName().toString());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(
                    checkpoint + " is not named like a checkpoint (iter-NNNNNN).");
        }
        return Integer.parseInt(matcher.group(1));
    }

    static ObjectNode encode(LoopState state, TaskCodec codec) {
        ObjectNode root = JsonlLog.JSON.createObjectNode();
        root.put("format", "rlanything-loop-state/1");
        root.put("seed", state.seed());
        root.put("iteration", state.iteration());
        root.put("accepted_total", state.acceptedTotal());
        root.put("rejected_total", state.rejectedTotal());
        ArrayNode slots = root.putArray("slots");
        for (Slot slot : state.slots()) {
            ObjectNode node = slots.addObject();
            ArrayNode history = node.putArray("history");
            for (Task task : slot.history()) {
                history.add(codec.encode(task));
            }
            Candidate pending = slot.pending();
            if (pending != null) {
                ObjectNode candidate = node.putObject("pending");
                candidate.put("task", codec.encode(pending.task()));
                candidate.put("goal", pending.goal().name());
                candidate.put("previous_accuracy", pending.previousAccuracy());
                candidate.put("created_at", pending.createdAt());
            }
        }
        return root;
    }

    static LoopState decode(JsonNode root, TaskCodec codec) {
        if (!"rlanything-loop-state/1".equals(root.path("format").asText())) {
            throw new IllegalArgumentException(
                    "unknown format '"
                            + root.path("format").asText()
                            + "', expected rlanything-loop-state/1");
        }
        List<Slot> slots = new ArrayList<>();
        for (JsonNode node : root.withArray("slots")) {
            int index = slots.size();
            List<Task> history = new ArrayList<>();
            for (JsonNode task : node.withArray("history")) {
                history.add(codec.decode(task.asText()));
            }
            Candidate pending = null;
            JsonNode candidate = node.get("pending");
            if (candidate != null) {
                pending =
                        new Candidate(
                                index,
                                codec.decode(candidate.get("task").asText()),
                                RewriteGoal.valueOf(candidate.get("goal").asText()),
                                candidate.get("previous_accuracy").asDouble(),
                                candidate.get("created_at").asInt());
            }
            slots.add(new Slot(index, history, pending));
        }
        return new LoopState(
                root.get("seed").asLong(),
                root.get("iteration").asInt(),
                slots,
                root.get("accepted_total").asLong(),
                root.get("rejected_total").asLong());
    }
}
