package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/**
 * Blocksworld ({@code environment.kind: pddl}; {@code configs/pddl-linear.yaml}, the linear policy
 * and judge, at small sizes on tiny problems) on two real worker processes, one episode per group
 * so that both workers play: a cluster run writes the single-process run's {@code metrics.jsonl},
 * {@code pool.jsonl} and {@code trajectories.jsonl}, and so does a cluster run stopped after its
 * first iteration and resumed. The workers rebuild the tasks from their codec text against the
 * domain file they read themselves, and compute the policy's and judge's step features with their
 * own copy of the environment.
 */
class ClusterPddlTest {

    private static final Path CONFIG =
            Path.of("..", "configs", "pddl-linear.yaml").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> LOGS =
            List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl");

    @TempDir Path dir;

    /**
     * Three-block problems with plans of 2 to 4 steps (written here, read against the shared
     * Blocksworld domain), so that the models train from the first iteration on and the second
     * iteration's episodes run with weights the workers must receive.
     */
    private static final List<String> PROBLEMS =
            List.of(
                    "(define (problem tiny-1) (:domain BLOCKS) (:objects A B C)\n"
                            + " (:init (clear a) (clear b) (clear c) (ontable a) (ontable b)"
                            + " (ontable c) (handempty))\n (:goal (and (on a b))))\n",
                    "(define (problem tiny-2) (:domain BLOCKS) (:objects A B C)\n"
                            + " (:init (clear a) (on a b) (ontable b) (clear c) (ontable c)"
                            + " (handempty))\n (:goal (and (on b c))))\n",
                    "(define (problem tiny-3) (:domain BLOCKS) (:objects A B C)\n"
                            + " (:init (clear c) (on c b) (on b a) (ontable a) (handempty))\n"
                            + " (:goal (and (ontable c) (clear a))))\n");

    /** The small sizes of every run and worker here. */
    private List<String> sizes() throws IOException {
        Path blocks = SharedData.require("pddl/blocks");
        Path problems = Files.createDirectories(dir.resolve("problems"));
        for (int i = 0; i < PROBLEMS.size(); i++) {
            Files.writeString(problems.resolve("tiny-" + (i + 1) + ".pddl"), PROBLEMS.get(i));
        }
        return List.of(
                "trainer.seed=5",
                "trainer.evaluate_every=1",
                "trainer.checkpoint_every=1",
                "environment.domain=" + blocks.resolve("domain.pddl"),
                "environment.problems=" + problems,
                "environment.held_out=" + blocks.resolve("probBLOCKS-4-0.pddl"),
                "environment.pool_size=4",
                "environment.max_steps=6",
                "environment.eval_rollouts=1",
                "environment.eval_verdicts=1",
                "algorithm.tasks_per_iteration=2",
                "algorithm.rollouts_per_task=4",
                "algorithm.verdicts_per_step=2",
                "algorithm.rewriter_samples=1");
    }

    @Test
    void aClusterRunAndAResumedClusterRunGiveTheSingleProcessRun() throws Exception {
        List<String> sizes = sizes();
        int[] ports = {
            ClusterRunTest.freePort(), ClusterRunTest.freePort(), ClusterRunTest.freePort()
        };
        String members = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1];
        List<String> engine =
                List.of(
                        "trainer.rollout_engine=hazelcast",
                        "trainer.engine.cluster=pddl-" + UUID.randomUUID(),
                        "trainer.engine.members=" + members,
                        "trainer.engine.group_size=1",
                        "trainer.engine.task_timeout_s=60");
        List<Process> workers = new ArrayList<>();
        try {
            for (int w = 0; w < 2; w++) {
                List<String> args = new ArrayList<>(List.of("worker", CONFIG.toString()));
                args.addAll(sizes);
                args.addAll(engine);
                args.add("trainer.engine.port=" + ports[w]);
                workers.add(
                        ClusterRunTest.start(
                                dir.resolve("worker" + w + ".log"),
                                List.of(),
                                args.toArray(String[]::new)));
            }
            // the single-process run, in this JVM while the workers start
            List<String> single = new ArrayList<>(List.of("train", CONFIG.toString(), "-q"));
            single.addAll(sizes);
            single.addAll(
                    List.of("trainer.iterations=2", "trainer.run_dir=" + dir.resolve("single")));
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            single.toArray(String[]::new)),
                    out.toString());
            List<String> reference = Files.readAllLines(run("single").resolve("metrics.jsonl"));
            assertEquals(3, reference.size(), "iteration 0 and two iterations");
            for (String model : List.of("actor", "reward_model")) {
                assertTrue(
                        JSON.readTree(reference.get(1)).path(model + "/samples").asDouble() > 0,
                        model + " trains in iteration 1: " + reference.get(1));
            }
            for (int w = 0; w < 2; w++) {
                awaitJoined(workers.get(w), dir.resolve("worker" + w + ".log"));
            }

            List<String> cluster = new ArrayList<>(List.of("train", CONFIG.toString(), "-q"));
            cluster.addAll(sizes);
            cluster.addAll(engine);
            cluster.add("trainer.engine.port=" + ports[2]);
            train(
                    "straight",
                    cluster,
                    "trainer.iterations=2",
                    "trainer.run_dir=" + run("straight"));
            train("first", cluster, "trainer.iterations=1", "trainer.run_dir=" + run("halves"));
            assertEquals(
                    2,
                    Files.readAllLines(run("halves").resolve("metrics.jsonl")).size(),
                    "the first half stops after iteration 1");
            train(
                    "resumed",
                    List.of("train", "--resume", run("halves").toString(), "-q"),
                    "trainer.iterations=2");

            for (int w = 0; w < 2; w++) {
                String log = Files.readString(dir.resolve("worker" + w + ".log"));
                assertTrue(
                        log.contains("loaded its first policy weights"),
                        "worker " + w + " ran episodes: " + log);
                assertTrue(
                        log.contains("loaded its first reward_model weights"),
                        "worker " + w + " judged: " + log);
            }
            for (String log : LOGS) {
                List<String> expected = Files.readAllLines(run("single").resolve(log));
                assertEquals(expected, Files.readAllLines(run("straight").resolve(log)), log);
                assertEquals(
                        expected,
                        Files.readAllLines(run("halves").resolve(log)),
                        log + " of the resumed cluster run");
            }
        } finally {
            for (Process worker : workers) {
                worker.destroyForcibly();
                worker.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private Path run(String name) {
        return dir.resolve(name);
    }

    /** {@code rlanything ARGS LAST...} as a cluster trainer process that must finish with 0. */
    private void train(String name, List<String> args, String... last) throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(last));
        Path log = dir.resolve(name + ".log");
        Process trainer = ClusterRunTest.start(log, List.of(), all.toArray(String[]::new));
        assertTrue(trainer.waitFor(180, TimeUnit.SECONDS), "the " + name + " cluster run finishes");
        assertEquals(0, trainer.exitValue(), Files.readString(log));
    }

    private static void awaitJoined(Process worker, Path log)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(log)
                && Files.readString(log).contains("joined the hazelcast cluster"))) {
            assertTrue(
                    worker.isAlive() && System.nanoTime() < deadline,
                    "the worker starts: " + (Files.exists(log) ? Files.readString(log) : "no log"));
            Thread.sleep(50);
        }
    }
}
