package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rlanything.openai.Fixtures.config;
import static org.rlanything.openai.Fixtures.request;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.testfixtures.ChatReply;
import org.rlanything.testfixtures.FakeChatServer;

/** Record, then replay against a server that answers differently. */
@Timeout(20)
class ResponseLogTest {

    private static ChatClient client(String url, ResponseLog log) {
        return ChatClient.builder(config(url))
                .role("reward_model")
                .optBackoff(Fixtures.FAST)
                .optEnvironment(Map.<String, String>of()::get)
                .optResponseLog(log)
                .build();
    }

    @Test
    void aSecondClientReplaysRecordedSamplesWithTheirFiguresAndAsksOnlyForTheRest(@TempDir Path dir)
            throws Exception {
        Map<String, Double> recordedFigures;
        try (FakeChatServer first = FakeChatServer.numbering("alpha");
                ResponseLog log = ResponseLog.open(dir, "reward_model");
                ChatClient client = client(first.baseUrl(), log)) {
            first.then(ChatReply.raw(500, "once"));
            assertEquals(
                    List.of("alpha-0", "alpha-1"),
                    client.complete(request("judge step", 5), 2).texts());
            assertEquals(List.of("alpha-0"), client.complete(request("another", 6), 1).texts());
            recordedFigures = client.drainMetrics();
            assertEquals(3, log.size());
        }
        try (FakeChatServer second = FakeChatServer.numbering("beta");
                ResponseLog log = ResponseLog.open(dir, "reward_model");
                ChatClient client = client(second.baseUrl(), log)) {
            assertEquals(
                    List.of("alpha-0", "alpha-1"),
                    client.complete(request("judge step", 5), 2).texts());
            assertEquals(List.of("alpha-0"), client.complete(request("another", 6), 1).texts());
            assertEquals(0, second.requests().size(), "everything came from the log");
            assertEquals(
                    recordedFigures,
                    client.drainMetrics(),
                    "replayed calls report the recorded figures");
            assertEquals(3, client.metrics().replayedSamples());

            ChatResult more = client.complete(request("judge step", 5), 3);
            assertEquals(List.of("alpha-0", "alpha-1", "beta-0"), more.texts());
            assertEquals(1, second.requests().size());
            assertEquals(
                    1,
                    second.requests().get(0).get("n").asInt(),
                    "only the missing sample is asked for");

            assertEquals(
                    List.of("beta-0"),
                    client.complete(request("judge step", 99), 1).texts(),
                    "another seed is another request");
        }
    }

    @Test
    void aClientCanMoveToAnotherLogBetweenIterations(@TempDir Path dir) throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("live");
                ResponseLog one = ResponseLog.open(dir, "policy-000001");
                ResponseLog two = ResponseLog.open(dir, "policy-000002");
                ChatClient client = client(server.baseUrl(), one)) {
            client.complete(request("a", 1), 1);
            assertEquals(one, client.useResponseLog(two));
            client.complete(request("b", 2), 1);
            assertEquals(1, one.size());
            assertEquals(1, two.size());
            assertTrue(Files.readString(two.file()).contains("live-0"));
        }
    }

    @Test
    void aClientOpensAndClosesItsOwnLogInARunFolder(@TempDir Path runDir) throws Exception {
        for (String prefix : List.of("first", "second")) {
            try (FakeChatServer server = FakeChatServer.numbering(prefix);
                    ChatClient client =
                            ChatClient.builder(config(server.baseUrl()))
                                    .role("rewriter")
                                    .optBackoff(Fixtures.FAST)
                                    .optEnvironment(Map.<String, String>of()::get)
                                    .optRecordIn(runDir.resolve("responses"))
                                    .build()) {
                assertEquals(List.of("first-0"), client.complete(request("rewrite", 3), 1).texts());
            }
        }
        assertEquals(1, Files.readAllLines(runDir.resolve("responses/rewriter.jsonl")).size());
    }

    @Test
    void unusableRepliesAreRecordedAndReplayedAsSuch(@TempDir Path dir) throws Exception {
        try (FakeChatServer server = FakeChatServer.numbering("later");
                ResponseLog log = ResponseLog.open(dir, "policy");
                ChatClient client = client(server.baseUrl(), log)) {
            server.then(ChatReply.raw(200, "not json"));
            assertEquals(List.of(""), client.complete(request("a", 1), 1).texts());
        }
        try (FakeChatServer server = FakeChatServer.numbering("fine");
                ResponseLog log = ResponseLog.open(dir, "policy");
                ChatClient client = client(server.baseUrl(), log)) {
            ChatResult replay = client.complete(request("a", 1), 1);
            assertEquals(List.of(""), replay.texts());
            assertTrue(replay.completions().get(0).error().contains("unusable reply"));
            assertEquals(0, server.requests().size());
        }
    }

    @Test
    void aTornLastLineIsDroppedAndACorruptLineIsNamed(@TempDir Path dir) throws Exception {
        Path file;
        try (FakeChatServer server = FakeChatServer.numbering("a");
                ResponseLog log = ResponseLog.open(dir, "policy");
                ChatClient client = client(server.baseUrl(), log)) {
            client.complete(request("a", 1), 2);
            file = log.file();
        }
        long size = Files.size(file);
        Files.writeString(file, "{\"key\": \"abc\", \"i\": 0, \"te", StandardOpenOption.APPEND);
        try (ResponseLog log = ResponseLog.open(dir, "policy")) {
            assertEquals(2, log.size());
            assertEquals(size, Files.size(file), "the torn line is cut off");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Files.writeString(
                file, "garbage\n" + String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        IOException e = assertThrows(IOException.class, () -> ResponseLog.open(dir, "policy"));
        assertTrue(
                e.getMessage().contains(file.toString()) && e.getMessage().contains("line 1"),
                e.getMessage());
    }
}
