package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void theDemoRunsAndSummarises() {
        assertEquals(0, run("demo", "--iterations", "3", "--seed", "1"));
        String text = out.toString();
        assertTrue(text.contains("iter   3"), text);
        assertTrue(text.contains("demo (POLICY_REWARD_ENV, seed 1): 3 iterations"), text);
    }

    @Test
    void badInputExitsWithTwoAndSaysWhy() {
        assertEquals(2, run("demo", "--iterations", "0"));
        assertTrue(err.toString().contains("--iterations (0) must be >= 1."), err.toString());
        assertEquals(2, run("demo", "--arm", "nonsense"));
        assertTrue(err.toString().contains("expected one of"), err.toString());
        assertEquals(2, run("no-such-command"));
    }

    /**
     * The shared options (picocli mixins) check their values the same way in every command that has
     * them.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"alfworld play game.tw-pddl", "alfworld solve game.tw-pddl", "bench env"})
    void theSharedMaxStepsOptionRefusesZeroInEveryCommand(String command) {
        String[] words = (command + " --max-steps 0").split(" ");
        assertEquals(2, run(words));
        assertTrue(err.toString().contains("--max-steps (0) must be >= 1."), err.toString());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"demo", "pretrain", "alfworld rewrite-bench"})
    void theSharedSeedOptionIsInTheHelpOfEveryCommandThatMakesSomethingFromASeed(String command) {
        assertEquals(0, run((command + " --help").split(" ")));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(
                help.contains(
                        "--seed=<seed> Run seed; every random choice derives from it (default 10086)."),
                help);
    }

    /**
     * The settings' own commands reach the command line from their modules (CommandProviders on the
     * class path), beside the generic ones.
     */
    @Test
    void helpListsTheGenericAndTheSettingsCommands() {
        assertEquals(0, run("--help"));
        String top = out.toString();
        for (String command :
                new String[] {
                    "train",
                    "eval",
                    "report",
                    "alfworld",
                    "coding",
                    "demo",
                    "miniwob",
                    "model",
                    "pretrain",
                    "bench",
                    "worker"
                }) {
            assertTrue(top.contains("\n  " + command + " "), command + " in " + top);
        }
        out.getBuffer().setLength(0);
        assertEquals(0, run("bench", "--help"));
        String bench = out.toString();
        for (String command :
                new String[] {"loop", "cluster", "ablation", "env", "gui", "lora", "model"}) {
            assertTrue(bench.contains("\n  " + command + " "), command + " in " + bench);
        }
    }

    @Test
    void ioErrorsNameTheFileAndTheReason() {
        String denied =
                org.rlanything.run.IoErrors.describe(
                        new java.io.UncheckedIOException(
                                "Cannot append to /r/metrics.jsonl.",
                                new java.nio.file.AccessDeniedException("/r/metrics.jsonl")));
        assertTrue(denied.contains("permission denied: /r/metrics.jsonl"), denied);
        String directory =
                org.rlanything.run.IoErrors.describe(
                        new java.nio.file.FileSystemException(
                                "/r/config.yaml", null, "Is a directory"));
        assertEquals("/r/config.yaml: Is a directory", directory);
        String binary =
                org.rlanything.run.IoErrors.describe(
                        new java.io.IOException(
                                "Cannot read /r/policy.table",
                                new java.nio.charset.MalformedInputException(1)));
        assertTrue(binary.contains("/r/policy.table") && binary.contains("not UTF-8"), binary);
    }

    /**
     * Issue 37, house point 4: only bad input (a {@code BadInputException}, a config error among
     * them) is exit 2; an internal check's {@code IllegalArgumentException} or {@code
     * IllegalStateException} is a bug, exit 70 (main mapped every IllegalArgumentException to 2).
     */
    @Test
    void onlyBadInputIsExitTwoAndAnInternalChecksRefusalIsABug() {
        StringWriter err = new StringWriter();
        PrintWriter writer = new PrintWriter(err, true);
        assertEquals(
                2,
                Main.report(
                        new org.rlanything.core.BadInputException("x.yaml, line 3: expected"),
                        writer,
                        false));
        assertEquals(
                2,
                Main.report(
                        new org.rlanything.run.config.ConfigException("x.yaml: bad"),
                        writer,
                        false));
        assertEquals(
                70,
                Main.report(
                        new IllegalArgumentException("A completion has a text or an error."),
                        writer,
                        false));
        assertTrue(
                err.toString().contains("internal error (IllegalArgumentException"),
                err.toString());
        assertEquals(70, Main.report(new IllegalStateException("no page is open"), writer, false));
        assertEquals(
                1,
                Main.report(
                        new java.io.UncheckedIOException(new java.io.IOException("disk full")),
                        writer,
                        false));
    }

    /**
     * Issue 44, cases 9 and 15: an I/O error whose message (or whose cause's) is null is described,
     * not a NullPointerException in the reporter; the out-of-memory advice names a config's sizes
     * only where the command line names a config.
     */
    @Test
    void theReporterSurvivesErrorsWithoutMessagesAndAdvisesByCommand() {
        assertEquals(
                "UnresolvedAddressException",
                org.rlanything.run.IoErrors.describe(
                        new java.io.UncheckedIOException(
                                null,
                                new java.io.IOException(
                                        (String) null,
                                        new java.nio.channels.UnresolvedAddressException()))));
        assertEquals(
                "SocketException",
                org.rlanything.run.IoErrors.describe(new java.net.SocketException()));
        String inspect =
                Main.outOfMemory(null, new String[] {"pddl", "inspect", "d.pddl", "p.pddl"});
        assertTrue(
                inspect.contains("the files this command read are too large")
                        && !inspect.contains("pool_size"),
                inspect);
        assertTrue(
                Main.outOfMemory(null, new String[] {"train", "run.yaml"}).contains("pool_size"));
    }
}
