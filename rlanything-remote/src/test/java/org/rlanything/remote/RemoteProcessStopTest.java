package org.rlanything.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 44, case 4: the environment server a run started never outlives it, its own children
 * included: not after the run closes it, and not after the run's Java process is killed with {@code
 * kill -9} (SIGKILL, which runs no shutdown hook), which left the server running for a minute and
 * more.
 */
@Timeout(120)
class RemoteProcessStopTest {

    private static String spawner() {
        try {
            return "python3 "
                    + Path.of(RemoteProcessStopTest.class.getResource("/spawner.py").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits up to {@code seconds} for every process of {@code pids} to end; returns those left. */
    private static List<Long> survivors(List<Long> pids, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<Long> alive = pids;
        while (System.nanoTime() < end) {
            alive = pids.stream().filter(RemoteProcessStopTest::running).toList();
            if (alive.isEmpty()) {
                return alive;
            }
            Thread.sleep(100);
        }
        return alive;
    }

    /**
     * Whether process {@code pid} still runs: alive and not a zombie (an ended process that its new
     * parent, the container's init, has not collected yet: {@link ProcessHandle#isAlive} counts
     * it).
     */
    private static boolean running(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("Z");
        } catch (IOException e) {
            return false; // gone while we looked
        }
    }

    /**
     * The server's two children: the plain one and the one in a session of its own that ignores
     * TERM and HUP (see spawner.py).
     */
    private static List<Long> childPids(ProcessHandle parent) throws InterruptedException {
        return List.of(childPid(parent, "sleep 300"), childPid(parent, "sleep 301"));
    }

    private static long childPid(ProcessHandle parent, String command) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            var sleeper =
                    parent.descendants()
                            .filter(p -> p.info().commandLine().orElse("").contains(command))
                            .findFirst();
            if (sleeper.isPresent()) {
                return sleeper.get().pid();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the server's child (" + command + ") did not start");
    }

    @Test
    void closingTheEnvironmentEndsTheServerAndItsChildren() throws InterruptedException {
        RemoteProcess server = RemoteProcess.start(spawner(), 20);
        List<Long> started =
                ProcessHandle.current()
                        .descendants()
                        .filter(p -> p.info().commandLine().orElse("").contains("spawner.py"))
                        .map(ProcessHandle::pid)
                        .toList();
        assertFalse(started.isEmpty(), "the server runs");
        List<Long> children = childPids(ProcessHandle.current());
        long start = System.nanoTime();
        server.close();
        java.util.Set<Long> all = new java.util.TreeSet<>(started);
        all.addAll(children);
        assertEquals(List.of(), survivors(List.copyOf(all), 5), "processes left after close");
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("TIMING close: every process gone %.2f s after close()%n", seconds);
        assertTrue(seconds < 5, "closed in " + seconds + " s");
    }

    @Test
    void killingTheRunsJavaProcessEndsTheServerItStarted() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process run =
                new ProcessBuilder(
                                java,
                                "-cp",
                                System.getProperty("java.class.path"),
                                HoldServer.class.getName(),
                                "python3",
                                spawner().substring("python3 ".length()))
                        .redirectErrorStream(true)
                        .start();
        try {
            BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("holding http://127.0.0.1:9/"), line);
            List<Long> children = childPids(run.toHandle());
            java.util.Set<Long> pids = new java.util.TreeSet<>();
            run.descendants().forEach(p -> pids.add(p.pid()));
            pids.addAll(children);
            List<Long> held = List.copyOf(pids);
            assertTrue(held.size() >= 3, "the wrapper, the server and its child: " + held);
            // kill -9: no shutdown hook runs
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-9", Long.toString(run.pid())).start().waitFor());
            assertTrue(run.waitFor(10, TimeUnit.SECONDS));
            assertEquals(137, run.exitValue(), "killed by SIGKILL");
            long start = System.nanoTime();
            assertEquals(List.of(), survivors(held, 10), "processes left after kill -9");
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    "TIMING kill -9: every process gone %.2f s after the kill%n", seconds);
            assertTrue(seconds < 5, "the server ended " + seconds + " s after the kill");
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
        }
    }
}
