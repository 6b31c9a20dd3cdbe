package org.rlanything.openai;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Checks an endpoint before a run sets anything up: its key variable is set (when one is named),
 * and the server answers {@code GET base_url/models} within {@code timeout_s} without refusing the
 * key (401 or 403). Any other answer (200, or 404 from a server without that route) shows that a
 * server listens there and takes the key; the first chat request then checks the rest.
 */
public final class EndpointProbe {

    private EndpointProbe() {}

    /**
     * Refuses, naming {@code section}'s key and the address, an endpoint that cannot be reached or
     * refuses the key, or whose key variable is unset; never names the key's value.
     */
    public static void check(
            String section, EndpointConfig config, Function<String, String> environment) {
        Optional<String> key;
        try {
            key = config.apiKey(environment);
        } catch (IllegalArgumentException e) {
            throw new org.rlanything.core.BadInputException(
                    section + ".api_key_env: " + e.getMessage(), e);
        }
        Duration timeout = Duration.ofMillis((long) (config.timeoutS() * 1000));
        HttpRequest.Builder request =
                HttpRequest.newBuilder(java.net.URI.create(config.baseUrl() + "/models"))
                        .timeout(timeout)
                        .GET();
        key.ifPresent(k -> request.header("Authorization", "Bearer " + k));
        int status;
        try {
            status =
                    HttpClient.newBuilder()
                            .connectTimeout(timeout)
                            .build()
                            .send(request.build(), HttpResponse.BodyHandlers.discarding())
                            .statusCode();
        } catch (ConnectException e) {
            throw refused(section, config, "could not connect; is the server running there?", e);
        } catch (HttpTimeoutException e) {
            throw refused(
                    section, config, "no answer within timeout_s = " + config.timeoutS() + " s", e);
        } catch (IOException e) {
            throw refused(section, config, "I/O failure (" + e + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused(section, config, "interrupted", e);
        }
        if (status == 401 || status == 403) {
            throw refused(
                    section,
                    config,
                    "the server refused "
                            + (key.isPresent()
                                    ? "the key in $" + config.apiKeyEnv()
                                    : "a request without a key (set api_key_env)")
                            + " (HTTP "
                            + status
                            + ")",
                    null);
        }
    }

    private static IllegalArgumentException refused(
            String section, EndpointConfig config, String problem, Throwable cause) {
        return new org.rlanything.core.BadInputException(
                section
                        + ".base_url: the endpoint "
                        + config.baseUrl()
                        + ": "
                        + problem
                        + " (checked before the run sets anything up).",
                cause);
    }
}
