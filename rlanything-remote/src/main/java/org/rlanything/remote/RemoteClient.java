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
import java.util.function.Supplier;

/**
 * Sends one protocol request (a JSON object by POST, or a GET) and reads its JSON answer, with the
 * timeouts and retries of {@link RemoteSettings}. Uses the JDK's HTTP client: the protocol needs
 * nothing more than POST with JSON, so no HTTP library is added.
 *
 * <p>What is retried: a timeout, a lost connection and a 5xx answer (a step carries its index, so a
 * step sent again is answered again, not applied twice). What is not: a 4xx answer (the caller's
 * mistake), an answer that is not JSON (a server that answers garbage once answers it again), and
 * anything once the environment's process has exited ({@code gone}).
 */
public final class RemoteClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteSettings settings;
    private final HttpClient http;
    private final Supplier<String> gone;

    /** A client of the server at {@code settings.base()}. */
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

    private JsonNode send(String path, JsonNode body, int retries) {
        URI uri = settings.base().resolve(path);
        long wait = settings.backoff().toMillis();
        String last = null;
        Throwable cause = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            if (attempt > 0) {
                String why = gone.get();
                if (why != null) {
                    throw new RemoteEnvironmentException(
                            uri + " cannot answer: " + why + " (last: " + last + ")", cause);
                }
                sleep(wait);
                wait *= 2;
            }
            HttpRequest.Builder request =
                    HttpRequest.newBuilder(uri).timeout(settings.requestTimeout());
            if (body == null) {
                request.GET();
            } else {
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
            }
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (HttpTimeoutException e) {
                last = "no answer within " + settings.requestTimeout().toMillis() + " ms";
                cause = e;
                continue;
            } catch (IOException e) {
                last =
                        e.getClass().getSimpleName()
                                + (e.getMessage() == null ? "" : ": " + e.getMessage());
                cause = e;
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteEnvironmentException("Interrupted while calling " + uri, e);
            }
            int status = response.statusCode();
            if (status == 200) {
                return parse(uri, response.body());
            }
            String message = errorMessage(response.body());
            if (status >= 400 && status < 500) {
                throw new RemoteEnvironmentException(
                        uri + " refused the request (HTTP " + status + "): " + message);
            }
            last = "HTTP " + status + ": " + message;
            cause = null;
        }
        String why = gone.get();
        throw new RemoteEnvironmentException(
                uri
                        + " failed after "
                        + (retries + 1)
                        + " attempts, last: "
                        + last
                        + (why == null ? "" : "; " + why),
                cause);
    }

    private static JsonNode parse(URI uri, String text) {
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
