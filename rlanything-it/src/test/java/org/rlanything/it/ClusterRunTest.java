package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.testfixtures.ChildJvm;

/**
 * Real processes on the loopback: two {@code rlanything worker} members and a {@code rlanything
 * train} trainer on {@code configs/demo.yaml} give the same metrics, pool and trajectories as a
 * single-process run, also when the workers are killed with SIGKILL, one after the other, in the
 * middle of the run, or one hangs.
 */
class ClusterRunTest {

    private static final Path CONFIG =
            Path.of("..", "configs", "demo.yaml").toAbsolutePath().normalize();
    private static final List<String> LOGS =
            List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl");

    /**
     * The demo's first 16 of 40 iterations: the workers' stalls (their 20th or 30th group) fall in
     * the middle of them, and each run costs the suite 40% of the whole demo.
     */
    private static final int ITERATIONS = 16;

    @TempDir static Path shared;

    @TempDir Path dir;

    private final List<Process> workers = new ArrayList<>();

    @BeforeAll
    static void reference() throws Exception {
        Process single =
                start(
                        shared.resolve("reference.log"),
                        List.of(),
                        "train",
                        CONFIG.toString(),
                        "trainer.run_dir=" + shared.resolve("reference"),
                        "trainer.iterations=" + ITERATIONS,
                        "-q");
        assertTrue(single.waitFor(120, TimeUnit.SECONDS), "the single-process run finishes");
        assertEquals(0, single.exitValue(), Files.readString(shared.resolve("reference.log")));
    }

    @AfterEach
    void stopWorkers() throws InterruptedException {
        for (Process worker : workers) {
            worker.destroyForcibly();
            worker.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoWorkersGiveTheSingleProcessRun() throws Exception {
        List<String> engine = cluster(List.of());
        Process trainer = start(dir.resolve("trainer.log"), List.of(), trainArgs(engine));
        assertTrue(trainer.waitFor(180, TimeUnit.SECONDS), "the cluster run finishes");
        assertEquals(0, trainer.exitValue(), Files.readString(dir.resolve("trainer.log")));
        assertSameRun(dir.resolve("run"));
        for (int w = 0; w < 2; w++) {
            String log = Files.readString(dir.resolve("worker" + w + ".log"));
            assertTrue(
                    log.contains("loaded its first policy weights"),
                    "worker " + w + " ran episodes: " + log);
            assertTrue(
                    log.contains("loaded its first reward_model weights"),
                    "worker " + w + " judged: " + log);
        }
    }

    /**
     * One worker killed in the middle of the run: its groups run again on the other; then the other
     * killed too: the trainer runs what is left itself. One cluster for both losses, as a user's
     * cluster loses its members one after another.
     */
    @Test
    void killedWorkersEpisodesRunElsewhereAndLastInTheTrainer() throws Exception {
        List<String> engine =
                new ArrayList<>(cluster(List.of("-Drlanything.hazelcast.test.stall_at_group=30")));
        engine.add(
                "trainer.engine.group_size=3"); // other groups than the first test's, with a short
        // last one
        Process trainer = start(dir.resolve("trainer.log"), List.of(), trainArgs(engine));
        Path worker = dir.resolve("worker0.log");
        Path metrics = dir.resolve("run").resolve("metrics.jsonl");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.readString(worker).contains("test: worker stalls")
                && trainer.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(
                trainer.isAlive(),
                "the run is still going when the first worker is killed: "
                        + Files.readString(dir.resolve("trainer.log")));
        long before = lines(metrics);
        workers.get(0).destroyForcibly();
        // the other worker takes the stalled worker's groups and the run goes on: two more
        // iterations, then the last worker is lost too
        while (lines(metrics) < before + 2 && trainer.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        long second = lines(metrics);
        assertTrue(
                trainer.isAlive() && second < ITERATIONS,
                "the run is still going when the last worker is killed, after "
                        + second
                        + " metrics lines: "
                        + Files.readString(dir.resolve("trainer.log")));
        workers.get(1).destroyForcibly();
        assertTrue(trainer.waitFor(180, TimeUnit.SECONDS), "the run finishes without its workers");
        String log = Files.readString(dir.resolve("trainer.log"));
        assertEquals(0, trainer.exitValue(), log);
        assertTrue(
                log.contains("runs again on another worker"),
                "work of the first killed worker was re-run on the other: " + log);
        // the last worker goes with work in flight ("runs again in the trainer") or between two
        // batches; either way the trainer runs the rest itself
        assertTrue(
                log.contains("no worker is left"),
                "the trainer ran the rest of the run itself: " + log);
        assertTrue(
                before > 1 && before < ITERATIONS + 1,
                "killed in the middle of the run, after " + before + " metrics lines");
        assertSameRun(dir.resolve("run"));
    }

    @Test
    void aTrainerWithoutWorkersSaysWhichClusterItWaitedFor() throws Exception {
        int port = freePort();
        Process trainer =
                start(
                        dir.resolve("trainer.log"),
                        List.of(),
                        trainArgs(
                                List.of(
                                        "trainer.rollout_engine=hazelcast",
                                        "trainer.engine.cluster=nobody",
                                        "trainer.engine.members=127.0.0.1:" + port,
                                        "trainer.engine.port=" + freePort(),
                                        "trainer.engine.join_timeout_s=2")));
        assertTrue(trainer.waitFor(60, TimeUnit.SECONDS), "the trainer gives up");
        String log = Files.readString(dir.resolve("trainer.log"));
        assertEquals(1, trainer.exitValue(), log);
        assertTrue(
                log.contains(
                        "No worker joined the hazelcast cluster nobody at 127.0.0.1:"
                                + port
                                + " within 2 s"),
                log);
    }

    @Test
    void aWorkerThatHangsLosesItsWorkAfterTheTaskTimeout() throws Exception {
        List<String> engine =
                new ArrayList<>(cluster(List.of("-Drlanything.hazelcast.test.stall_at_group=20")));
        engine.add("trainer.engine.task_timeout_s=2");
        Process trainer = start(dir.resolve("trainer.log"), List.of(), trainArgs(engine));
        assertTrue(trainer.waitFor(180, TimeUnit.SECONDS), "the run finishes beside a hung worker");
        String log = Files.readString(dir.resolve("trainer.log"));
        assertEquals(0, trainer.exitValue(), log);
        assertTrue(Files.readString(dir.resolve("worker0.log")).contains("test: worker stalls"));
        assertTrue(log.contains("did not answer within 2 s"), log);
        assertSameRun(dir.resolve("run"));
    }

    private List<String> cluster(List<String> firstOptions) throws Exception {
        return cluster(firstOptions, List.of());
    }

    /** Starts two workers on free loopback ports with these JVM options; the trainer's settings. */
    private List<String> cluster(List<String> firstOptions, List<String> secondOptions)
            throws Exception {
        int[] ports = {freePort(), freePort(), freePort()};
        String members = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1];
        String name = "test-" + UUID.randomUUID();
        for (int w = 0; w < 2; w++) {
            Path log = dir.resolve("worker" + w + ".log");
            workers.add(
                    start(
                            log,
                            w == 0 ? firstOptions : secondOptions,
                            "worker",
                            CONFIG.toString(),
                            "trainer.rollout_engine=hazelcast",
                            "trainer.engine.cluster=" + name,
                            "trainer.engine.members=" + members,
                            "trainer.engine.port=" + ports[w]));
        }
        for (int w = 0; w < 2; w++) {
            Path log = dir.resolve("worker" + w + ".log");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(Files.exists(log)
                    && Files.readString(log).contains("joined the hazelcast cluster"))) {
                assertTrue(
                        workers.get(w).isAlive() && System.nanoTime() < deadline,
                        "worker "
                                + w
                                + " starts: "
                                + (Files.exists(log) ? Files.readString(log) : "no log"));
                Thread.sleep(50);
            }
        }
        return List.of(
                "trainer.rollout_engine=hazelcast",
                "trainer.engine.cluster=" + name,
                "trainer.engine.members=" + members,
                "trainer.engine.port=" + ports[2],
                "trainer.engine.task_timeout_s=60");
    }

    private String[] trainArgs(List<String> engine) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "train",
                                CONFIG.toString(),
                                "trainer.run_dir=" + dir.resolve("run"),
                                "trainer.iterations=" + ITERATIONS,
                                "-q"));
        args.addAll(engine);
        return args.toArray(String[]::new);
    }

    private static void assertSameRun(Path run) throws IOException {
        for (String log : LOGS) {
            List<String> expected = Files.readAllLines(shared.resolve("reference").resolve(log));
            List<String> actual = Files.readAllLines(run.resolve(log));
            assertEquals(expected.size(), actual.size(), log + " line count");
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i), actual.get(i), log + " line " + (i + 1));
            }
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static long lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (var stream = Files.lines(file)) {
            return stream.count();
        }
    }

    /** Starts {@code rlanything ARGS} in a new JVM with the test class path. */
    static Process start(Path log, List<String> jvmOptions, String... args) throws IOException {
        List<String> options =
                new ArrayList<>(List.of("-Xmx512m", "-Dhazelcast.phone.home.enabled=false"));
        options.addAll(jvmOptions);
        return new ProcessBuilder(
                        ChildJvm.command(options, "org.rlanything.cli.Main", List.of(args)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }
}
