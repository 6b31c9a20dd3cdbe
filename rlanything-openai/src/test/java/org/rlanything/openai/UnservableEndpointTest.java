package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.client;
import static org.rlanything.openai.Fixtures.config;
import static org.rlanything.openai.Fixtures.request;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rlanything.core.BadInputException;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * Issue 37, hardening findings 2 and 3: an endpoint that answers with 300 MB bodies is cut at the
 * reply limit (no heap exhausted, no retry), and an endpoint none of whose replies is usable ends
 * the run: as bad input when its first replies are all unusable, as a failed run when it breaks
 * later. Single unusable replies still only count.
 */
@Timeout(60)
class UnservableEndpointTest {

    @Test
    void aReplyOf300MegabytesIsCutAtTheLimitAndNotRetried() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ChatClient client =
                        client(
                                config("http://127.0.0.1:" + socket.getLocalPort() + "/v1", 30, 2),
                                "policy")) {
            Thread server =
                    new Thread(
                            () -> {
                                while (!socket.isClosed()) {
                                    try (Socket connection = socket.accept()) {
                                        requests.incrementAndGet();
                                        flood(connection);
                                    } catch (IOException closed) {
                                        // the client cut the body, or the test ended
                                    }
                                }
                            });
            server.setDaemon(true);
            server.start();
            long start = System.nanoTime();
            ChatResult result = client.complete(request("a", 1), 1);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertFalse(result.completions().get(0).ok());
            String error = result.completions().get(0).error();
            assertTrue(error.contains("larger than the 16 MiB"), error);
            assertTrue(seconds < 10, "cut at the limit, took " + seconds + " s");
            assertEquals(1, requests.get(), "not retried");
        }
    }

    /** Reads a request's head, then sends a 200 whose body is 300 MiB of JSON whitespace. */
    private static void flood(Socket connection) throws IOException {
        InputStream in = connection.getInputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        OutputStream out = connection.getOutputStream();
        out.write(
                ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                + (300L << 20)
                                + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        byte[] spaces = " ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 300; i++) {
            out.write(spaces);
        }
    }

    @Test
    void anEndpointWhoseFirstRepliesAreAllUnusableIsBadInput() throws Exception {
        try (FakeChatServer server =
                        FakeChatServer.answering(request -> ChatReply.raw(200, "<html>hi</html>"));
                ChatClient client = client(config(server.baseUrl()), "policy")) {
            for (int i = 1; i < ReplyHealth.FIRST; i++) {
                assertFalse(client.complete(request("a" + i, i), 1).completions().get(0).ok());
            }
            BadInputException e =
                    assertThrows(
                            EndpointUnusableException.class,
                            () -> client.complete(request("last", 99), 1));
            assertTrue(
                    e.getMessage().contains(server.baseUrl())
                            && e.getMessage().contains("policy.base_url"),
                    e.getMessage());
        }
    }

    @Test
    void anEndpointThatBreaksAfterUsableRepliesFailsTheRun() throws Exception {
        AtomicInteger served = new AtomicInteger();
        try (FakeChatServer server =
                        FakeChatServer.answering(
                                request ->
                                        served.incrementAndGet() <= 3
                                                ? ChatReply.ok(java.util.List.of("fine"))
                                                : ChatReply.raw(200, "{\"choices\": []}"));
                ChatClient client = client(config(server.baseUrl()), "reward_model")) {
            for (int i = 0; i < 3; i++) {
                assertTrue(client.complete(request("ok" + i, i), 1).completions().get(0).ok());
            }
            for (int i = 1; i < ReplyHealth.LATER; i++) {
                assertFalse(client.complete(request("b" + i, i), 1).completions().get(0).ok());
            }
            EndpointException e =
                    assertThrows(
                            EndpointException.class, () -> client.complete(request("c", 7), 1));
            assertTrue(e.getMessage().contains("in a row"), e.getMessage());
        }
    }
}
