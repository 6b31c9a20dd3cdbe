package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/**
 * A small ALFWorld run with the neural models on two real workers, each episode its own group
 * ({@code group_size: 1}) where the single process batches all episodes of a step together: the
 * metrics must still be the single-process run's (the policy's results do not depend on the batch's
 * composition).
 */
class ClusterAlfworldTest {

    private static final List<String> DJL =
            List.of(
                    "-Dai.djl.offline=true",
                    "-Dai.djl.pytorch.num_threads=1",
                    "-Dai.djl.pytorch.num_interop_threads=1");

    @TempDir Path dir;

    @Test
    void aNeuralRunOnTwoWorkersGivesTheSingleProcessMetrics() throws Exception {
        try {
            AlfworldData.locate();
        } catch (RuntimeException e) {
            SharedData.require(false, "The ALFWorld data folder (shared/data/alfworld)");
        }
        StringWriter out = new StringWriter();
        Path start = dir.resolve("start");
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        "pretrain",
                        "--seed",
                        "5",
                        "--out",
                        start.toString(),
                        "--train-games",
                        "40",
                        "--bc-steps",
                        "2",
                        "--rm-steps",
                        "2",
                        "--dagger-rounds",
                        "0",
                        "-q"),
                out.toString());
        Path config = dir.resolve("alfworld.yaml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "trainer: {seed: 5, iterations: 3, evaluate_every: 0, checkpoint_every: 1, keep_checkpoints: 2,"
                                + " starting_models: "
                                + start
                                + "}",
                        "environment: {kind: alfworld, pool_size: 3, pool_offset: 1000, max_steps: 4, eval_generated_games: 1,"
                                + " eval_real_games: false, eval_rollouts: 1, eval_max_steps: 4, eval_verdicts: 1}",
                        "policy: {kind: neural, optimizer_steps: 1}",
                        "reward_model: {kind: neural, optimizer_steps: 1, max_tokens: 6}",
                        "algorithm: {tasks_per_iteration: 2, rollouts_per_task: 2, verdicts_per_step: 1, rewriter_samples: 1}",
                        ""));
        Process reference =
                ClusterRunTest.start(
                        dir.resolve("reference.log"),
                        DJL,
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + dir.resolve("reference"));

        int[] ports = {
            ClusterRunTest.freePort(), ClusterRunTest.freePort(), ClusterRunTest.freePort()
        };
        String members = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1];
        List<String> engine =
                List.of(
                        "trainer.rollout_engine=hazelcast",
                        "trainer.engine.cluster=a-" + UUID.randomUUID(),
                        "trainer.engine.members=" + members,
                        "trainer.engine.group_size=1",
                        "trainer.engine.task_timeout_s=300");
        List<Process> workers = new ArrayList<>();
        try {
            for (int w = 0; w < 2; w++) {
                List<String> args = new ArrayList<>(List.of("worker", config.toString()));
                args.addAll(engine);
                args.add("trainer.engine.port=" + ports[w]);
                workers.add(
                        ClusterRunTest.start(
                                dir.resolve("worker" + w + ".log"),
                                DJL,
                                args.toArray(String[]::new)));
            }
            for (int w = 0; w < 2; w++) {
                Path log = dir.resolve("worker" + w + ".log");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
                while (!(Files.exists(log)
                        && Files.readString(log).contains("joined the hazelcast cluster"))) {
                    assertTrue(
                            workers.get(w).isAlive() && System.nanoTime() < deadline,
                            "worker "
                                    + w
                                    + " starts: "
                                    + (Files.exists(log) ? Files.readString(log) : "no log"));
                    Thread.sleep(100);
                }
            }
            assertTrue(reference.waitFor(300, TimeUnit.SECONDS), "the single-process run finishes");
            assertEquals(0, reference.exitValue(), Files.readString(dir.resolve("reference.log")));
            List<String> args =
                    new ArrayList<>(
                            List.of(
                                    "train",
                                    config.toString(),
                                    "-q",
                                    "trainer.run_dir=" + dir.resolve("cluster"),
                                    "trainer.engine.port=" + ports[2]));
            args.addAll(engine);
            Process trainer =
                    ClusterRunTest.start(
                            dir.resolve("trainer.log"), DJL, args.toArray(String[]::new));
            assertTrue(trainer.waitFor(300, TimeUnit.SECONDS), "the cluster run finishes");
            assertEquals(0, trainer.exitValue(), Files.readString(dir.resolve("trainer.log")));
            for (int w = 0; w < 2; w++) {
                assertTrue(
                        Files.readString(dir.resolve("worker" + w + ".log"))
                                .contains("policy weights"),
                        "worker " + w + " ran episodes");
            }
            for (String log : List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl")) {
                assertEquals(
                        Files.readAllLines(dir.resolve("reference").resolve(log)),
                        Files.readAllLines(dir.resolve("cluster").resolve(log)),
                        log);
            }
        } finally {
            for (Process worker : workers) {
                worker.destroyForcibly();
                worker.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
