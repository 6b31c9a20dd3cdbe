package org.rlanything.run;

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
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code RUN/corrections.jsonl}: a person's corrections of the judge's verdicts, made with {@code
 * rlanything review}. Append-only, one JSON object a line; a line names a step of {@code
 * trajectories.jsonl} by {@code iteration}, {@code slot} (the saved trajectory), {@code task} (its
 * task id, checked) and {@code step} (0-based index), and either sets {@code verdict} (+1 or -1,
 * with an optional {@code note}) or, with {@code "undo": true}, takes back that step's latest
 * correction. Per step the corrections form a stack: the one on top is in force.
 *
 * <p>Every read checks the whole file: a line that is not such an object, a last line without its
 * newline, or an undo with nothing to undo is refused with a {@link RunFolderException} naming the
 * file and line (the file is damaged). A correction whose step {@code trajectories.jsonl} does not
 * hold is never an error, since a resume rolls the logs back to the last checkpoint and the run
 * saves the same trajectories again when it gets there: it is {@linkplain Standing#WAITING waiting}
 * while its iteration is not saved, and {@linkplain Standing#SET_ASIDE set aside} (kept in the
 * file, not used, with the reason) when its iteration is saved but holds no such step of that task.
 * A write must name a step that exists now (an undo only a correction to take back), is checked
 * before anything is written, then appended in one forced write under a file lock, so two reviewers
 * on one run never interleave their lines. Nothing is ever removed from the file.
 */
public final class Corrections {

    public static final String FILE = "corrections.jsonl";

    /**
     * One lock per file within this JVM, held around the file lock: a JVM may hold only one lock on
     * a file region at a time, and the review server serves requests on several threads.
     */
    private static final ConcurrentMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

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
     * Where a correction on top of its step's stack stands: in force, waiting for its iteration to
     * be saved again (after a resume rolled the logs back), or set aside (its iteration is saved
     * but holds no such step of its task).
     */
    public enum Standing {
        IN_FORCE,
        WAITING,
        SET_ASIDE;

        /** The name the API and the page use: in_force, waiting, set_aside. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The correction on top of a step's stack, the line of the file that wrote it (from 1), where
     * it stands and why (empty when in force).
     */
    public record Status(Correction correction, int line, Standing standing, String reason) {

        /** The correction's line with its standing, for the API. */
        public ObjectNode toJson() {
            ObjectNode json = correction.toJson();
            json.put("line", line);
            json.put("standing", standing.key());
            if (!reason.isEmpty()) {
                json.put("reason", reason);
            }
            return json;
        }
    }

    /**
     * The top correction of every corrected step (in the order first corrected), with its standing.
     */
    public record State(List<Status> all) {

        /** The corrections in force, per step. */
        public Map<StepKey, Correction> inForce() {
            Map<StepKey, Correction> out = new LinkedHashMap<>();
            for (Status s : all) {
                if (s.standing() == Standing.IN_FORCE) {
                    out.put(s.correction().step(), s.correction());
                }
            }
            return out;
        }

        /** The corrections that stand as {@code standing}. */
        public List<Status> standing(Standing standing) {
            return all.stream().filter(s -> s.standing() == standing).toList();
        }
    }

    /**
     * The corrections in force, per step (in the order first corrected), after checking the whole
     * file; those whose step {@code trajectories} (the lines of trajectories.jsonl) does not hold
     * are left out (see {@link #state}).
     */
    public Map<StepKey, Correction> inForce(List<JsonNode> trajectories) throws IOException {
        return state(trajectories).inForce();
    }

    /** Every corrected step's top correction with where it stands against {@code trajectories}. */
    public State state(List<JsonNode> trajectories) throws IOException {
        return fold(read(), trajectories, null);
    }

    /**
     * The corrections in force, as {@link #inForce} reads them, under a shared lock on the file: a
     * reader in another process (a run reading the file while {@code review} appends to it) never
     * sees half a line. Also returns the length read.
     */
    public Snapshot snapshot(List<JsonNode> trajectories) throws IOException {
        if (!Files.exists(log.file())) {
            return new Snapshot(new State(List.of()), 0);
        }
        ReentrantLock local = inProcessLock();
        local.lock();
        try (FileChannel channel = FileChannel.open(log.file(), StandardOpenOption.READ);
                FileLock lock = channel.lock(0, Long.MAX_VALUE, true)) {
            long size = channel.size();
            return new Snapshot(state(trajectories), size);
        } finally {
            local.unlock();
        }
    }

    private ReentrantLock inProcessLock() {
        return IN_PROCESS.computeIfAbsent(
                log.file().toAbsolutePath().normalize(), k -> new ReentrantLock());
    }

    /** The corrections' state and the bytes of the file they were read from. */
    public record Snapshot(State state, long bytes) {

        /** The corrections in force, per step. */
        public Map<StepKey, Correction> inForce() {
            return state.inForce();
        }
    }

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
    public Map<StepKey, Correction> append(Correction correction, List<JsonNode> trajectories)
            throws IOException {
        ReentrantLock local = inProcessLock();
        local.lock();
        try (FileChannel channel =
                        FileChannel.open(
                                log.file(),
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE,
                                StandardOpenOption.APPEND);
                FileLock lock = channel.lock()) {
            List<Correction> all = read();
            Map<StepKey, Correction> after = fold(all, trajectories, correction).inForce();
            byte[] bytes =
                    (JsonlLog.JSON.writeValueAsString(correction.toJson()) + "\n")
                            .getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(false);
            return after;
        } finally {
            local.unlock();
        }
    }

    /**
     * Replays the lines (and {@code extra}, the line about to be written) into the stacks, then
     * says where each stack's top stands. Only damage is refused for the file's own lines (an undo
     * with nothing to undo); {@code extra} must also name a step that exists (an undo, a correction
     * to take back).
     */
    private State fold(List<Correction> lines, List<JsonNode> trajectories, Correction extra) {
        Map<StepKey, Deque<Correction>> stacks = new LinkedHashMap<>();
        Map<Correction, Integer> lineOf = new java.util.IdentityHashMap<>();
        List<Correction> all = new ArrayList<>(lines);
        if (extra != null) {
            all.add(extra);
        }
        for (int i = 0; i < all.size(); i++) {
            Correction c = all.get(i);
            int lineNumber = i + 1;
            lineOf.put(c, lineNumber);
            boolean written = i < lines.size();
            String where =
                    written
                            ? log.file() + ", line " + lineNumber + ": "
                            : "The correction was refused (nothing was written to "
                                    + log.file()
                                    + "): ";
            if (!written && !c.undo()) {
                String problem = checkStep(c, trajectories);
                if (problem != null) {
                    throw new RunFolderException(where + problem);
                }
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
                if (!written && !stack.peek().task().equals(c.task())) {
                    throw new RunFolderException(
                            where
                                    + "the correction of step "
                                    + c.step()
                                    + " is of task \""
                                    + stack.peek().task()
                                    + "\", not \""
                                    + c.task()
                                    + "\" as the undo names.");
                }
                stack.pop();
            } else {
                stack.push(c);
            }
        }
        int saved = -1; // the latest iteration trajectories.jsonl holds
        for (JsonNode t : trajectories) {
            saved = Math.max(saved, t.path("iteration").asInt());
        }
        List<Status> out = new ArrayList<>();
        for (Deque<Correction> stack : stacks.values()) {
            if (stack.isEmpty()) {
                continue;
            }
            Correction top = stack.peek();
            String problem = checkStep(top, trajectories);
            Standing standing =
                    problem == null
                            ? Standing.IN_FORCE
                            : iterationSaved(trajectories, top.step().iteration())
                                    ? Standing.SET_ASIDE
                                    : Standing.WAITING;
            String reason =
                    switch (standing) {
                        case IN_FORCE -> "";
                        case WAITING ->
                                "waiting: its iteration was rolled back (trajectories.jsonl"
                                        + (saved < 0
                                                ? " holds no iteration yet"
                                                : " ends at iteration " + saved)
                                        + "); it applies again when the run saves iteration "
                                        + top.step().iteration()
                                        + " again.";
                        case SET_ASIDE ->
                                "set aside: " + problem + " It is kept in the file and not used.";
                    };
            out.add(new Status(top, lineOf.get(top), standing, reason));
        }
        return new State(List.copyOf(out));
    }

    private static boolean iterationSaved(List<JsonNode> trajectories, int iteration) {
        for (JsonNode t : trajectories) {
            if (t.path("iteration").asInt() == iteration) {
                return true;
            }
        }
        return false;
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

    /**
     * Whether {@code value} is a whole number from 0 to {@link Integer#MAX_VALUE} (an iteration,
     * slot or step index; a larger one would wrap when read as an int).
     */
    public static boolean isIndex(JsonNode value) {
        return value.canConvertToExactIntegral() && value.canConvertToInt() && value.asLong() >= 0;
    }

    private Correction parse(JsonlLog.Line line) {
        JsonNode j = line.json();
        for (String key : List.of("iteration", "slot", "step")) {
            if (!isIndex(j.path(key))) {
                throw log.corrupt(
                        line.number(),
                        "expected \""
                                + key
                                + "\" to be a whole number from 0 to "
                                + Integer.MAX_VALUE,
                        null);
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
