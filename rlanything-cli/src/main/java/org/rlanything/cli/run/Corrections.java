package org.rlanything.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code RUN/corrections.jsonl}: a person's corrections of the judge's verdicts, made with {@code
 * rlanything review}. Append-only, one JSON object a line; a line names a step of {@code
 * trajectories.jsonl} by {@code iteration}, {@code slot} (the saved trajectory), {@code task} (its
 * task id, checked) and {@code step} (0-based index), and either sets {@code verdict} (+1 or -1,
 * with an optional {@code note}) or, with {@code "undo": true}, takes back that step's latest
 * correction. Per step the corrections form a stack: the one on top is in force.
 *
 * <p>Every read checks the whole file: a line that is not such an object, a last line without its
 * newline, an undo with nothing to undo, or a line naming a step that {@code trajectories.jsonl}
 * does not hold is refused with a {@link RunFolderException} naming the file and line. A write is
 * checked the same way before anything is written, then appended in one forced write under a file
 * lock, so two reviewers on one run never interleave their lines.
 */
public final class Corrections {

    public static final String FILE = "corrections.jsonl";

    private final JsonlLog log;

    public Corrections(Path file) {
        this.log = new JsonlLog(file);
    }

    public Path file() {
        return log.file();
    }

    /** A step of {@code trajectories.jsonl}: iteration, saved trajectory slot, 0-based step. */
    public record StepKey(int iteration, int slot, int step) {
        @Override
        public String toString() {
            return iteration + "/" + slot + "/" + step;
        }
    }

    /** One line of the file. {@code verdict} is 0 for an undo. */
    public record Correction(
            StepKey step, String task, int verdict, String note, boolean undo, String time) {

        /** The line as written to the file. */
        public ObjectNode toJson() {
            ObjectNode line = JsonlLog.JSON.createObjectNode();
            line.put("iteration", step.iteration());
            line.put("slot", step.slot());
            line.put("task", task);
            line.put("step", step.step());
            if (undo) {
                line.put("undo", true);
            } else {
                line.put("verdict", verdict);
                if (note != null && !note.isEmpty()) {
                    line.put("note", note);
                }
            }
            line.put("time", time);
            return line;
        }

        /** A correction setting {@code verdict}, stamped now. */
        public static Correction set(StepKey step, String task, int verdict, String note) {
            return new Correction(step, task, verdict, note == null ? "" : note, false, now());
        }

        /** An undo of the step's latest correction, stamped now. */
        public static Correction undo(StepKey step, String task) {
            return new Correction(step, task, 0, "", true, now());
        }

        private static String now() {
            return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        }
    }

    /**
     * The corrections in force, per step (in the order first corrected), after checking the whole
     * file against {@code trajectories} (the lines of trajectories.jsonl).
     */
    public Map<StepKey, Correction> inForce(List<JsonNode> trajectories) throws IOException {
        return fold(read(), trajectories, null);
    }

    /**
     * The corrections in force, as {@link #inForce} reads them, under a shared lock on the file: a
     * reader in another process (a run reading the file while {@code review} appends to it) never
     * sees half a line. Also returns the length read.
     */
    public Snapshot snapshot(List<JsonNode> trajectories) throws IOException {
        if (!Files.exists(log.file())) {
            return new Snapshot(Map.of(), 0);
        }
        try (FileChannel channel = FileChannel.open(log.file(), StandardOpenOption.READ);
                FileLock lock = channel.lock(0, Long.MAX_VALUE, true)) {
            long size = channel.size();
            return new Snapshot(inForce(trajectories), size);
        }
    }

    /** The corrections in force and the bytes of the file they were read from. */
    public record Snapshot(Map<StepKey, Correction> inForce, long bytes) {}

    /** Every line of the file, checked for form (not yet against the trajectories). */
    public List<Correction> read() throws IOException {
        List<Correction> out = new ArrayList<>();
        if (Files.exists(log.file())
                && Files.isRegularFile(log.file())
                && Files.size(log.file()) > 0) {
            byte[] bytes = Files.readAllBytes(log.file());
            if (bytes[bytes.length - 1] != '\n') {
                int lines = 1;
                for (byte b : bytes) {
                    lines += b == '\n' ? 1 : 0;
                }
                throw log.corrupt(lines, "the last line has no newline (a torn write)", null);
            }
        }
        for (JsonlLog.Line line : log.lines()) {
            out.add(parse(line));
        }
        return out;
    }

    /**
     * Checks {@code correction} against the file and {@code trajectories}, then appends it (one
     * forced write under a file lock); nothing is written when a check fails.
     */
    public synchronized Map<StepKey, Correction> append(
            Correction correction, List<JsonNode> trajectories) throws IOException {
        try (FileChannel channel =
                        FileChannel.open(
                                log.file(),
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE,
                                StandardOpenOption.APPEND);
                FileLock lock = channel.lock()) {
            List<Correction> all = read();
            Map<StepKey, Correction> after = fold(all, trajectories, correction);
            byte[] bytes =
                    (JsonlLog.JSON.writeValueAsString(correction.toJson()) + "\n")
                            .getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(false);
            return after;
        }
    }

    /** Replays the lines (and {@code extra}, the line about to be written) into the stacks. */
    private Map<StepKey, Correction> fold(
            List<Correction> lines, List<JsonNode> trajectories, Correction extra) {
        Map<StepKey, Deque<Correction>> stacks = new LinkedHashMap<>();
        List<Correction> all = new ArrayList<>(lines);
        if (extra != null) {
            all.add(extra);
        }
        for (int i = 0; i < all.size(); i++) {
            Correction c = all.get(i);
            int lineNumber = i + 1;
            String where =
                    i < lines.size()
                            ? log.file() + ", line " + lineNumber + ": "
                            : "The correction was refused (nothing was written to "
                                    + log.file()
                                    + "): ";
            String problem = checkStep(c, trajectories);
            if (problem != null) {
                throw new RunFolderException(where + problem);
            }
            Deque<Correction> stack = stacks.computeIfAbsent(c.step(), k -> new ArrayDeque<>());
            if (c.undo()) {
                if (stack.isEmpty()) {
                    throw new RunFolderException(
                            where
                                    + "an undo of step "
                                    + c.step()
                                    + ", which has no correction to undo.");
                }
                stack.pop();
            } else {
                stack.push(c);
            }
        }
        Map<StepKey, Correction> inForce = new LinkedHashMap<>();
        stacks.forEach(
                (step, stack) -> {
                    if (!stack.isEmpty()) {
                        inForce.put(step, stack.peek());
                    }
                });
        return inForce;
    }

    /** Null when the step exists in {@code trajectories} with that task, else what is wrong. */
    static String checkStep(Correction c, List<JsonNode> trajectories) {
        StepKey k = c.step();
        for (JsonNode t : trajectories) {
            if (t.path("iteration").asInt() == k.iteration()
                    && t.path("slot").asInt() == k.slot()) {
                if (!t.path("task").asText().equals(c.task())) {
                    return "the saved trajectory of iteration "
                            + k.iteration()
                            + ", slot "
                            + k.slot()
                            + " is of task \""
                            + t.path("task").asText()
                            + "\", not \""
                            + c.task()
                            + "\" as the correction names.";
                }
                int steps = t.path("steps").size();
                if (k.step() < 0 || k.step() >= steps) {
                    return "step "
                            + k.step()
                            + " does not exist: the saved trajectory of iteration "
                            + k.iteration()
                            + ", slot "
                            + k.slot()
                            + " has steps 0 to "
                            + (steps - 1)
                            + ".";
                }
                return null;
            }
        }
        return "trajectories.jsonl holds no saved trajectory of iteration "
                + k.iteration()
                + ", slot "
                + k.slot()
                + " (the correction names a step that does not exist).";
    }

    private Correction parse(JsonlLog.Line line) {
        JsonNode j = line.json();
        for (String key : List.of("slot", "step")) {
            if (!j.path(key).canConvertToExactIntegral()) {
                throw log.corrupt(line.number(), "expected an integer \"" + key + "\"", null);
            }
        }
        if (!j.path("task").isTextual()) {
            throw log.corrupt(line.number(), "expected a string \"task\"", null);
        }
        boolean undo = j.path("undo").asBoolean(false);
        int verdict = j.path("verdict").asInt(0);
        if (!undo
                && (!j.path("verdict").canConvertToExactIntegral()
                        || (verdict != 1 && verdict != -1))) {
            throw log.corrupt(
                    line.number(), "expected \"verdict\": 1 or -1 (or \"undo\": true)", null);
        }
        return new Correction(
                new StepKey(
                        j.path("iteration").asInt(),
                        j.path("slot").asInt(),
                        j.path("step").asInt()),
                j.path("task").asText(),
                undo ? 0 : verdict,
                j.path("note").asText(""),
                undo,
                j.path("time").asText(""));
    }
}
