package org.rlanything.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every sample an endpoint produced, recorded so that a resumed run replays it instead of asking
 * again (issue 14, item 6): a server that samples is not deterministic, so exact resume needs its
 * answers.
 *
 * <p><b>Design.</b> An append-only JSON Lines file, {@code <folder>/<name>.jsonl}, one line per
 * sample, keyed by the SHA-256 of the request body (without {@code n}, so how samples were grouped
 * into HTTP calls does not matter) and the sample index. The body holds the model, the messages,
 * every sampling setting and the request's seed, which the caller draws from its per-call random
 * generator: two calls of one run never share a key, and a resumed run, which repeats the
 * iteration's draws, asks for exactly the keys the first run recorded. Each line also records what
 * the reply cost (tokens, latency, tries), so the figures of a replayed call equal the recorded
 * ones and the metrics of a resumed run equal the uninterrupted run's.
 *
 * <p>{@link #append} writes the samples of one HTTP reply; {@link #sync} forces everything appended
 * to disk, once per batch of requests ({@link ChatClient#completeAll} or one {@link
 * ChatClient#complete}) and before the caller sees the samples, so anything a checkpoint depends on
 * is on disk before the checkpoint. Opening a log drops a torn last line (a kill during a write:
 * those samples were never returned to anyone) and refuses a corrupt line elsewhere with an error
 * naming the file and line. The first record of a key wins. Only each line's place is held in
 * memory; texts are read back from the file when replayed. The lines hold replies, never the API
 * key (the client removes it from any text it records). Thread-safe.
 *
 * <p>A run need not keep one log for its whole length: since the seeds derive from the iteration, a
 * resumed run only asks for the keys of the iterations it repeats, so one log per iteration ({@code
 * policy-000012}) keeps a resume from reading the whole history ({@link ChatClient#useResponseLog}
 * swaps it between iterations).
 */
public final class ResponseLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One recorded sample.
     *
     * @param key the request body's hash
     * @param index the sample index within the logical request
     * @param completion the sample
     * @param promptTokens prompt tokens charged to this sample (the HTTP reply's count on its first
     *     sample, 0 on the others, so that sums over a request are the reply's figures)
     * @param completionTokens completion tokens likewise
     * @param latencySeconds the reply's latency, on its first sample only
     * @param tries tries the reply took, on its first sample only (0 on the others)
     * @param failedTries the kind of each failed try before the reply ({@code http_429}, {@code
     *     timeout}, ...), on its first sample only
     */
    public record Entry(
            String key,
            int index,
            Completion completion,
            long promptTokens,
            long completionTokens,
            double latencySeconds,
            int tries,
            List<String> failedTries) {
        public Entry {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(completion, "completion");
            failedTries = List.copyOf(failedTries);
        }
    }

    /**
     * Where a recorded line lies in the file: only positions are held in memory, the texts stay on
     * disk.
     */
    private record Place(long offset, int length) {}

    private final Path file;
    private final Map<String, Place> entries = new HashMap<>();
    private FileChannel channel;
    private long end;
    private boolean dirty;

    private ResponseLog(Path file) {
        this.file = file;
    }

    /**
     * Opens (creating it if needed) {@code folder/name.jsonl} and reads what it holds.
     *
     * @throws IOException naming the file and line when a line other than the last is not a record
     */
    public static ResponseLog open(Path folder, String name) throws IOException {
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new org.rlanything.core.BadInputException(
                    "A response log name is letters, digits, '_', '.', '-', got '" + name + "'.");
        }
        Files.createDirectories(folder);
        ResponseLog log = new ResponseLog(folder.resolve(name + ".jsonl"));
        log.load();
        return log;
    }

    /** The file this log appends to. */
    public Path file() {
        return file;
    }

    /** The recorded sample, if any. */
    public synchronized Optional<Entry> find(String key, int index) {
        Place place = entries.get(key + "#" + index);
        if (place == null) {
            return Optional.empty();
        }
        ByteBuffer bytes = ByteBuffer.allocate(place.length());
        try {
            while (bytes.hasRemaining()) {
                if (channel.read(bytes, place.offset() + bytes.position()) < 0) {
                    throw new IOException("the file ends early");
                }
            }
            return Optional.of(
                    parse(JSON.readTree(new String(bytes.array(), StandardCharsets.UTF_8))));
        } catch (IOException | RuntimeException e) {
            throw new UncheckedIOException(
                    new IOException(
                            "Could not read a recorded reply at byte "
                                    + place.offset()
                                    + " of "
                                    + file
                                    + ": "
                                    + e.getMessage(),
                            e));
        }
    }

    /** How many samples are recorded. */
    public synchronized int size() {
        return entries.size();
    }

    /**
     * Appends a batch of samples (the samples of one HTTP reply); {@link #sync()} forces them to
     * disk.
     */
    public synchronized void append(List<Entry> batch) {
        if (batch.isEmpty()) {
            return;
        }
        List<byte[]> lines = new ArrayList<>(batch.size());
        int total = 0;
        for (Entry e : batch) {
            byte[] line = (line(e) + "\n").getBytes(StandardCharsets.UTF_8);
            lines.add(line);
            total += line.length;
        }
        ByteBuffer bytes = ByteBuffer.allocate(total);
        lines.forEach(bytes::put);
        bytes.flip();
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes, end + bytes.position());
            }
            dirty = true;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not record endpoint replies in " + file + ": " + e.getMessage(), e);
        }
        long offset = end;
        for (int i = 0; i < batch.size(); i++) {
            Entry e = batch.get(i);
            entries.putIfAbsent(
                    e.key() + "#" + e.index(), new Place(offset, lines.get(i).length - 1));
            offset += lines.get(i).length;
        }
        end = offset;
    }

    /**
     * Forces what was appended to disk; the client calls it before it returns the samples of a
     * call.
     */
    public synchronized void sync() {
        if (!dirty) {
            return;
        }
        try {
            channel.force(false);
            dirty = false;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not force the endpoint replies in "
                            + file
                            + " to disk: "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        sync();
        channel.close();
    }

    private void load() throws IOException {
        channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        byte[] all = Files.readAllBytes(file);
        int complete = all.length;
        while (complete > 0 && all[complete - 1] != '\n') {
            complete--;
        }
        if (complete < all.length) {
            channel.truncate(complete);
            channel.force(false);
        }
        int lineNumber = 0;
        int start = 0;
        for (int i = 0; i < complete; i++) {
            if (all[i] != '\n') {
                continue;
            }
            lineNumber++;
            if (i > start) {
                Entry e;
                try {
                    e =
                            parse(
                                    JSON.readTree(
                                            new String(
                                                    all,
                                                    start,
                                                    i - start,
                                                    StandardCharsets.UTF_8)));
                } catch (IOException | RuntimeException ex) {
                    throw new IOException(
                            "The response log "
                                    + file
                                    + " is corrupt at line "
                                    + lineNumber
                                    + ": "
                                    + ex.getMessage(),
                            ex);
                }
                entries.putIfAbsent(e.key() + "#" + e.index(), new Place(start, i - start));
            }
            start = i + 1;
        }
        end = complete;
    }

    private static String line(Entry e) {
        ObjectNode n = JSON.createObjectNode();
        n.put("key", e.key());
        n.put("i", e.index());
        Completion c = e.completion();
        if (c.ok()) {
            n.put("text", c.text());
            if (c.finishReason() != null) {
                n.put("finish", c.finishReason());
            }
        } else {
            n.put("error", c.error());
        }
        n.put("prompt_tokens", e.promptTokens());
        n.put("completion_tokens", e.completionTokens());
        n.put("latency_s", e.latencySeconds());
        n.put("tries", e.tries());
        if (!e.failedTries().isEmpty()) {
            e.failedTries().forEach(n.putArray("failed_tries")::add);
        }
        return n.toString();
    }

    private static Entry parse(JsonNode n) {
        String key = required(n, "key").asText();
        JsonNode index = required(n, "i");
        if (!index.canConvertToInt() || index.asInt() < 0) {
            throw new org.rlanything.core.BadInputException("'i' is not a sample index");
        }
        Completion c =
                n.hasNonNull("text")
                        ? Completion.of(
                                n.get("text").asText(),
                                n.hasNonNull("finish") ? n.get("finish").asText() : null)
                        : Completion.failed(required(n, "error").asText());
        List<String> failed = new ArrayList<>();
        n.path("failed_tries").forEach(f -> failed.add(f.asText()));
        return new Entry(
                key,
                index.asInt(),
                c,
                n.path("prompt_tokens").asLong(),
                n.path("completion_tokens").asLong(),
                n.path("latency_s").asDouble(),
                n.path("tries").asInt(),
                failed);
    }

    private static JsonNode required(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            throw new org.rlanything.core.BadInputException("the field '" + field + "' is missing");
        }
        return v;
    }
}
