package org.rlanything.gui.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;

/**
 * Sends one protocol request (a JSON object by POST) and reads its JSON answer, with the timeouts
 * and retries of {@link RemoteSettings}. Uses the JDK's HTTP client: the protocol needs nothing
 * more than POST with JSON, so no HTTP library is added.
 */
final class RemoteClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteSettings settings;
    private final HttpClient http;

    RemoteClient(RemoteSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
    }

    RemoteSettings settings() {
        return settings;
    }

    /**
     * POSTs {@code body} to {@code path}; retries timeouts, lost connections and 5xx answers.
     *
     * @throws RemoteEnvironmentException naming the address and the last failure, or the server's
     *     error message of a 4xx answer
     */
    JsonNode post(String path, JsonNode body) {
        return post(path, body, settings.retries());
    }

    /** {@link #post(String, JsonNode)} with its own number of retries. */
    JsonNode post(String path, JsonNode body, int retries) {
        URI uri = settings.base().resolve(path);
        String text = body.toString();
        long wait = settings.backoff().toMillis();
        String last = null;
        Throwable cause = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            if (attempt > 0) {
                sleep(wait);
                wait *= 2;
            }
            HttpRequest request =
                    HttpRequest.newBuilder(uri)
                            .timeout(settings.requestTimeout())
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(text))
                            .build();
            try {
                HttpResponse<String> response =
                        http.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status == 200) {
                    return JSON.readTree(response.body());
                }
                String message = errorMessage(response.body());
                if (status >= 400 && status < 500) {
                    throw new RemoteEnvironmentException(
                            uri + " refused the request (HTTP " + status + "): " + message);
                }
                last = "HTTP " + status + ": " + message;
                cause = null;
            } catch (HttpTimeoutException e) {
                last = "no answer within " + settings.requestTimeout().toMillis() + " ms";
                cause = e;
            } catch (IOException e) {
                last =
                        e.getClass().getSimpleName()
                                + (e.getMessage() == null ? "" : ": " + e.getMessage());
                cause = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteEnvironmentException("Interrupted while calling " + uri, e);
            }
        }
        throw new RemoteEnvironmentException(
                uri + " failed after " + (retries + 1) + " attempts, last: " + last, cause);
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
