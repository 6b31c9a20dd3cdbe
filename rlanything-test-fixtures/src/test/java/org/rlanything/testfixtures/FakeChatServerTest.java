package org.rlanything.testfixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fake chat server over real HTTP: queued replies first, then its answer; what it records. */
class FakeChatServerTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static HttpResponse<String> post(FakeChatServer server, String system, int n)
            throws IOException, InterruptedException {
        String body =
                "{\"model\": \"m\", \"n\": "
                        + n
                        + ", \"messages\": [{\"role\": \"system\", \"content\": \""
                        + system
                        + "\"}]}";
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                        .header("Authorization", "Bearer k")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> texts(HttpResponse<String> response) throws IOException {
        List<String> texts = new ArrayList<>();
        for (JsonNode choice : FakeChatServer.JSON.readTree(response.body()).get("choices")) {
            texts.add(choice.path("message").path("content").asText());
        }
        return texts;
    }

    @Test
    void rolesCycleThroughTheirRepliesAndAnUnknownRoleIsRefused() throws Exception {
        try (FakeChatServer server =
                FakeChatServer.byRole(
                        Map.of("You act", List.of("a", "b", "c"), "You judge", List.of("j")))) {
            assertEquals(List.of("a", "b"), texts(post(server, "You act now", 2)));
            assertEquals(List.of("c", "a"), texts(post(server, "You act now", 2)));
            assertEquals(List.of("j", "j"), texts(post(server, "You judge it", 2)));
            HttpResponse<String> unknown = post(server, "You write", 1);
            assertEquals(400, unknown.statusCode());
            assertTrue(unknown.body().contains("You write"), unknown.body());
            assertEquals(4, server.requests().size());
            assertEquals(
                    Arrays.asList("Bearer k", "Bearer k", "Bearer k", "Bearer k"),
                    server.authorizations());
        }
    }

    @Test
    void queuedRepliesComeBeforeTheAnswerAndAFailingAnswerIsA500() throws Exception {
        try (FakeChatServer server =
                FakeChatServer.answering(
                        request -> {
                            throw new IllegalStateException("no answer");
                        })) {
            server.then(ChatReply.withHeader(429, "{}", "Retry-After", "1"));
            HttpResponse<String> first = post(server, "s", 1);
            assertEquals(429, first.statusCode());
            assertEquals("1", first.headers().firstValue("Retry-After").orElseThrow());
            HttpResponse<String> second = post(server, "s", 1);
            assertEquals(500, second.statusCode());
            assertTrue(second.body().contains("no answer"), second.body());
            assertEquals(1, server.maxInFlight());
        }
    }

    @Test
    void numberingAnswersNTextsAndARefusingServerRefusesOnItsPort() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("t")) {
            assertEquals(List.of("t-0", "t-1", "t-2"), texts(post(server, "s", 3)));
            int port = server.port();
            server.close();
            try (FakeChatServer refusing = FakeChatServer.refusing(port, 401)) {
                HttpResponse<String> refused = post(refusing, "s", 1);
                assertEquals(401, refused.statusCode());
                assertTrue(refused.body().contains("refused"), refused.body());
            }
        }
    }

    @Test
    void aServerThatRequiresAKeyRefusesRequestsWithoutItAndListsItsModelWithIt() throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("k").requiringKey("k")) {
            assertEquals(200, post(server, "s", 1).statusCode(), "Bearer k is the key");
            server.requiringKey("other");
            HttpResponse<String> refused = post(server, "s", 1);
            assertEquals(401, refused.statusCode());
            assertEquals(401, models(server, "Bearer k").statusCode());
            assertEquals(200, models(server, "Bearer other").statusCode());
            assertTrue(models(server, "Bearer other").body().contains("\"object\": \"model\""));
        }
    }

    private static HttpResponse<String> models(FakeChatServer server, String authorization)
            throws IOException, InterruptedException {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models"))
                        .header("Authorization", authorization)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
