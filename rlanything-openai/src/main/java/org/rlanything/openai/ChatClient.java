package org.rlanything.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.rlanything.chat.ChatMessage;
import org.rlanything.core.Seeds;
import org.rlanything.core.io.BoundedBody;

/**
 * A chat-completions client for one endpoint and one role: m samples per logical request, retries
 * with backoff, bounded concurrency, recorded replies and per-role counters.
 *
 * <p><b>Samples.</b> A request for m samples asks for {@code n = m} in one HTTP call. A server that
 * ignores {@code n} (llama.cpp, some proxies) returns fewer choices; the client then asks again for
 * the samples still missing, with a seed derived from the first missing index, until all m are
 * there: m calls at worst. Each sample's index is its place in the logical request, so the response
 * log does not depend on the grouping.
 *
 * <p><b>Failures.</b> Timeouts, connection failures, 429 and 5xx are retried up to {@code
 * max_retries} times with {@link Backoff} (a {@code Retry-After} header, in seconds or as an HTTP
 * date, replaces the computed delay); any other status fails at once. One request, its tries and
 * the waits between them included, ends within its deadline of {@code (max_retries + 1) *
 * timeout_s}: each try gets at most what is left of it (a reply whose body drips in slower is cut),
 * and a wait that would end past it (a server's {@code Retry-After: 300000}) fails the request at
 * once instead of blocking. A call that fails for good throws {@link EndpointException} naming the
 * endpoint and the status or the I/O failure: the run cannot continue without its model. A reply
 * that arrives but cannot be used (malformed JSON, no choices, a choice without text) is not
 * retried: its samples become {@link Completion#failed} samples, recorded like any other, and the
 * role treats them as replies with no usable answer (the loop counts them).
 *
 * <p><b>The key.</b> Read once from the variable {@code api_key_env} names, sent as a bearer token,
 * and removed from every text this class records or throws (a server may echo it in an error body).
 */
public final class ChatClient implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ChatClient.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SNIPPET = 300;

    private final EndpointConfig config;
    private final String role;
    private final String apiKey;
    private volatile ResponseLog log;
    private final Backoff backoff;
    private final EndpointMetrics metrics;
    private final HttpClient http;
    private final Semaphore inFlight;
    private final ReplyHealth health;
    private final ExecutorService pool;
    private final ResponseLog ownedLog;

    private ChatClient(Builder b) {
        this.config = b.config;
        this.role = b.role;
        this.apiKey = b.config.apiKey(b.environment).orElse(null);
        this.log = b.log;
        this.ownedLog = b.ownsLog ? b.log : null;
        this.backoff = b.backoff;
        this.metrics = new EndpointMetrics(b.role);
        this.health = new ReplyHealth(config.endpoint(), b.role);
        Duration timeout = timeout();
        this.http =
                HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(timeout)
                        .build();
        this.inFlight = new Semaphore(config.maxConcurrency());
        this.pool =
                Executors.newFixedThreadPool(
                        config.maxConcurrency(),
                        r -> {
                            Thread t = new Thread(r, "endpoint-" + role);
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** A builder for a client of {@code config}. */
    public static Builder builder(EndpointConfig config) {
        return new Builder(config);
    }

    /** Builder: {@code role} names the counters; the rest is optional. */
    public static final class Builder {
        private final EndpointConfig config;
        private String role = "policy";
        private Function<String, String> environment = System::getenv;
        private ResponseLog log;
        private Path recordIn;
        private Backoff backoff = Backoff.defaults();

        private Builder(EndpointConfig config) {
            this.config = Objects.requireNonNull(config, "config");
        }

        /**
         * The role whose counters this client keeps ({@code policy}, {@code reward_model}, {@code
         * rewriter}).
         */
        public Builder role(String role) {
            this.role = Objects.requireNonNull(role, "role");
            return this;
        }

        /** Where {@code api_key_env} is looked up; {@code System::getenv} by default. */
        public Builder optEnvironment(Function<String, String> environment) {
            this.environment = Objects.requireNonNull(environment, "environment");
            return this;
        }

        /** Records every sample and replays recorded ones; none by default. */
        public Builder optResponseLog(ResponseLog log) {
            this.log = log;
            return this;
        }

        /**
         * Records and replays through {@code folder/<role>.jsonl}, which the client opens (reading
         * what it holds) and closes: the one line a run needs, {@code
         * optRecordIn(runDir.resolve("responses"))}.
         */
        public Builder optRecordIn(Path folder) {
            this.recordIn = folder;
            return this;
        }

        /** The delays between tries; {@link Backoff#defaults()} by default. */
        public Builder optBackoff(Backoff backoff) {
            this.backoff = Objects.requireNonNull(backoff, "backoff");
            return this;
        }

        /**
         * @throws IllegalArgumentException naming the variable when {@code api_key_env} is set but
         *     empty
         */
        public ChatClient build() {
            new EndpointMetrics(role); // validates the name before anything is started
            config.apiKey(environment); // refuses an unset key variable before a log is opened
            if (recordIn != null) {
                if (log != null) {
                    throw new IllegalArgumentException(
                            "A client records either in a log it is given or in a folder, "
                                    + "not both.");
                }
                try {
                    log = ResponseLog.open(recordIn, role);
                    ownsLog = true;
                } catch (IOException e) {
                    throw new UncheckedIOException(e.getMessage(), e);
                }
            }
            return new ChatClient(this);
        }

        private boolean ownsLog;
    }

    public EndpointConfig config() {
        return config;
    }

    /**
     * Records and replays through {@code log} from now on (null: none), for example one log per
     * iteration; call it between iterations, not while requests are in flight. Returns the previous
     * log, which the caller closes.
     */
    public ResponseLog useResponseLog(ResponseLog log) {
        ResponseLog previous = this.log;
        this.log = log;
        return previous;
    }

    /** This role's counters. */
    public EndpointMetrics metrics() {
        return metrics;
    }

    /**
     * {@code samples} samples of one request: recorded ones from the response log, the rest from
     * the server.
     *
     * @throws EndpointException when the server cannot be reached or refuses the request for good
     */
    public ChatResult complete(ChatRequest request, int samples) {
        ResponseLog log = this.log;
        ChatResult result = completeUnsynced(request, samples, log);
        if (log != null) {
            log.sync();
        }
        return result;
    }

    /** {@link #complete} without forcing the log to disk. */
    private ChatResult completeUnsynced(ChatRequest request, int samples, ResponseLog log) {
        if (samples < 1) {
            throw new IllegalArgumentException(
                    "A request needs at least 1 sample, got " + samples + ".");
        }
        String key = key(request);
        Completion[] out = new Completion[samples];
        long promptTokens = 0;
        long completionTokens = 0;
        double latency = 0;
        int replayed = 0;
        List<Integer> missing = new ArrayList<>();
        List<ResponseLog.Entry> used = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            Optional<ResponseLog.Entry> recorded =
                    log == null ? Optional.empty() : log.find(key, i);
            if (recorded.isPresent()) {
                out[i] = recorded.get().completion();
                used.add(recorded.get());
                replayed++;
            } else {
                missing.add(i);
            }
        }
        while (!missing.isEmpty()) {
            int first = missing.get(0);
            List<ResponseLog.Entry> batch =
                    call(
                            request,
                            key,
                            missing,
                            first == 0
                                    ? wireSeed(request.seed())
                                    : wireSeed(Seeds.derive(request.seed(), first)));
            if (log != null) {
                log.append(batch);
            }
            for (ResponseLog.Entry e : batch) {
                out[e.index()] = e.completion();
            }
            used.addAll(batch);
            missing = missing.subList(batch.size(), missing.size());
        }
        metrics.increment("requests");
        metrics.replayed(replayed);
        for (ResponseLog.Entry e : used) {
            count(e);
            promptTokens += e.promptTokens();
            completionTokens += e.completionTokens();
            latency += e.latencySeconds();
        }
        return new ChatResult(List.of(out), promptTokens, completionTokens, latency, replayed);
    }

    /**
     * {@link #complete} for each request, at most {@code max_concurrency} at a time; results in
     * order.
     *
     * @throws EndpointException the first failure met in request order; the requests still running
     *     are cancelled
     */
    public List<ChatResult> completeAll(List<ChatRequest> requests, int samples) {
        ResponseLog log = this.log;
        List<Future<ChatResult>> futures = new ArrayList<>(requests.size());
        for (ChatRequest r : requests) {
            futures.add(pool.submit(() -> completeUnsynced(r, samples, log)));
        }
        List<ChatResult> results = new ArrayList<>(requests.size());
        RuntimeException failure = null;
        for (Future<ChatResult> f : futures) {
            try {
                results.add(f.get());
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure =
                            e.getCause() instanceof RuntimeException re
                                    ? re
                                    : new IllegalStateException(
                                            "A request to " + config.endpoint() + " failed.",
                                            e.getCause());
                    futures.forEach(other -> other.cancel(true));
                }
            } catch (CancellationException e) {
                // cancelled after an earlier failure
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(other -> other.cancel(true));
                throw new EndpointException(
                        "Interrupted while waiting for " + config.endpoint() + ".", -1, 0, e);
            }
        }
        if (log != null) {
            log.sync(); // one fsync per batch, also after a failure: what was recorded stays
            // recorded
        }
        if (failure != null) {
            throw failure;
        }
        return results;
    }

    /**
     * Stops the worker threads and closes the log the client opened itself ({@link
     * Builder#optRecordIn}).
     */
    @Override
    public void close() {
        pool.shutdownNow();
        if (ownedLog != null) {
            try {
                ownedLog.close();
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "Could not close " + ownedLog.file() + ": " + e.getMessage(), e);
            }
        }
    }

    /** Names the role and the endpoint, never the key. */
    @Override
    public String toString() {
        return "ChatClient[" + role + " -> " + config.endpoint() + "]";
    }

    /** The request body the server receives for {@code n} samples with seed {@code seed}. */
    ObjectNode body(ChatRequest request, int n, long seed) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", config.model());
        ArrayNode messages = body.putArray("messages");
        for (ChatMessage m : request.messages()) {
            messages.addObject().put("role", m.role()).put("content", m.content());
        }
        body.put("temperature", config.temperature());
        body.put("top_p", config.topP());
        body.put("max_tokens", config.maxTokens());
        body.put("n", n);
        body.put("seed", seed);
        return body;
    }

    /** The log key: SHA-256 of the body without {@code n}, with the request's full 64-bit seed. */
    String key(ChatRequest request) {
        ObjectNode body = body(request, 1, 0);
        body.remove("n");
        body.put("seed", request.seed());
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(JSON.writeValueAsBytes(body));
            return HexFormat.of().formatHex(digest);
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("Could not hash a request body.", e);
        }
    }

    /**
     * Seeds on the wire are non-negative 31-bit values: llama.cpp reads -1 as "random", some
     * servers take int32.
     */
    private static long wireSeed(long seed) {
        return seed >>> 33;
    }

    private void count(ResponseLog.Entry e) {
        metrics.increment("samples");
        if (!e.completion().ok()) {
            metrics.increment("invalid_replies");
        } else if ("length".equals(e.completion().finishReason())) {
            metrics.increment("truncated");
        }
        if (e.tries() > 0) {
            metrics.add("http_requests", e.tries());
            metrics.add("retries", e.tries() - 1);
        }
        for (String kind : e.failedTries()) {
            metrics.increment("failed/" + kind);
        }
        metrics.add("prompt_tokens", e.promptTokens());
        metrics.add("completion_tokens", e.completionTokens());
        metrics.addSeconds("latency_s", e.latencySeconds());
    }

    /**
     * One HTTP exchange (with retries) for the samples {@code missing}; returns the samples it
     * produced.
     */
    private List<ResponseLog.Entry> call(
            ChatRequest request, String key, List<Integer> missing, long seed) {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(body(request, missing.size(), seed));
        } catch (IOException e) {
            throw new IllegalStateException("Could not write a request body.", e);
        }
        List<String> failedTries = new ArrayList<>();
        Reply reply = send(body, failedTries);
        List<Completion> choices;
        long prompt = 0;
        long completion = 0;
        try {
            if (reply.body == null) {
                throw new IOException(reply.problem);
            }
            JsonNode root = JSON.readTree(reply.body);
            JsonNode array = root == null ? null : root.get("choices");
            if (array == null || !array.isArray()) {
                throw new IOException("the reply has no 'choices' list");
            }
            choices = choices(array);
            if (choices.isEmpty()) {
                throw new IOException("the reply's 'choices' list is empty");
            }
            prompt = root.path("usage").path("prompt_tokens").asLong(0);
            completion = root.path("usage").path("completion_tokens").asLong(0);
        } catch (IOException e) {
            String why =
                    redact(
                            "unusable reply from "
                                    + config.endpoint()
                                    + ": "
                                    + String.valueOf(e.getMessage())
                                            .strip()
                                            .lines()
                                            .findFirst()
                                            .orElse(""));
            LOG.log(System.Logger.Level.WARNING, why);
            choices = new ArrayList<>();
            for (int i = 0; i < missing.size(); i++) {
                choices.add(Completion.failed(why));
            }
        }
        health.record(
                choices.stream().anyMatch(Completion::ok),
                choices.isEmpty() ? "no choices" : choices.get(0).error());
        List<ResponseLog.Entry> batch = new ArrayList<>();
        for (int j = 0; j < Math.min(choices.size(), missing.size()); j++) {
            boolean first = j == 0;
            batch.add(
                    new ResponseLog.Entry(
                            key,
                            missing.get(j),
                            choices.get(j),
                            first ? prompt : 0,
                            first ? completion : 0,
                            first ? reply.latencySeconds : 0,
                            first ? reply.tries : 0,
                            first ? failedTries : List.of()));
        }
        return batch;
    }

    private List<Completion> choices(JsonNode array) {
        List<JsonNode> sorted = new ArrayList<>();
        array.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(c -> c.path("index").asInt(0)));
        List<Completion> out = new ArrayList<>();
        for (JsonNode c : sorted) {
            JsonNode content = c.path("message").path("content");
            String finish = c.hasNonNull("finish_reason") ? c.get("finish_reason").asText() : null;
            out.add(
                    content.isTextual()
                            ? Completion.of(redact(content.asText()), finish)
                            : Completion.failed(
                                    "a choice without text content (finish_reason "
                                            + finish
                                            + ")"));
        }
        return out;
    }

    /** A 2xx reply: its body, or null and why it could not be read. */
    private record Reply(String body, double latencySeconds, int tries, String problem) {}

    /**
     * Sends with retries; returns a 2xx reply or throws. Each failed try's kind goes into {@code
     * failedTries}.
     */
    private Reply send(byte[] body, List<String> failedTries) {
        Duration timeout = timeout();
        HttpRequest httpRequest = request(body, timeout);
        int tries = config.maxRetries() + 1;
        long deadline = System.nanoTime() + timeout.toNanos() * tries;
        for (int attempt = 1; ; attempt++) {
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            String failure;
            String kind;
            int status = -1;
            Duration retryAfter = null;
            Throwable cause = null;
            long start = System.nanoTime();
            try {
                HttpResponse<String> response =
                        exchange(httpRequest, left.compareTo(timeout) < 0 ? left : timeout);
                double latency = (System.nanoTime() - start) / 1e9;
                status = response.statusCode();
                if (status >= 200 && status < 300) {
                    return new Reply(response.body(), latency, attempt, null);
                }
                failure = "HTTP " + status + ": " + snippet(response.body());
                retryAfter = retryAfter(response.headers().firstValue("Retry-After").orElse(null));
                if (status == 429) {
                    kind = "http_429";
                } else if (status >= 500) {
                    kind = "http_5xx";
                } else {
                    throw refused(failure, status, attempt);
                }
            } catch (BoundedBody.TooLarge e) {
                // not retried: the same server would send the same; an unusable reply, counted
                return new Reply(null, (System.nanoTime() - start) / 1e9, attempt, e.getMessage());
            } catch (HttpTimeoutException | TimeoutException e) {
                kind = "timeout";
                failure = "no reply within timeout_s = " + config.timeoutS() + " s";
                cause = e;
            } catch (ConnectException e) {
                kind = "connection";
                failure =
                        "could not connect ("
                                + describe(e)
                                + "; is the server running at this address?)";
                cause = e;
            } catch (IOException e) {
                kind = "connection";
                failure = "I/O failure (" + describe(e) + ")";
                cause = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EndpointException(
                        "Interrupted while calling " + config.endpoint() + ".", -1, attempt, e);
            }
            failedTries.add(kind);
            if (attempt >= tries) {
                throw failed(attempt, failure, "", status, cause);
            }
            Duration delay = backoff.delay(attempt, retryAfter, ThreadLocalRandom.current());
            if (System.nanoTime() + delay.toNanos() >= deadline) {
                throw failed(
                        attempt,
                        failure,
                        "; "
                                + (retryAfter != null
                                        ? "the server asked to retry after "
                                                + retryAfter.toSeconds()
                                                + " s (Retry-After), past"
                                        : "the next try would start past")
                                + " the request's deadline of "
                                + deadlineSeconds()
                                + " s ((max_retries + 1) * timeout_s)",
                        status,
                        cause);
            }
            waitToRetry(attempt, failure, delay, status);
        }
    }

    /** The POST of {@code body} to the chat-completions address, with the key if there is one. */
    private HttpRequest request(byte[] body, Duration timeout) {
        HttpRequest.Builder rb =
                HttpRequest.newBuilder(config.chatCompletionsUri())
                        .timeout(timeout)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (apiKey != null) {
            rb.header("Authorization", "Bearer " + apiKey);
        }
        return rb.build();
    }

    /** A reply status that is not retried (neither 429 nor 5xx). */
    private EndpointException refused(String failure, int status, int attempt) {
        return new EndpointException(
                redact(
                        "The endpoint "
                                + config.endpoint()
                                + " refused the request with "
                                + failure
                                + " (not retried; "
                                + attempt
                                + (attempt == 1 ? " try)." : " tries).")),
                status,
                attempt,
                null);
    }

    /** Warns that try {@code attempt} failed with {@code failure}, then waits {@code delay}. */
    private void waitToRetry(int attempt, String failure, Duration delay, int status) {
        String warning =
                redact(
                        "Endpoint "
                                + config.endpoint()
                                + " ("
                                + role
                                + "): try "
                                + attempt
                                + " failed, "
                                + failure
                                + "; retrying in "
                                + delay.toMillis()
                                + " ms.");
        LOG.log(System.Logger.Level.WARNING, warning);
        try {
            Thread.sleep(delay.toMillis(), delay.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointException(
                    "Interrupted while waiting to retry " + config.endpoint() + ".",
                    status,
                    attempt,
                    e);
        }
    }

    /**
     * A request that failed for good after {@code attempt} tries, the last with {@code failure}.
     */
    private EndpointException failed(
            int attempt, String failure, String why, int status, Throwable cause) {
        return new EndpointException(
                redact(
                        "The endpoint "
                                + config.endpoint()
                                + " failed after "
                                + attempt
                                + (attempt == 1 ? " try" : " tries")
                                + "; the last: "
                                + failure
                                + why
                                + "."),
                status,
                attempt,
                cause == null ? null : new IOException(redact(describe(cause))));
    }

    /** One try, within {@code timeout} from the moment a concurrency permit is held. */
    private HttpResponse<String> exchange(HttpRequest request, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        inFlight.acquire();
        try {
            var future = http.sendAsync(request, BoundedBody.upTo(BoundedBody.MAX_BYTES));
            try {
                return future.get(timeout.toNanos() + 50_000_000L, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                future.cancel(true);
                throw e;
            } catch (ExecutionException e) {
                for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                    if (c instanceof BoundedBody.TooLarge tooLarge) {
                        throw tooLarge;
                    }
                }
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                throw new IOException(describe(e.getCause()), e.getCause());
            }
        } finally {
            inFlight.release();
        }
    }

    private Duration timeout() {
        return Duration.ofNanos((long) (config.timeoutS() * 1e9));
    }

    /** The deadline of one request with its retries, in seconds, as a message shows it. */
    private String deadlineSeconds() {
        double seconds = config.timeoutS() * (config.maxRetries() + 1);
        return seconds == Math.rint(seconds)
                ? Long.toString((long) seconds)
                : String.format(java.util.Locale.ROOT, "%.1f", seconds);
    }

    /** A Retry-After header's delay (seconds or an HTTP date), or null. */
    static Duration retryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String v = header.strip();
        try {
            double seconds = Double.parseDouble(v);
            return seconds >= 0 && Double.isFinite(seconds)
                    ? Duration.ofMillis((long) (seconds * 1000))
                    : null;
        } catch (NumberFormatException e) {
            try {
                Duration d =
                        Duration.between(
                                ZonedDateTime.now(),
                                ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }

    /**
     * The exception's class and first message line, with its causes' classes: {@code
     * ConnectException <- ClosedChannelException}.
     */
    private static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getSimpleName());
        String message = e.getMessage();
        if (message != null && !message.isBlank()) {
            sb.append(": ").append(message.strip().lines().findFirst().orElse(""));
        }
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append(" <- ").append(c.getClass().getSimpleName());
        }
        return sb.toString();
    }

    private String snippet(String body) {
        String b = body == null ? "" : body.strip().replaceAll("\\s+", " ");
        return b.isEmpty()
                ? "(empty body)"
                : b.length() <= SNIPPET ? b : b.substring(0, SNIPPET) + "...";
    }

    /** {@code text} with every occurrence of the API key replaced. */
    String redact(String text) {
        if (text == null || apiKey == null || apiKey.length() < 4) {
            return text;
        }
        return text.replace(apiKey, "[api key removed]");
    }

    /**
     * Figures for {@code metrics.jsonl} since the last drain, named {@code endpoint/<role>/...}.
     */
    public Map<String, Double> drainMetrics() {
        return metrics.drain();
    }
}
