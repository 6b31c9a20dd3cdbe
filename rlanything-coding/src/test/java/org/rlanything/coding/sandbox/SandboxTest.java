package org.rlanything.coding.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ordinary programs in the sandbox: standard input and output, Java, compile errors, exit codes.
 */
class SandboxTest {

    private static Sandbox sandbox;

    @BeforeAll
    static void open() {
        sandbox = Sandbox.open(SandboxSettings.defaults(2));
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    @Test
    void aPythonProgramReadsStdinAndWritesStdout() {
        try (PreparedProgram p =
                sandbox.prepare(
                        Language.PYTHON,
                        "import sys\nnums = list(map(int, sys.stdin.read().split()))\nprint(sum(nums))\n")) {
            RunResult r = sandbox.run(p, "1 2 3\n4\n");
            assertEquals(RunStatus.OK, r.status(), r.stderr());
            assertEquals("10\n", r.stdout());
            RunResult again = sandbox.run(p, "5 5");
            assertEquals("10\n", again.stdout());
        }
    }

    @Test
    void aFailingProgramIsARuntimeErrorWithItsExitCode() {
        try (PreparedProgram p = sandbox.prepare(Language.PYTHON, "import sys\nsys.exit(3)\n")) {
            RunResult r = sandbox.run(p, "");
            assertEquals(RunStatus.RUNTIME_ERROR, r.status());
            assertEquals(3, r.exitCode());
        }
    }

    @Test
    void aJavaProgramCompilesAndRuns() {
        String source =
                "import java.util.*;\n"
                        + "public class Main {\n"
                        + "  public static void main(String[] a) {\n"
                        + "    Scanner s = new Scanner(System.in);\n"
                        + "    long t = 0; while (s.hasNextLong()) t += s.nextLong();\n"
                        + "    System.out.println(t);\n"
                        + "  }\n"
                        + "}\n";
        try (PreparedProgram p = sandbox.prepare(Language.JAVA, source)) {
            assertTrue(p.runnable(), p.compileError().orElse(""));
            RunResult r = sandbox.run(p, "40 2");
            assertEquals(RunStatus.OK, r.status(), r.stderr());
            assertEquals("42", r.stdout().strip());
        }
    }

    @Test
    void aJavaMemoryHogGetsAMemoryError() {
        String source =
                "public class Main { public static void main(String[] a) {"
                        + " java.util.List<long[]> l = new java.util.ArrayList<>();"
                        + " while (true) l.add(new long[1 << 20]); } }";
        try (PreparedProgram p = sandbox.prepare(Language.JAVA, source)) {
            RunResult r = sandbox.run(p, "");
            assertEquals(RunStatus.MEMORY_LIMIT, r.status(), r.stderr());
        }
    }

    @Test
    void aJavaSourceThatDoesNotCompileIsReportedNotRun() {
        try (PreparedProgram p =
                sandbox.prepare(Language.JAVA, "public class Main { void f() { int x = ; } }")) {
            assertFalse(p.runnable());
            RunResult r = sandbox.run(p, "");
            assertEquals(RunStatus.COMPILE_ERROR, r.status());
            assertTrue(r.stderr().contains("Main.java"), r.stderr());
        }
    }

    @Test
    void runsInParallelGiveEachTheirOwnResult() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (PreparedProgram p = sandbox.prepare(Language.PYTHON, "print(int(input()) * 2)\n")) {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String in = Integer.toString(i);
                futures.add(pool.submit(() -> sandbox.run(p, in)));
            }
            for (int i = 0; i < 8; i++) {
                assertEquals(Integer.toString(2 * i), futures.get(i).get().stdout().strip());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aJavaInfiniteLoopAndAThreadBombAreStoppedAndLeaveNothing() throws Exception {
        SandboxLimits quick =
                SandboxLimits.DEFAULTS.withTimeLimit(java.time.Duration.ofMillis(1500));
        String spin =
                "public class Main { public static void main(String[] a) { long x = 0;"
                        + " while (true) { x++; } } }";
        try (PreparedProgram p = sandbox.prepare(Language.JAVA, spin)) {
            RunResult r = sandbox.run(p, "", quick);
            assertEquals(RunStatus.TIME_LIMIT, r.status(), r.stderr());
        }
        String marker = "threadbomb";
        // threads that ignore interruption, started until the JVM cannot make more
        String bomb =
                "public class "
                        + "Main { public static void main(String[] a) throws Exception {"
                        + " String m = \""
                        + marker
                        + "\"; int n = 0;"
                        + " try { while (true) { Thread t = new Thread(() -> { while (true) {"
                        + " try { Thread.sleep(1000); } catch (InterruptedException e) { } } });"
                        + " t.start(); n++; } }"
                        + " catch (Throwable e) { System.out.println(m + \" stopped after \" + n); }"
                        + " Thread.sleep(60000); } }";
        try (PreparedProgram p = sandbox.prepare(Language.JAVA, bomb)) {
            assertTrue(p.runnable(), p.compileError().orElse(""));
            RunResult r = sandbox.run(p, "", quick);
            assertEquals(RunStatus.TIME_LIMIT, r.status(), r.stderr());
        }
        if (sandbox.separateUsers()) {
            assertEquals(
                    List.of(), processesOfSandboxUsers(), "processes of the sandbox users left");
        }
        assertEquals("ok", runPython("print('ok')").strip(), "the sandbox still works");
    }

    /** Live processes on the machine whose user is one of the sandbox's run users. */
    private static List<String> processesOfSandboxUsers() throws java.io.IOException {
        List<String> found = new ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> procs =
                java.nio.file.Files.list(java.nio.file.Path.of("/proc"))) {
            for (java.nio.file.Path p : procs.toList()) {
                if (!p.getFileName().toString().matches("\\d+")) {
                    continue;
                }
                try {
                    List<String> status = java.nio.file.Files.readAllLines(p.resolve("status"));
                    // a zombie is dead: it only waits for the machine's init to reap it
                    boolean zombie =
                            status.stream()
                                    .anyMatch(l -> l.startsWith("State:") && l.contains("Z"));
                    for (String line : status) {
                        if (line.startsWith("Uid:") && !zombie) {
                            int uid = Integer.parseInt(line.split("\\s+")[1]);
                            if (uid >= Sandbox.FIRST_SLOT_UID
                                    && uid < Sandbox.FIRST_SLOT_UID + Sandbox.UID_POOL) {
                                found.add(p.getFileName() + " uid " + uid);
                            }
                        }
                    }
                } catch (java.io.IOException e) {
                    // the process ended meanwhile
                }
            }
        }
        return found;
    }

    private static String runPython(String source) {
        try (PreparedProgram p = sandbox.prepare(Language.PYTHON, source)) {
            return sandbox.run(p, "").stdout();
        }
    }
}
