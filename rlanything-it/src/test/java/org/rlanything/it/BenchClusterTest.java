package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rlanything bench cluster} on the demo config: it starts real worker processes (1, then 2),
 * measures both, finds the runs identical and counts each worker's weight loads.
 */
class BenchClusterTest {

    private static final Path CONFIG =
            Path.of("..", "configs", "demo.yaml").toAbsolutePath().normalize();

    @TempDir Path dir;

    @Test
    void measuresOneAndTwoWorkersAndFindsTheSameRun() throws Exception {
        Path log = dir.resolve("bench.log");
        Process bench =
                ClusterRunTest.start(
                        log,
                        List.of(),
                        "bench",
                        "cluster",
                        CONFIG.toString(),
                        "--iterations",
                        "2",
                        "--worker-heap",
                        "512m",
                        "--out",
                        dir.resolve("out").toString());
        assertTrue(bench.waitFor(240, TimeUnit.SECONDS), "the bench finishes");
        String output = Files.readString(log);
        assertEquals(0, bench.exitValue(), output);
        List<String> lines = output.lines().toList();
        JsonNode json = new ObjectMapper().readTree(lines.get(lines.size() - 1));
        assertTrue(json.path("same_metrics").asBoolean(), output);
        assertEquals(2, json.path("runs").size(), output);
        for (int i = 0; i < 2; i++) {
            JsonNode run = json.path("runs").get(i);
            assertEquals(i + 1, run.path("workers").asInt(), output);
            assertEquals(1, run.path("measured_iterations").asInt(), output);
            assertTrue(run.path("episodes").asLong() > 0, output);
            assertTrue(run.path("episodes_per_second").asDouble() > 0, output);
            assertTrue(run.path("policy_broadcasts").asDouble() >= 1, output);
            // every worker loads the policy and the reward model at least once
            assertTrue(run.path("worker_weight_loads").asDouble() >= 2 * (i + 1), output);
            assertEquals(0, run.path("groups_rerun").asDouble(), output);
        }
        for (int w = 0; w < 2; w++) {
            assertTrue(
                    Files.exists(
                            dir.resolve("out")
                                    .resolve("workers-2")
                                    .resolve("worker" + w + ".log")));
        }
    }
}
