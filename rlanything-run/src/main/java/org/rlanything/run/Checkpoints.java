package org.rlanything.run;

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

    /**
     * Writes a checkpoint of {@code state} and the models, with the {@code logs} as they stand in
     * its manifest; records it in {@code record} once it is in place; returns its folder.
     */
    public Path save(
            LoopState state,
            RunComponents components,
            int keep,
            CheckpointManifest.Identity identity,
            LogLedger logs,
            RunRecord record)
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
        CheckpointManifest.write(temp, state.iteration(), identity, logs.toJson());
        AtomicFiles.syncTree(temp);
        Path target = root.resolve(name);
        AtomicFiles.deleteTree(target);
        AtomicFiles.move(temp, target);
        record.write(state.iteration());
        KillPoint.reach(
                "checkpoint-prune",
                state.iteration()); // renamed into place, old ones not yet pruned
        List<Path> all = list();
        for (int i = 0; i < all.size() - keep; i++) {
            AtomicFiles.deleteTree(all.get(i));
        }
        return target;
    }

    /**
     * The checkpoints, oldest first: every entry named {@code iter-NNNNNN}, whole or not (a
     * checkpoint is checked when it is used, so that a damaged newest one is refused rather than
     * passed over).
     */
    public List<Path> list() throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return found;
        }
        if (!Files.isDirectory(root)) {
            throw new RunFolderException(
                    root + " is not a folder: it should hold the run's checkpoints (iter-NNNNNN).");
        }
        try (Stream<Path> children = Files.list(root)) {
            children.filter(p -> NAME.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .forEach(found::add);
        }
        return found;
    }

    public Optional<Path> latest() throws IOException {
        List<Path> all = list();
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    /**
     * The checkpoint a resume or an evaluation of the run uses: the newest in the folder, which
     * must not be older than the newest that {@code record} (the run's {@code run.json}) names;
     * empty when the run has none yet. A recorded checkpoint that is gone is refused naming it,
     * with {@code remedy} applied to the newest one still kept (null when none is).
     */
    public Optional<Path> newest(RunRecord record, java.util.function.Function<Path, String> remedy)
            throws IOException {
        int recorded = record.newestCheckpoint();
        List<Path> all = list();
        Path newest = all.isEmpty() ? null : all.get(all.size() - 1);
        if (recorded >= 0 && (newest == null || iterationOf(newest) < recorded)) {
            throw new RunFolderException(
                    "The run's newest checkpoint "
                            + root.resolve(String.format("iter-%06d", recorded))
                            + " (recorded in "
                            + record.file()
                            + ") is missing"
                            + (Files.isDirectory(root) ? "" : ", and so is the folder " + root)
                            + ". "
                            + remedy.apply(newest));
        }
        return Optional.ofNullable(newest);
    }

    /** The checkpoint kept just before {@code checkpoint}, or null. */
    public Path previous(Path checkpoint) throws IOException {
        Path previous = null;
        for (Path p : list()) {
            if (iterationOf(p) < iterationOf(checkpoint)) {
                previous = p;
            }
        }
        return previous;
    }

    /**
     * The checkpoint {@code name} names: {@code iter-NNNNNN}, or a path to such a folder of this
     * run; refused when it is not one of this run's checkpoints.
     */
    public Path named(String name) throws IOException {
        Path given = Path.of(name);
        Path checkpoint =
                given.getNameCount() == 1 ? root.resolve(name) : given.toAbsolutePath().normalize();
        if (!NAME.matcher(checkpoint.getFileName().toString()).matches()
                || !checkpoint.getParent().equals(root.toAbsolutePath().normalize())
                        && !checkpoint.getParent().equals(root)) {
            throw new org.rlanything.core.BadInputException(
                    "--from "
                            + name
                            + ": expected a checkpoint of this run, iter-NNNNNN (one of "
                            + names()
                            + ").");
        }
        if (!Files.exists(checkpoint, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new org.rlanything.core.BadInputException(
                    "--from "
                            + name
                            + ": "
                            + checkpoint
                            + " does not exist (kept: "
                            + names()
                            + ").");
        }
        return root.resolve(checkpoint.getFileName().toString());
    }

    private String names() throws IOException {
        List<Path> all = list();
        return all.isEmpty()
                ? "none is kept"
                : String.join(", ", all.stream().map(p -> p.getFileName().toString()).toList());
    }

    /**
     * Moves the checkpoints newer than {@code checkpoint} aside, as {@code discarded-iter-NNNNNN}
     * (a resume from an earlier checkpoint rewrites those iterations).
     */
    public void discardAfter(Path checkpoint) throws IOException {
        for (Path p : list()) {
            if (iterationOf(p) > iterationOf(checkpoint)) {
                Path aside = root.resolve("discarded-" + p.getFileName());
                AtomicFiles.deleteTree(aside);
                AtomicFiles.move(p, aside);
            }
        }
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
                                + IoErrors.describe(e)
                                + ". "
                                + remedy,
                        e);
            }
        }
        return state;
    }

    /**
     * As {@link #load}, for a checkpoint that a run still training may prune meanwhile: the
     * checkpoint's files are first hard-linked (copied where links cannot be made) into a private
     * temporary folder, and that snapshot is checked and loaded. A checkpoint's files are never
     * changed in place (a checkpoint is written elsewhere and renamed in, and pruning unlinks), so
     * a whole snapshot is a consistent one, whatever the run does after it was taken. Throws {@link
     * Vanished} when the checkpoint was removed before the snapshot was whole.
     */
    public static LoopState loadSnapshot(
            Path checkpoint,
            RunComponents components,
            CheckpointManifest.Identity identity,
            String remedy)
            throws IOException {
        KillPoint.reach("eval-read", iterationOf(checkpoint)); // chosen, not yet read
        if (Files.isSymbolicLink(checkpoint) || !Files.isDirectory(checkpoint)) {
            if (!Files.exists(checkpoint, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new Vanished(checkpoint);
            }
            verify(checkpoint, identity, remedy); // refused: not a folder
        }
        Path temp = Files.createTempDirectory("rlanything-eval-");
        try {
            Path snapshot = temp.resolve(checkpoint.getFileName().toString());
            try {
                link(checkpoint, snapshot);
            } catch (java.nio.file.NoSuchFileException | java.io.UncheckedIOException e) {
                if (!Files.exists(checkpoint)) {
                    throw new Vanished(checkpoint);
                }
                throw e;
            }
            KillPoint.reach("eval-load", iterationOf(checkpoint)); // linked, not yet loaded
            try {
                return load(snapshot, components, identity, remedy);
            } catch (RunFolderException e) {
                if (!Files.exists(checkpoint)) {
                    throw new Vanished(checkpoint);
                }
                throw new RunFolderException(
                        e.getMessage().replace(snapshot.toString(), checkpoint.toString()), e);
            }
        } finally {
            AtomicFiles.deleteTree(temp);
        }
    }

    /** Hard-links (or copies) every file of {@code from} into the new folder {@code to}. */
    private static void link(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        Files.createLink(target, path);
                    } catch (java.nio.file.NoSuchFileException e) {
                        throw e;
                    } catch (IOException | UnsupportedOperationException e) {
                        Files.copy(path, target); // another file system: a copy, checked the same
                    }
                }
            }
        }
    }

    /** A checkpoint that was removed (pruned by its run) while it was being read. */
    public static final class Vanished extends IOException {
        private static final long serialVersionUID = 1L;

        Vanished(Path checkpoint) {
            super(
                    checkpoint
                            + " was removed while it was read (its run, still training, pruned it)");
        }
    }

    /**
     * Checks a checkpoint's files against its manifest and {@code identity}; refuses naming what
     * differs.
     */
    public static void verify(Path checkpoint, CheckpointManifest.Identity identity, String remedy)
            throws IOException {
        if (Files.isSymbolicLink(checkpoint) || !Files.isDirectory(checkpoint)) {
            throw new RunFolderException(
                    "The checkpoint "
                            + checkpoint
                            + " is damaged: it is not a folder"
                            + (Files.isSymbolicLink(checkpoint)
                                    ? " but a symbolic link (the run writes its checkpoints as"
                                            + " folders)"
                                    : Files.exists(checkpoint) ? " (a file)" : " (it is gone)")
                            + ". "
                            + remedy);
        }
        try {
            CheckpointManifest.verify(checkpoint, iterationOf(checkpoint), identity);
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

    /** Whether {@code path} is named like a checkpoint folder ({@code iter-NNNNNN}). */
    public static boolean isNamedLikeCheckpoint(Path path) {
        return path.getFileName() != null && NAME.matcher(path.getFileName().toString()).matches();
    }

    /** The iteration a checkpoint folder holds. */
    public static int iterationOf(Path checkpoint) {
        Matcher matcher = NAME.matcher(checkpoint.getFileName().toString());
        if (!matcher.matches()) {
            throw new org.rlanything.core.BadInputException(
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
            throw new org.rlanything.core.BadInputException(
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
