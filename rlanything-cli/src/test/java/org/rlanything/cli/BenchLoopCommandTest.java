package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench loop} on the demo config: phases, rates, and the same run as {@code train}. */
class BenchLoopCommandTest {

    private static final String DEMO = Path.of("..", "configs", "demo.yaml").toString();

    private static String[] run(String... args) {
        StringWriter text = new StringWriter();
        PrintWriter writer = new PrintWriter(text, true);
        int code = Main.run(writer, writer, args);
        writer.flush();
        return new String[] {Integer.toString(code), text.toString()};
    }

    @Test
    void reportsEveryPhaseAndTheSameMetricsAsTrain(@TempDir Path dir) throws Exception {
        String[] bench = run("bench", "loop", DEMO, "--iterations", "3", "--threads", "2");
        assertEquals("0", bench[0], bench[1]);
        List<String> lines = bench[1].lines().toList();
        JsonNode json = new ObjectMapper().readTree(lines.get(lines.size() - 1));
        assertEquals("loop", json.get("bench").asText());
        assertEquals(3, json.get("iterations").asInt());
        assertEquals(3, json.path("iteration").path("seconds_each").size());
        for (String phase :
                List.of("gen", "judge", "adapt", "update_actor", "update_reward_model", "eval")) {
            assertTrue(json.path("phases").has(phase), phase + " in " + json);
        }
        assertTrue(
                json.path("phases").path("eval").path("seconds").asDouble() > 0,
                "the last iteration evaluates");
        // the demo's keylock config: 8 tasks x 8 rollouts per iteration, plus candidates
        assertTrue(json.get("episodes").asLong() >= 3 * 64, json.toString());
        assertTrue(json.get("env_steps").asLong() > json.get("episodes").asLong());
        assertTrue(json.get("episodes_per_second").asDouble() > 0);

        // the scratch run folder is gone
        Matcher folder = Pattern.compile("run folder (\\S+);").matcher(bench[1]);
        assertTrue(folder.find(), bench[1]);
        assertFalse(Files.exists(Path.of(folder.group(1))), folder.group(1));

        // train on the same config writes the same training lines
        Path runDir = dir.resolve("train");
        String[] train =
                run("train", "-q", DEMO, "trainer.iterations=3", "trainer.run_dir=" + runDir);
        assertEquals("0", train[0], train[1]);
        assertEquals(
                BenchLoopCommand.trainingLinesSha256(runDir.resolve("metrics.jsonl")),
                json.get("metrics_sha256").asText());
    }

    @Test
    void refusesNonsenseCounts() {
        String[] out = run("bench", "loop", DEMO, "--iterations", "0");
        assertEquals("2", out[0], out[1]);
        assertTrue(out[1].contains("--iterations"), out[1]);
    }
}
