package org.rlanything.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.rlanything.core.io.BoundedBody;

/**
 * Sends one protocol request (a JSON object by POST, or a GET) and reads its JSON answer, with the
 * timeouts and retries of {@link RemoteSettings}. Uses the JDK's HTTP client: the protocol needs
 * nothing more than POST with JSON, so no HTTP library is added.
 *
 * <p>What is retried: a timeout, a lost connection and a 5xx answer (a step carries its index, so a
 * step sent again is answered again, not applied twice). What is not: a 4xx answer (the caller's
 * mistake), an answer that is not JSON (a server that answers garbage once answers it again), and
 * anything once the environment's process has exited ({@code gone}). Nor are a redirect (3xx: the
 * protocol names its address) or a 2xx answer other than 200 (204 has no JSON object).
 *
 * <p>Limits: a request with its retries and the waits between them ends within {@code
 * requestTimeout * (retries + 1)}, whatever the server sends or withholds; an answer's body is read
 * up to {@link #MAX_BODY_BYTES}, and a longer one ends the call at once.
 */
public final class RemoteClient {

    /**
     * The largest answer body read, in bytes (64 MiB: an OSWorld observation with a screenshot is a
     * few MB; a 1.5 GB body was read whole, twice, and ran the heap out).
     */
    public static final int MAX_BODY_BYTES = 64 << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteSettings settings;
    private final HttpClient http;
    private final Supplier<String> gone;

    /** A client of the server at {@code settings.address()}. */
    public RemoteClient(RemoteSettings settings) {
        this(settings, () -> null);
    }

    /**
     * A client that asks {@code gone} before each retry why the server cannot answer any more (the
     * exit of its process), and gives up at once with that reason when it is not null.
     */
    public RemoteClient(RemoteSettings settings, Supplier<String> gone) {
        this.settings = settings;
        this.gone = gone;
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
    }

    /** Where and how patiently this client talks. */
    public RemoteSettings settings() {
        return settings;
    }

    /**
     * POSTs {@code body} to {@code path}; retries timeouts, lost connections and 5xx answers.
     *
     * @throws RemoteEnvironmentException naming the address and the last failure, or the server's
     *     error message of a 4xx answer
     */
    public JsonNode post(String path, JsonNode body) {
        return post(path, body, settings.retries());
    }

    /** {@link #post(String, JsonNode)} with its own number of retries. */
    public JsonNode post(String path, JsonNode body, int retries) {
        return send(path, body, retries);
    }

    /** GETs {@code path} (OpenEnv's {@code /health}, this protocol's {@code /info}). */
    public JsonNode get(String path) {
        return send(path, null, settings.retries());
    }

    /**
     * Sends with retries, all of it within {@code requestTimeout * (retries + 1)}: each try gets at
     * most {@code requestTimeout} and what is left of that deadline for the whole exchange (headers
     * and body: the JDK's request timeout covers the headers only, so a server that stalled after
     * them, or dripped its body, held the run forever), and the waits between tries count too.
     */
    private JsonNode send(String path, JsonNode body, int retries) {
        URI uri = settings.address().resolve(path);
        String shown = RemoteSettings.shown(uri);
        Duration timeout = settings.requestTimeout();
        long deadline = System.nanoTime() + timeout.toNanos() * (retries + 1);
        long wait = settings.backoff().toMillis();
        String last = null;
        Throwable cause = null;
        int tries = 0;
        for (int attempt = 0; attempt <= retries; attempt++) {
            if (attempt > 0) {
                String why = gone.get();
                if (why != null) {
                    throw new RemoteEnvironmentException(
                            shown + " cannot answer: " + why + " (last: " + last + ")", cause);
                }
                sleep(Math.min(wait, millisLeft(deadline)));
                wait *= 2;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            Duration slice = left < timeout.toNanos() ? Duration.ofNanos(left) : timeout;
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(slice);
            settings.authorization().ifPresent(value -> request.header("Authorization", value));
            if (body == null) {
                request.GET();
            } else {
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
            }
            tries++;
            HttpResponse<String> response;
            var future = http.sendAsync(request.build(), BoundedBody.upTo(MAX_BODY_BYTES));
            try {
                response = future.get(slice.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                future.cancel(true);
                last = "no whole answer within " + timeout.toMillis() + " ms";
                cause = e;
                continue;
            } catch (ExecutionException e) {
                Throwable failure = e.getCause() == null ? e : e.getCause();
                if (failure instanceof BoundedBody.TooLarge) {
                    throw new RemoteEnvironmentException(
                            shown
                                    + " answered with a body larger than the "
                                    + (MAX_BODY_BYTES >> 20)
                                    + " MiB an answer may have (not retried).",
                            failure);
                }
                last =
                        failure instanceof HttpTimeoutException
                                ? "no whole answer within " + timeout.toMillis() + " ms"
                                : failure.getClass().getSimpleName()
                                        + (failure.getMessage() == null
                                                ? ""
                                                : ": " + failure.getMessage());
                cause = failure;
                continue;
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                throw new RemoteEnvironmentException("Interrupted while calling " + shown, e);
            }
            int status = response.statusCode();
            if (status == 200) {
                return parse(shown, response.body());
            }
            String message = errorMessage(response.body());
            if (status >= 300 && status < 400) {
                throw new RemoteEnvironmentException(
                        shown
                                + " answered HTTP "
                                + status
                                + response.headers()
                                        .firstValue("Location")
                                        .map(to -> " (a redirect to " + to + ")")
                                        .orElse(" (a redirect)")
                                + ", which the protocol does not follow: name the address that"
                                + " answers (not retried).");
            }
            if (status < 300 || status >= 400 && status < 500) {
                throw new RemoteEnvironmentException(
                        status < 300
                                ? shown
                                        + " answered HTTP "
                                        + status
                                        + (message.isBlank() ? " with no body" : ": " + message)
                                        + "; the protocol answers 200 with a JSON object (not"
                                        + " retried)."
                                : shown + " refused the request (HTTP " + status + "): " + message);
            }
            last = "HTTP " + status + (message.isBlank() ? " with no body" : ": " + message);
            cause = null;
        }
        String why = gone.get();
        throw new RemoteEnvironmentException(
                shown
                        + " failed after "
                        + tries
                        + (tries == 1 ? " attempt" : " attempts")
                        + " within "
                        + deadlineText(timeout, retries)
                        + " s (timeout_s * (retries + 1)), last: "
                        + last
                        + (why == null ? "" : "; " + why),
                cause);
    }

    private static long millisLeft(long deadline) {
        return Math.max(0, (deadline - System.nanoTime()) / 1_000_000);
    }

    private static String deadlineText(Duration timeout, int retries) {
        double seconds = timeout.toMillis() * (retries + 1) / 1000.0;
        return seconds == Math.rint(seconds)
                ? Long.toString((long) seconds)
                : String.format(java.util.Locale.ROOT, "%.1f", seconds);
    }

    private static JsonNode parse(String uri, String text) {
        try {
            JsonNode node = JSON.readTree(text);
            if (node == null || !node.isObject()) {
                throw new RemoteEnvironmentException(
                        uri
                                + " answered "
                                + RemoteEnvironmentException.oneLine(text)
                                + ", not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new RemoteEnvironmentException(
                    uri
                            + " answered bad JSON ("
                            + e.getOriginalMessage()
                            + "): "
                            + (text.length() > 80 ? text.substring(0, 80) + "..." : text),
                    e);
        }
    }

    private static String errorMessage(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node != null && node.hasNonNull("error")) {
                return node.get("error").asText();
            }
        } catch (IOException e) {
            // not JSON: the body itself below
        }
        return body.length() > 200 ? body.substring(0, 200) + "..." : body;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteEnvironmentException("Interrupted while waiting to retry", e);
        }
    }
}
