package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the run's logs ({@code metrics.jsonl}, {@code timings.jsonl}, {@code pool.jsonl}, {@code
 * trajectories.jsonl}) hold so far: per log its length in bytes, the SHA-256 of those bytes and how
 * many lines each iteration has. Every append of the run goes through the ledger, and each
 * checkpoint's manifest records it, so that {@code train --resume} can check the logs against the
 * checkpoint it resumes: every iteration up to it present, once, in order, byte for byte as
 * written. A log that differs is refused naming the file and the first missing or extra iteration
 * (or, for an edited line, that its content changed); nothing is cut back before every log passed.
 *
 * <p>How and why: the digest is kept running (updated with each append, never re-read), so a
 * checkpoint costs no pass over logs that grow with the run; a resume reads each log once, which it
 * must do anyway to check it, and carries the digest on from there.
 */
public final class LogLedger {

    private final Map<String, Tally> tallies = new LinkedHashMap<>();

    /**
     * For a ledger built by {@link #verifyOrder}: the iteration the logs are cut back to, line by
     * line; -1 when they are cut back to the recorded lengths.
     */
    private int cutAfter = -1;

    /**
     * The run's corrections file ({@code rlanything review}), or null: not one of the cut-back
     * logs, since a person, not the run, appends to it, at any time. Each checkpoint records the
     * length and SHA-256 of its whole lines at that moment, and a resume checks that those bytes
     * are still the file's beginning: corrections are append-only (an undo is a line of its own).
     */
    private Path corrections;

    /** The bytes of the corrections file the loop has used so far, when it uses them. */
    private java.util.function.LongSupplier correctionsConsumed;

    private LogLedger(RunFolder folder) {
        this.corrections = folder.corrections().file();
    }

    /** The ledger of a run that has written nothing yet. */
    public static LogLedger empty(RunFolder folder) {
        LogLedger ledger = new LogLedger(folder);
        for (JsonlLog log : folder.logs()) {
            ledger.tallies.put(name(log), new Tally());
        }
        return ledger;
    }

    private static String name(JsonlLog log) {
        return log.file().getFileName().toString();
    }

    /**
     * From now on, checkpoints record the part of the corrections file that {@code consumed} says
     * the loop has used (rather than the whole lines the file holds at the checkpoint).
     */
    void recordCorrectionsConsumed(java.util.function.LongSupplier consumed) {
        this.correctionsConsumed = consumed;
    }

    /** Appends {@code lines} to {@code log} (forced to disk) and counts them. */
    public void append(JsonlLog log, List<? extends JsonNode> lines) {
        byte[] written = log.append(lines);
        Tally tally = tallies.computeIfAbsent(name(log), n -> new Tally());
        tally.add(written);
        for (JsonNode line : lines) {
            tally.count(line.path("iteration").asInt());
        }
    }

    /** The ledger as the manifest records it: {@code {"metrics.jsonl": {...}, ...}}. */
    ObjectNode toJson() {
        ObjectNode root = JsonlLog.JSON.createObjectNode();
        tallies.forEach((name, tally) -> root.set(name, tally.toJson()));
        if (corrections != null) {
            correctionsRecord().ifPresent(record -> root.set(Corrections.FILE, record));
        }
        return root;
    }

    /**
     * The corrections file's whole lines now: {@code {"bytes": n, "sha256": ...}}; empty when there
     * is no file (a run never reviewed records nothing, as before).
     */
    private java.util.Optional<ObjectNode> correctionsRecord() {
        try {
            if (!Files.isRegularFile(corrections)) {
                return java.util.Optional.empty();
            }
            byte[] bytes = Files.readAllBytes(corrections);
            int end = bytes.length;
            while (end > 0 && bytes[end - 1] != '\n') {
                end--;
            }
            if (correctionsConsumed != null) {
                end = (int) Math.min(end, correctionsConsumed.getAsLong());
            }
            Tally tally = new Tally();
            tally.add(java.util.Arrays.copyOf(bytes, end));
            ObjectNode node = JsonlLog.JSON.createObjectNode();
            node.put("bytes", tally.bytes);
            node.put("sha256", tally.sha256());
            return java.util.Optional.of(node);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("Cannot read " + corrections + ".", e);
        }
    }

    /**
     * Checks that the corrections file still begins with the bytes {@code recorded} (the manifest's
     * {@code corrections.jsonl} entry, if any) and that all of it reads as corrections; changes
     * nothing.
     */
    private static void verifyCorrections(
            RunFolder folder, JsonNode recorded, Path checkpoint, String remedy)
            throws IOException {
        Path file = folder.corrections().file();
        JsonNode entry = recorded.get(Corrections.FILE);
        if (entry != null) {
            long bytes = entry.path("bytes").asLong(-1);
            String sha256 = entry.path("sha256").asText();
            if (bytes < 0 || sha256.isEmpty()) {
                throw new RunFolderException(
                        "The checkpoint "
                                + checkpoint
                                + "'s manifest.json has an unreadable record of "
                                + Corrections.FILE
                                + " (the manifest is damaged). "
                                + remedy);
            }
            long size = Files.isRegularFile(file) ? Files.size(file) : -1;
            if (size < bytes || !prefixTally(file, bytes).sha256().equals(sha256)) {
                throw new RunFolderException(
                        file
                                + " does not match the checkpoint "
                                + checkpoint
                                + ": "
                                + (size < 0
                                        ? "the file is missing"
                                        : size < bytes
                                                ? "it is shorter than the "
                                                        + bytes
                                                        + " bytes recorded"
                                                : "its first " + bytes + " bytes changed")
                                + " (corrections are only appended; an undo is a line of its own)."
                                + " Nothing was changed. Restore the file from a copy, then run the command"
                                + " again. "
                                + remedy);
            }
        }
        folder.corrections().read();
    }

    /**
     * Checks every log of {@code folder} against {@code recorded} (the {@code logs} object of the
     * manifest of {@code checkpoint}, iteration {@code iteration}) and returns the ledger of the
     * checked part; changes nothing. A log that differs is refused with a {@link
     * RunFolderException} naming it, with {@code remedy} added. Lines after the recorded part must
     * all be of later iterations (what a run killed after its last checkpoint leaves); they are
     * dropped by {@link #cutBack}.
     */
    static LogLedger verify(
            RunFolder folder, JsonNode recorded, Path checkpoint, int iteration, String remedy)
            throws IOException {
        LogLedger ledger = new LogLedger(folder);
        verifyCorrections(folder, recorded, checkpoint, remedy);
        for (JsonlLog log : folder.logs()) {
            JsonNode entry = recorded.get(name(log));
            if (entry == null || !entry.isObject()) {
                throw new RunFolderException(
                        "The checkpoint "
                                + checkpoint
                                + "'s manifest.json records no "
                                + name(log)
                                + " (the manifest is damaged). "
                                + remedy);
            }
            ledger.tallies.put(name(log), verifyLog(log, entry, checkpoint, iteration, remedy));
        }
        return ledger;
    }

    /**
     * For checkpoints whose manifest records no logs (written before logs were recorded): checks
     * only the order of the lines up to {@code iteration} (metrics and timings one line per
     * iteration, with none missing; pool and trajectories in order), then the ledger is the one of
     * those lines.
     */
    static LogLedger verifyOrder(RunFolder folder, Path checkpoint, int iteration, String remedy)
            throws IOException {
        LogLedger ledger = new LogLedger(folder);
        ledger.cutAfter = iteration;
        folder.corrections().read();
        for (JsonlLog log : folder.logs()) {
            boolean onePerIteration =
                    log.file().equals(folder.metrics().file())
                            || log.file().equals(folder.timings().file());
            ledger.tallies.put(
                    name(log), orderedTally(log, onePerIteration, checkpoint, iteration, remedy));
        }
        return ledger;
    }

    /**
     * The tally of {@code log}'s lines up to {@code iteration}, checking their order (see {@link
     * #verifyOrder}).
     */
    private static Tally orderedTally(
            JsonlLog log, boolean onePerIteration, Path checkpoint, int iteration, String remedy)
            throws IOException {
        Tally tally = new Tally();
        int previous = Integer.MIN_VALUE;
        int later = -1; // the first line of an iteration after the checkpoint's
        for (JsonlLog.Line line : log.lines()) {
            int t = line.iteration();
            if (t > iteration) {
                later = later < 0 ? line.number() : later;
                continue;
            }
            checkInOrder(log, line, previous, later, onePerIteration, checkpoint, remedy);
            previous = t;
            tally.add((line.text() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            tally.count(t);
        }
        if (onePerIteration
                && previous != iteration
                && !(previous == Integer.MIN_VALUE && iteration == 0)) {
            throw mismatch(
                    log,
                    checkpoint,
                    "iteration "
                            + (previous == Integer.MIN_VALUE ? 1 : previous + 1)
                            + " is missing (the log ends "
                            + (previous == Integer.MIN_VALUE
                                    ? "without any line"
                                    : "at iteration " + previous)
                            + ")",
                    remedy);
        }
        return tally;
    }

    /**
     * "line N holds iteration T {@code where}: an extra or out-of-order line of iteration T", the
     * account of a line that stands where its iteration does not belong.
     */
    private static String outOfOrder(JsonlLog.Line line, String where) {
        return "line "
                + line.number()
                + " holds iteration "
                + line.iteration()
                + " "
                + where
                + ": an extra or out-of-order line of iteration "
                + line.iteration();
    }

    /**
     * Refuses {@code line} (of an iteration up to the checkpoint's) when it stands after a later
     * iteration's line ({@code later}, -1 if none), goes back, repeats or skips an iteration.
     */
    private static void checkInOrder(
            JsonlLog log,
            JsonlLog.Line line,
            int previous,
            int later,
            boolean onePerIteration,
            Path checkpoint,
            String remedy) {
        int t = line.iteration();
        if (later >= 0) {
            throw mismatch(
                    log,
                    checkpoint,
                    outOfOrder(line, "after line " + later + " of a later iteration"),
                    remedy);
        }
        if (onePerIteration && previous == Integer.MIN_VALUE && t > 1) {
            throw mismatch(
                    log,
                    checkpoint,
                    "iteration 1 is missing (line " + line.number() + " holds iteration " + t + ")",
                    remedy);
        }
        if (t < previous || (onePerIteration && t == previous)) {
            throw mismatch(
                    log, checkpoint, outOfOrder(line, "after iteration " + previous), remedy);
        }
        if (onePerIteration && previous != Integer.MIN_VALUE && t != previous + 1) {
            throw mismatch(
                    log,
                    checkpoint,
                    "iteration "
                            + (previous + 1)
                            + " is missing (line "
                            + line.number()
                            + " holds iteration "
                            + t
                            + ")",
                    remedy);
        }
    }

    /**
     * Cuts every log back to what the ledger holds (the part checked against the checkpoint),
     * dropping the lines of later iterations and a torn last line.
     */
    void cutBack(RunFolder folder) throws IOException {
        for (JsonlLog log : folder.logs()) {
            if (cutAfter >= 0) {
                log.truncateAfter(cutAfter);
            } else {
                log.truncateTo(tallies.get(name(log)).bytes);
            }
        }
    }

    private static Tally verifyLog(
            JsonlLog log, JsonNode entry, Path checkpoint, int iteration, String remedy)
            throws IOException {
        long bytes = entry.path("bytes").asLong(-1);
        String sha256 = entry.path("sha256").asText();
        Recorded expected = Recorded.of(entry);
        if (bytes < 0
                || sha256.isEmpty()
                || expected == null
                || (bytes > 0) != (expected.size() > 0)) {
            throw new RunFolderException(
                    "The checkpoint "
                            + checkpoint
                            + "'s manifest.json has an unreadable record of "
                            + name(log)
                            + " (the manifest is damaged). "
                            + remedy);
        }
        Path file = log.file();
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            if (bytes == 0) {
                return new Tally();
            }
            throw mismatch(
                    log,
                    checkpoint,
                    "the file is missing; the checkpoint recorded "
                            + bytes
                            + " bytes in it, iterations "
                            + expected.get(0)
                            + " to "
                            + expected.last(),
                    remedy);
        }
        checkRecordedLines(log, log.lines(), expected, checkpoint, iteration, remedy);
        long size = Files.size(file);
        Tally tally = size >= bytes ? prefixTally(file, bytes) : new Tally();
        if (tally.bytes != bytes || !tally.sha256().equals(sha256)) {
            throw mismatch(
                    log,
                    checkpoint,
                    "its lines up to iteration "
                            + iteration
                            + " differ from what was written ("
                            + (size < bytes
                                    ? size + " bytes, the checkpoint recorded at least " + bytes
                                    : "the SHA-256 of its first "
                                            + bytes
                                            + " bytes is not the one the checkpoint recorded")
                            + "): a line was changed after it was written",
                    remedy);
        }
        for (long k = 0; k < expected.size(); k++) {
            tally.count(expected.get(k));
        }
        return tally;
    }

    /**
     * Refuses a log whose lines are not, line for line, the iterations the checkpoint recorded
     * ({@code expected}), or that has more lines of iterations up to {@code iteration} after them.
     */
    private static void checkRecordedLines(
            JsonlLog log,
            List<JsonlLog.Line> lines,
            Recorded expected,
            Path checkpoint,
            int iteration,
            String remedy) {
        for (int k = 0; k < expected.size(); k++) {
            int want = expected.get(k);
            if (k >= lines.size()) {
                boolean partly = k > 0 && lines.get(k - 1).iteration() == want;
                throw mismatch(
                        log,
                        checkpoint,
                        "iteration "
                                + want
                                + (partly
                                        ? " has fewer lines than the checkpoint recorded"
                                        : " is missing")
                                + ": the log ends "
                                + (k == 0
                                        ? "without any line"
                                        : "at line " + lines.get(k - 1).number())
                                + ", the checkpoint recorded lines up to iteration "
                                + expected.last()
                                + " (cut short?)",
                        remedy);
            }
            JsonlLog.Line line = lines.get(k);
            if (line.iteration() > want) {
                throw mismatch(
                        log,
                        checkpoint,
                        "iteration "
                                + want
                                + (k == 0 || expected.get(k - 1) != want
                                        ? " is missing"
                                        : " has fewer lines than the checkpoint recorded")
                                + " (line "
                                + line.number()
                                + " holds iteration "
                                + line.iteration()
                                + ")",
                        remedy);
            }
            if (line.iteration() < want) {
                throw mismatch(
                        log,
                        checkpoint,
                        outOfOrder(line, "where the checkpoint recorded iteration " + want),
                        remedy);
            }
        }
        for (int k = (int) Math.min(expected.size(), lines.size()); k < lines.size(); k++) {
            if (lines.get(k).iteration() <= iteration) {
                throw mismatch(
                        log,
                        checkpoint,
                        "line "
                                + lines.get(k).number()
                                + " holds iteration "
                                + lines.get(k).iteration()
                                + " after the lines the checkpoint recorded (up to iteration "
                                + iteration
                                + "): an extra or out-of-order line of iteration "
                                + lines.get(k).iteration(),
                        remedy);
            }
        }
    }

    /** The tally of the first {@code bytes} bytes of {@code file} (fewer if it is shorter). */
    private static Tally prefixTally(Path file, long bytes) throws IOException {
        Tally tally = new Tally();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            while (tally.bytes < bytes) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, bytes - tally.bytes));
                if (n < 0) {
                    break;
                }
                tally.add(java.util.Arrays.copyOf(buffer, n));
            }
        }
        return tally;
    }

    private static RunFolderException mismatch(
            JsonlLog log, Path checkpoint, String problem, String remedy) {
        return new RunFolderException(
                log.file()
                        + (checkpoint == null
                                ? " is damaged (the run has no checkpoint yet)"
                                : " does not match the checkpoint " + checkpoint)
                        + ": "
                        + problem
                        + ". Nothing was changed. "
                        + remedy);
    }

    /**
     * The iteration of each line a manifest recorded, in order, read from its runs ({@code a-b:n}:
     * iterations a to b, n lines each; {@code a:n}; comma-separated) without expanding them, so a
     * damaged record cannot ask for more memory than its text.
     */
    private static final class Recorded {
        private final int[] from;
        private final int[] per;
        private final long[] before; // lines before each run, and the total at the end

        private Recorded(int[] from, int[] per, long[] before) {
            this.from = from;
            this.per = per;
            this.before = before;
        }

        /** The record in {@code entry}'s {@code lines}; null when it cannot be read. */
        static Recorded of(JsonNode entry) {
            String text = entry.path("lines").asText("");
            String[] runs = text.isEmpty() ? new String[0] : text.split(",");
            int[] from = new int[runs.length];
            int[] per = new int[runs.length];
            long[] before = new long[runs.length + 1];
            try {
                for (int i = 0; i < runs.length; i++) {
                    int colon = runs[i].indexOf(':');
                    String[] range = runs[i].substring(0, colon).split("-");
                    from[i] = Integer.parseInt(range[0]);
                    int to = range.length == 2 ? Integer.parseInt(range[1]) : from[i];
                    per[i] = Integer.parseInt(runs[i].substring(colon + 1));
                    if (from[i] < 0 || to < from[i] || per[i] < 1 || range.length > 2) {
                        return null;
                    }
                    before[i + 1] = before[i] + (long) (to - from[i] + 1) * per[i];
                }
            } catch (RuntimeException e) {
                return null;
            }
            return new Recorded(from, per, before);
        }

        long size() {
            return before[before.length - 1];
        }

        /** The iteration of recorded line {@code k} (from 0). */
        int get(long k) {
            int i = java.util.Arrays.binarySearch(before, k);
            int run = i >= 0 ? i : -i - 2;
            while (run + 1 < before.length - 1 && before[run + 1] <= k) {
                run++; // past runs that hold no line
            }
            return from[run] + (int) ((k - before[run]) / per[run]);
        }

        int last() {
            return get(size() - 1);
        }
    }

    /**
     * One log's length, running SHA-256 and its lines' iterations in order (as groups of equal
     * iterations, so that a writer's order, whatever it is, is what a resume checks).
     */
    private static final class Tally {
        private long bytes;
        private final MessageDigest digest = newDigest();

        /** {iteration, lines} per group of consecutive lines of one iteration. */
        private final List<int[]> groups = new ArrayList<>();

        void add(byte[] written) {
            bytes += written.length;
            digest.update(written);
        }

        void count(int iteration) {
            int[] last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (last != null && last[0] == iteration) {
                last[1]++;
            } else {
                groups.add(new int[] {iteration, 1});
            }
        }

        String sha256() {
            try {
                return HexFormat.of().formatHex(((MessageDigest) digest.clone()).digest());
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException(e);
            }
        }

        ObjectNode toJson() {
            ObjectNode node = JsonlLog.JSON.createObjectNode();
            node.put("bytes", bytes);
            node.put("sha256", sha256());
            // consecutive iterations with as many lines each are one run: "0-40:1" for metrics
            StringBuilder runs = new StringBuilder();
            for (int i = 0; i < groups.size(); ) {
                int j = i;
                while (j + 1 < groups.size()
                        && groups.get(j + 1)[0] == groups.get(j)[0] + 1
                        && groups.get(j + 1)[1] == groups.get(i)[1]) {
                    j++;
                }
                runs.append(runs.length() == 0 ? "" : ",").append(groups.get(i)[0]);
                if (j > i) {
                    runs.append('-').append(groups.get(j)[0]);
                }
                runs.append(':').append(groups.get(i)[1]);
                i = j + 1;
            }
            node.put("lines", runs.toString());
            return node;
        }

        private static MessageDigest newDigest() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
