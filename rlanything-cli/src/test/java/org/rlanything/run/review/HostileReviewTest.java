package org.rlanything.run.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Probe;
import org.rlanything.run.RunFolder;

/**
 * Issue 44, cases 9 and 16 (the review server): a {@code --host} that is no address crashed the
 * error reporter itself (a NullPointerException with a stack trace); a {@code trajectories.jsonl}
 * line with fields of the wrong type made the server answer HTTP 500 "internal error". Now the
 * first is exit 2 naming {@code --host}, and the second names the file and line: {@code review}
 * refuses to start (exit 2), and a running server answers 400.
 */
@Timeout(120)
class HostileReviewTest {

    @TempDir Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path train() {
        Path run = dir.resolve("run");
        Probe.Result trained =
                Probe.run(
                        60,
                        "train",
                        Path.of("..", "configs", "demo.yaml").toString(),
                        "-q",
                        "trainer.iterations=2",
                        "trainer.run_dir=" + run);
        assertEquals(0, trained.code(), trained.text());
        return run;
    }

    @Test
    void aHostThatIsNoAddressIsNamed() {
        Path run = train();
        for (String host : List.of("not a host", "no.such.host.invalid")) {
            String message = Probe.refused(30, "review", run.toString(), "--host", host);
            assertTrue(message.contains("--host '" + host + "'"), message);
        }
    }

    @Test
    void aTrajectoryWithFieldsOfTheWrongTypeIsNamedWithItsFileAndLine() throws Exception {
        Path run = train();
        RunFolder folder = new RunFolder(run);
        try (ReviewServer server = ReviewServer.start(folder, "127.0.0.1", 0)) {
            Path file = run.resolve("trajectories.jsonl");
            List<String> lines = new ArrayList<>(Files.readAllLines(file));
            assertTrue(lines.size() >= 2, "saved trajectories: " + lines.size());
            ObjectNode first = (ObjectNode) JSON.readTree(lines.get(1));
            first.put("steps", "many");
            lines.set(1, first.toString());
            Files.write(file, lines);

            HttpResponse<String> answer =
                    ReviewServerTest.get(
                            server.port(), "/api/trajectories", server.token(), java.util.Map.of());
            assertEquals(400, answer.statusCode(), answer.body());
            assertTrue(
                    answer.body().contains(file + ", line 2: \\\"steps\\\" must be a list"),
                    answer.body());
        }
        String message = Probe.refused(30, "review", run.toString(), "--port", "0");
        assertTrue(
                message.contains("trajectories.jsonl, line 2: \"steps\" must be a list"), message);

        List<String> lines = new ArrayList<>(Files.readAllLines(run.resolve("trajectories.jsonl")));
        ObjectNode first = (ObjectNode) JSON.readTree(lines.get(0));
        ((ObjectNode) first.withArray("steps").get(0)).putArray("verdicts").add("yes");
        lines.set(0, first.toString());
        Files.write(run.resolve("trajectories.jsonl"), lines);
        message = Probe.refused(30, "review", run.toString(), "--port", "0");
        assertTrue(
                message.contains(
                        "line 1: step 0 of \"steps\": \"verdicts\" must be a list of numbers"),
                message);
    }
}
