package org.rlanything.cli.run;

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

    private LogLedger() {}

    /** The ledger of a run that has written nothing yet. */
    public static LogLedger empty(RunFolder folder) {
        LogLedger ledger = new LogLedger();
        for (JsonlLog log : folder.logs()) {
            ledger.tallies.put(name(log), new Tally());
        }
        return ledger;
    }

    private static String name(JsonlLog log) {
        return log.file().getFileName().toString();
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
        return root;
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
        LogLedger ledger = new LogLedger();
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
        LogLedger ledger = new LogLedger();
        ledger.cutAfter = iteration;
        for (JsonlLog log : folder.logs()) {
            boolean onePerIteration =
                    log.file().equals(folder.metrics().file())
                            || log.file().equals(folder.timings().file());
            List<JsonlLog.Line> lines = log.lines();
            Tally tally = new Tally();
            int previous = Integer.MIN_VALUE;
            int later = -1; // the first line of an iteration after the checkpoint's
            for (JsonlLog.Line line : lines) {
                int t = line.iteration();
                if (t > iteration) {
                    later = later < 0 ? line.number() : later;
                    continue;
                }
                if (later >= 0) {
                    throw mismatch(
                            log,
                            checkpoint,
                            "line "
                                    + line.number()
                                    + " holds iteration "
                                    + t
                                    + " after line "
                                    + later
                                    + " of a later iteration: an extra or out-of-order line of"
                                    + " iteration "
                                    + t,
                            remedy);
                }
                if (onePerIteration && previous == Integer.MIN_VALUE && t > 1) {
                    throw mismatch(
                            log,
                            checkpoint,
                            "iteration 1 is missing (line "
                                    + line.number()
                                    + " holds iteration "
                                    + t
                                    + ")",
                            remedy);
                }
                if (t < previous || (onePerIteration && t == previous)) {
                    throw mismatch(
                            log,
                            checkpoint,
                            "line "
                                    + line.number()
                                    + " holds iteration "
                                    + t
                                    + " after iteration "
                                    + previous
                                    + ": an extra or out-of-order line of iteration "
                                    + t,
                            remedy);
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
            ledger.tallies.put(name(log), tally);
        }
        return ledger;
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
        List<Integer> expected = expand(entry);
        if (bytes < 0 || sha256.isEmpty() || expected == null) {
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
                            + expected.get(expected.size() - 1),
                    remedy);
        }
        List<JsonlLog.Line> lines = log.lines();
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
                                + expected.get(expected.size() - 1)
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
                                + (expected.indexOf(want) == k
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
                        "line "
                                + line.number()
                                + " holds iteration "
                                + line.iteration()
                                + " where the checkpoint recorded iteration "
                                + want
                                + ": an extra or out-of-order line of iteration "
                                + line.iteration(),
                        remedy);
            }
        }
        for (int k = expected.size(); k < lines.size(); k++) {
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
        Tally tally = new Tally();
        long size = Files.size(file);
        if (size >= bytes) {
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
        }
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
        for (int t : expected) {
            tally.count(t);
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

    /** The iteration of each recorded line, in order; null when the record is unreadable. */
    private static List<Integer> expand(JsonNode entry) {
        List<Integer> iterations = new ArrayList<>();
        String counts = entry.path("lines_per_iteration").asText("");
        if (counts.isEmpty()) {
            return iterations;
        }
        int first = entry.path("first_iteration").asInt(-1);
        if (first < 0) {
            return null;
        }
        String[] parts = counts.split(",");
        for (int i = 0; i < parts.length; i++) {
            int n;
            try {
                n = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                return null;
            }
            for (int j = 0; j < n; j++) {
                iterations.add(first + i);
            }
        }
        return iterations;
    }

    /** One log's length, running SHA-256 and lines per iteration. */
    private static final class Tally {
        private long bytes;
        private final MessageDigest digest = newDigest();
        private int first = -1;
        private final List<Integer> counts = new ArrayList<>();

        void add(byte[] written) {
            bytes += written.length;
            digest.update(written);
        }

        void count(int iteration) {
            if (first < 0) {
                first = iteration;
            }
            if (iteration < first + counts.size() - 1 || iteration < first) {
                throw new IllegalStateException(
                        "log lines out of order: iteration "
                                + iteration
                                + " after "
                                + lastIteration());
            }
            while (first + counts.size() <= iteration) {
                counts.add(0);
            }
            counts.set(iteration - first, counts.get(iteration - first) + 1);
        }

        int lastIteration() {
            return first < 0 ? 0 : first + counts.size() - 1;
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
            if (first >= 0) {
                node.put("first_iteration", first);
            }
            StringBuilder text = new StringBuilder();
            for (int n : counts) {
                text.append(text.length() == 0 ? "" : ",").append(n);
            }
            node.put("lines_per_iteration", text.toString());
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
