package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * Issue 27, finding 11: an endpoint that cannot serve the run (a closed port, a key it refuses, an
 * unset key variable) is reported before the run sets anything up. The config asks for an ALFWorld
 * run whose starting models do not exist yet, so any local set-up first (pretraining them) would
 * take minutes; the refusal must come within seconds, naming the section's key, with no run folder
 * written.
 */
class EndpointPreflightTest {

    @TempDir Path dir;

    private String refusedQuickly(String baseUrl, String keyVariable) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 3, iterations: 2, starting_models: "
                                + dir.resolve("no-models-yet")
                                + "}",
                        "environment: {kind: alfworld, pool_size: 8}",
                        "policy: {kind: openai, model: m, timeout_s: 5, base_url: "
                                + baseUrl
                                + ", api_key_env: '"
                                + keyVariable
                                + "'}",
                        ""));
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        long start = System.nanoTime();
        int code =
                CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                new PrintWriter(out, true),
                                                new PrintWriter(out, true),
                                                "train",
                                                config.toString(),
                                                "-q",
                                                "trainer.run_dir=" + run))
                        .get(60, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(2, code, out.toString());
        assertTrue(seconds < 15, "refused before any set-up, took " + seconds + " s: " + out);
        assertFalse(Files.exists(run.resolve("config.yaml")), out.toString());
        assertFalse(Files.exists(dir.resolve("no-models-yet")), "no pretraining began");
        assertFalse(out.toString().contains("\tat "), out.toString());
        return out.toString();
    }

    @Test
    void aClosedPortIsReportedBeforeAnyLocalSetUp() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String message = refusedQuickly("http://127.0.0.1:" + port + "/v1", "");
        assertTrue(
                message.contains("policy.base_url") && message.contains("could not connect"),
                message);
    }

    @Test
    void aRefusedKeyIsReportedBeforeAnyLocalSetUp() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("never").requiringKey("k")) {
            String message = refusedQuickly(server.baseUrl(), "");
            assertTrue(message.contains("policy.base_url") && message.contains("401"), message);
            assertTrue(server.requests().isEmpty(), "no chat request before the refusal");
        }
    }

    @Test
    void anUnsetKeyVariableIsReportedBeforeAnyLocalSetUp() throws Exception {
        String message =
                refusedQuickly("http://127.0.0.1:9/v1", "RLANYTHING_TEST_KEY_THAT_IS_NOT_SET");
        assertTrue(
                message.contains("policy.api_key_env")
                        && message.contains("RLANYTHING_TEST_KEY_THAT_IS_NOT_SET"),
                message);
    }
}
