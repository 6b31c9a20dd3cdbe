package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.FakeChatServer;
import org.rlanything.testfixtures.SharedData;

/**
 * {@code train} of the coding setting ({@code environment.kind: coding}) for one iteration with the
 * {@code openai} policy and reward model against a loopback chat server playing scripted replies,
 * on the real APPS problem 1607 (its first 8 tests): metrics.jsonl holds the policy's reward (the
 * ground-truth pass ratio), the UT accuracy and the detection rate.
 */
class CodingTrainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String RIGHT =
            "```python\ns = input().strip()\n"
                    + "print(sum(s[:i].count('Q') * s[i + 1:].count('Q')"
                    + " for i, c in enumerate(s) if c == 'A'))\n```";
    private static final String WRONG = "```python\ninput()\nprint(-1)\n```";

    private static String test(String in, String out) {
        return "**Test Input:**\n```\n" + in + "```\n**Test Output:**\n```\n" + out + "```\n";
    }

    private static Path apps() {
        return SharedData.require("coding/apps150/apps_subset.jsonl");
    }

    @Test
    void oneIterationWritesRewardsUtAccuracyAndDetectionRate(@TempDir Path dir) throws Exception {
        Path data = apps();
        Map<String, List<String>> replies =
                Map.of(
                        "expert programmer",
                        List.of(RIGHT, WRONG, "I am not sure.", RIGHT),
                        "write unit tests",
                        List.of(
                                test("QAQAQYSYIOIWIN\n", "4\n"),
                                test("QAQ\n", "1\n"),
                                test("QAQ\n", "2\n"),
                                "It outputs 4."));
        try (FakeChatServer server = FakeChatServer.byRole(replies)) {
            String url = server.baseUrl();
            Path run = dir.resolve("run");
            Path config =
                    Files.writeString(
                            dir.resolve("coding.yaml"),
                            String.join(
                                    "\n",
                                    "trainer: {seed: 3, iterations: 1, evaluate_every: 0,"
                                            + " checkpoint_every: 1, run_dir: "
                                            + run
                                            + "}",
                                    "environment: {kind: coding, data: "
                                            + data
                                            + ", ids: \"1607\", max_tests: 8}",
                                    "policy: {kind: openai, base_url: \""
                                            + url
                                            + "\", model: scripted, max_concurrency: 1}",
                                    "reward_model: {kind: openai, base_url: \""
                                            + url
                                            + "\", model: scripted}",
                                    "algorithm: {tasks_per_iteration: 1, rollouts_per_task: 4,"
                                            + " verdicts_per_step: 4}",
                                    ""));
            StringWriter out = new StringWriter();
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            "train",
                            config.toString(),
                            "-q");
            assertEquals(0, code, out.toString());
            List<String> lines = Files.readAllLines(run.resolve("metrics.jsonl"));
            JsonNode last = null;
            for (String line : lines) {
                JsonNode node = JSON.readTree(line);
                if (node.has("reward_model/ut_accuracy")) {
                    last = node;
                }
            }
            assertTrue(last != null, String.join("\n", lines));
            // Programs right, wrong, none, right: GT pass ratios 1, 0, 0, 1.
            assertEquals(0.5, last.get("critic/rewards/mean").asDouble(), 1e-12);
            assertEquals(0.5, last.get("env/gt_pass_ratio/mean").asDouble(), 1e-12);
            assertEquals(0.5, last.get("env/train_success").asDouble(), 1e-12);
            assertEquals(1.0, last.get("critic/advantages/max").asDouble(), 1e-12);
            assertEquals(-1.0, last.get("critic/advantages/min").asDouble(), 1e-12);
            assertEquals(4, last.get("actor/samples").asInt());
            // Tests: two consistent and detecting, one inconsistent, one unparseable.
            assertEquals(0.5, last.get("reward_model/ut_accuracy").asDouble(), 1e-12);
            assertEquals(0.5, last.get("reward_model/detection_rate").asDouble(), 1e-12);
            assertEquals(0.75, last.get("reward_model/test_parse_rate").asDouble(), 1e-12);
            assertEquals(4, last.get("reward_model/samples").asInt());
            assertEquals(5, server.requests().size(), server.requests().toString());
        }
    }

    @Test
    void badEnvironmentSettingsAreNamed(@TempDir Path dir) throws Exception {
        Path data = apps();
        String[][] cases = {
            {"ids: \"nope\"", "environment.ids: " + data + " has no problem nope"},
            {"ids: \"4411\"", "problem 4411 is not a stdin/stdout problem"},
        };
        for (String[] c : cases) {
            Path config =
                    Files.writeString(
                            dir.resolve("bad.yaml"),
                            "trainer: {iterations: 1, run_dir: "
                                    + dir.resolve("run-" + c[0].hashCode())
                                    + "}\nenvironment: {kind: coding, data: "
                                    + data
                                    + ", "
                                    + c[0]
                                    + "}\n");
            StringWriter out = new StringWriter();
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            "train",
                            config.toString(),
                            "-q");
            assertTrue(code != 0, out.toString());
            assertTrue(out.toString().contains(c[1]), out.toString());
        }
        Path missing =
                Files.writeString(
                        dir.resolve("missing.yaml"),
                        "trainer: {iterations: 1, run_dir: "
                                + dir.resolve("run-missing")
                                + "}\nenvironment: {kind: coding}\n");
        StringWriter out = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        "train",
                        missing.toString(),
                        "-q");
        assertTrue(code != 0, out.toString());
        assertTrue(out.toString().contains("environment.data"), out.toString());
    }

    @Test
    void theStackLanguageTrainsOneIterationWithEndpointRoles(@TempDir Path dir) throws Exception {
        // The scripted policy answers "add" whatever the problem; the test writer a fixed test.
        Map<String, List<String>> replies =
                Map.of(
                        "You write programs", List.of("add"),
                        "You write unit tests", List.of("TEST: 2 3 -> 5"));
        try (FakeChatServer server = FakeChatServer.byRole(replies)) {
            String url = server.baseUrl();
            Path run = dir.resolve("run");
            Path config =
                    Files.writeString(
                            dir.resolve("mini.yaml"),
                            String.join(
                                    "\n",
                                    "trainer: {seed: 3, iterations: 1, evaluate_every: 0,"
                                            + " checkpoint_every: 1, run_dir: "
                                            + run
                                            + "}",
                                    "environment: {kind: coding-mini, pool_size: 4, eval_problems: 1, eval_rollouts: 1,"
                                            + " eval_tests: 2}",
                                    "policy: {kind: openai, base_url: \""
                                            + url
                                            + "\", model: scripted}",
                                    "reward_model: {kind: openai, base_url: \""
                                            + url
                                            + "\", model: scripted}",
                                    "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2,"
                                            + " verdicts_per_step: 2}",
                                    ""));
            StringWriter out = new StringWriter();
            int code =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            "train",
                            config.toString(),
                            "-q");
            assertEquals(0, code, out.toString());
            JsonNode last = null;
            int evaluations = 0;
            for (String line : Files.readAllLines(run.resolve("metrics.jsonl"))) {
                JsonNode node = JSON.readTree(line);
                if (node.has("env/gt_pass_ratio/mean")) {
                    last = node;
                }
                if (node.has("val-core/coding-mini/in_domain/success")) {
                    evaluations++;
                }
            }
            assertTrue(last != null);
            // Every program is "add": a task is won by all its rollouts or by none, and the
            // written test "2 3 -> 5" is parsed every time.
            double success = last.get("env/train_success").asDouble();
            assertTrue(success == 0.0 || success == 0.5 || success == 1.0, "" + success);
            assertEquals(1.0, last.get("reward_model/test_parse_rate").asDouble(), 1e-12);
            // training, 2 tasks: 4 policy requests (n = 1) and 2 test-writer requests (n = 2);
            // the held-out evaluation before training and after the last iteration, 3 sets of 1
            // problem: 3 policy requests (1 rollout) and 3 test-writer requests (n = 2) the first
            // time; the second sends the same request bodies, so the roles replay the replies they
            // recorded under those bodies' hashes and the server sees nothing new
            assertEquals(2, evaluations);
            assertEquals(6 + (3 + 3), server.requests().size(), server.requests().toString());
        }
    }
}
