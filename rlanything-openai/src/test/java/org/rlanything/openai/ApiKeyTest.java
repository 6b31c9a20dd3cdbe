package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.request;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * The key is sent to the server and appears nowhere else: logs, the response log, errors, toString.
 */
@Timeout(20)
class ApiKeyTest {

    private static final String MARKER = "sk-MARKER-7f3a9c1e5b";

    @Test
    void theKeyIsSentButNeverWrittenLoggedOrThrown(@TempDir Path runDir) throws Exception {
        List<String> logged = new ArrayList<>();
        Handler capture =
                new Handler() {
                    @Override
                    public void publish(LogRecord record) {
                        logged.add(record.getMessage() + " " + record.getThrown());
                    }

                    @Override
                    public void flush() {}

                    @Override
                    public void close() {}
                };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        // a careless server that echoes the key in replies and error bodies
        try (FakeChatServer server =
                        FakeChatServer.answering(
                                r -> ChatReply.ok("echo " + MARKER + " \\boxed{1}"));
                ResponseLog log = ResponseLog.open(runDir.resolve("responses"), "policy")) {
            EndpointConfig config =
                    new EndpointConfig(
                            server.baseUrl(), "test-model", "RLA_TEST_KEY", 0.8, 0.95, 64, 2, 2, 2);
            ChatClient client =
                    ChatClient.builder(config)
                            .role("policy")
                            .optBackoff(Fixtures.FAST)
                            .optEnvironment(Map.of("RLA_TEST_KEY", MARKER)::get)
                            .optResponseLog(log)
                            .build();
            server.then(
                    ChatReply.withHeader(
                            429,
                            "{\"error\": \"rate limited for key " + MARKER + "\"}",
                            "Retry-After",
                            "0"));
            ChatResult ok = client.complete(request("hi", 1), 2);
            server.then(
                    ChatReply.raw(
                            401, "{\"error\": \"Incorrect API key provided: " + MARKER + "\"}"));
            EndpointException refused =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("x", 2), 1));

            assertEquals(
                    "Bearer " + MARKER,
                    server.authorizations().get(0),
                    "the key is sent to the server");
            assertTrue(refused.getMessage().contains("HTTP 401"), refused.getMessage());
            StringBuilder everything = new StringBuilder();
            everything.append(refused.getMessage()).append(stackTrace(refused));
            everything.append(config).append(client).append(ok).append(client.metrics().snapshot());
            everything.append(String.join("\n", logged));
            try (var files = Files.walk(runDir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    if (Files.isRegularFile(f)) {
                        everything.append(Files.readString(f, StandardCharsets.UTF_8));
                    }
                }
            }
            assertFalse(logged.isEmpty(), "the 429 retry was logged");
            assertTrue(Files.size(log.file()) > 0, "the replies were recorded");
            assertFalse(everything.toString().contains(MARKER), "the key leaked: " + everything);
            assertFalse(everything.toString().contains("MARKER"), "part of the key leaked");
            client.close();
        } finally {
            root.removeHandler(capture);
        }
    }

    @Test
    void anUnsetKeyVariableIsNamedInTheError() {
        EndpointConfig config =
                new EndpointConfig("http://127.0.0.1:9/v1", "m", "MY_KEY", 0.8, 0.95, 64, 1, 1, 0);
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                ChatClient.builder(config)
                                        .optEnvironment(Map.<String, String>of()::get)
                                        .build());
        assertTrue(
                e.getMessage().contains("MY_KEY") && e.getMessage().contains("not set"),
                e.getMessage());
    }

    @Test
    void aKeyGivenAsTheVariableNameIsRefusedWithoutEchoingIt() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                new EndpointConfig(
                                        "http://127.0.0.1:9/v1",
                                        "m",
                                        MARKER,
                                        0.8,
                                        0.95,
                                        64,
                                        1,
                                        1,
                                        0));
        assertTrue(e.getMessage().startsWith("api_key_env"), e.getMessage());
        assertFalse(e.getMessage().contains(MARKER), e.getMessage());
    }

    private static String stackTrace(Throwable t) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintWriter w = new PrintWriter(out, true, StandardCharsets.UTF_8)) {
            t.printStackTrace(w);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
