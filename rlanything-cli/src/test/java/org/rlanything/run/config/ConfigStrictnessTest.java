package org.rlanything.run.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.cli.Main;

/**
 * Findings 4, 6 and 7: sizes are bounded, wrong values are refused, and every error names its
 * place.
 */
class ConfigStrictnessTest {

    @TempDir Path dir;

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, yaml);
        return file;
    }

    private String error(String yaml, String... overrides) throws IOException {
        Path file = write("run.yaml", yaml);
        return assertThrows(
                        ConfigException.class, () -> ConfigLoader.load(file, List.of(overrides)))
                .getMessage();
    }

    /**
     * Runs {@code train} in-process; asserts exit 2, no stack trace, no run folder; returns the
     * message.
     */
    private String refusedTrain(String yaml, String... overrides) throws IOException {
        Path file = write("train.yaml", yaml);
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        List<String> args =
                new java.util.ArrayList<>(
                        List.of("train", file.toString(), "-q", "trainer.run_dir=" + run));
        args.addAll(List.of(overrides));
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        args.toArray(String[]::new));
        assertEquals(2, code, out.toString());
        assertFalse(out.toString().contains("\tat "), "no stack trace: " + out);
        assertFalse(Files.exists(run), "no run folder: " + out);
        return out.toString();
    }

    @Test
    void finding4SizesHaveUpperBoundsAndDeepNestingIsAMessage() throws IOException {
        for (String override :
                List.of(
                        "environment.pool_size=2000000000",
                        "algorithm.rollouts_per_task=100000000",
                        "algorithm.verdicts_per_step=100000000")) {
            String message = refusedTrain("environment: {kind: keylock}\n", override);
            assertTrue(message.contains("Command-line override '" + override + "'"), message);
        }
        String memory =
                refusedTrain(
                        "environment: {kind: keylock, pool_size: 100000, max_steps: 1000}\n"
                                + "algorithm: {tasks_per_iteration: 100000, rollouts_per_task: 1024}\n");
        assertTrue(
                memory.contains("MiB") && memory.contains("algorithm.rollouts_per_task"), memory);
        String candidates =
                refusedTrain(
                        "environment: {kind: keylock, pool_size: 100000}\n"
                                + "algorithm: {tasks_per_iteration: 100000, rewriter_samples: 1000000}\n");
        assertTrue(candidates.contains("algorithm.rewriter_samples 1000000"), candidates);
        String nested = refusedTrain("trainer: " + "[".repeat(2000) + "]".repeat(2000) + "\n");
        assertTrue(nested.contains("train.yaml") && nested.contains("not valid YAML"), nested);
    }

    @Test
    void finding6IntegersInDecimalOnlyAndNoNulls() throws IOException {
        String octal = error("trainer:\n  iterations: 010\n");
        assertTrue(
                octal.contains("line 2: trainer.iterations: 010 is not a plain decimal number"),
                octal);
        assertTrue(
                error("trainer:\n  iterations: 0x10\n")
                        .contains("trainer.iterations: 0x10 is not"));
        String override = error("{}\n", "trainer.iterations=010");
        assertTrue(override.startsWith("Command-line override 'trainer.iterations=010'"), override);
        String nullOverride = error("{}\n", "trainer.iterations=null");
        assertTrue(nullOverride.contains("trainer.iterations: no value (null)"), nullOverride);
        String nullValue = error("trainer:\n  iterations: ~\n");
        assertTrue(nullValue.contains("line 2: trainer.iterations: no value (null)"), nullValue);
    }

    @Test
    void finding6OneDocumentOnly() throws IOException {
        String message = error("trainer:\n  iterations: 3\n---\ntrainer:\n  iterations: 50\n");
        assertTrue(message.contains("line 3") || message.contains("line 4"), message);
        assertTrue(message.contains("a second YAML document"), message);
    }

    /**
     * Finding 6: enums by name only, and values that would silently do something else, are refused.
     */
    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("refusedValues")
    void finding6RefusedValuesNameTheLineTheKeyAndWhatIsExpected(String yaml, String expected)
            throws IOException {
        String message = error(yaml);
        assertTrue(message.contains(expected), message);
    }

    static Stream<Arguments> refusedValues() {
        return Stream.of(
                Arguments.of("algorithm:\n  arm: 1\n", "line 2: algorithm.arm: expected one of"),
                Arguments.of(
                        "algorithm:\n  singleton: 0\n",
                        "line 2: algorithm.singleton: expected one of"),
                Arguments.of(
                        "environment:\n  kind: keylock\n  pool_size: 8\nalgorithm:\n  tasks_per_iteration: 12\n",
                        "line 5: algorithm.tasks_per_iteration: expected at most environment.pool_size (8)"),
                Arguments.of(
                        "algorithm:\n  rollouts_per_task: 1\n",
                        "algorithm.rollouts_per_task: expected an integer from 2"),
                Arguments.of(
                        "policy:\n  kind: tabular\n  learning_rate: 1.0e308\n",
                        "line 3: policy.learning_rate: expected a number > 0 and <= 100.0"),
                Arguments.of(
                        "algorithm:\n  lambda: 50\n",
                        "algorithm.lambda: expected a number from 0.0 to 10.0"));
    }

    @Test
    void finding6AResumeMayOnlyGrowIterationsAndRecordsTheOverride() throws IOException {
        Path config =
                write(
                        "demo.yaml",
                        "trainer: {seed: 3, iterations: 6}\nenvironment: {kind: keylock, pool_size: 8}\n"
                                + "algorithm: {tasks_per_iteration: 4}\n");
        Path run = dir.resolve("resumed");
        StringWriter out = new StringWriter();
        PrintWriter print = new PrintWriter(out, true);
        assertEquals(
                0,
                Main.run(print, print, "train", config.toString(), "-q", "trainer.run_dir=" + run));
        String before = Files.readString(run.resolve("config.yaml"));
        assertEquals(
                2,
                Main.run(
                        print,
                        print,
                        "train",
                        "--resume",
                        run.toString(),
                        "-q",
                        "trainer.iterations=4"));
        assertTrue(out.toString().contains("trainer.iterations may only grow"), out.toString());
        assertEquals(before, Files.readString(run.resolve("config.yaml")), "config.yaml unchanged");
        assertEquals(
                0,
                Main.run(
                        print,
                        print,
                        "train",
                        "--resume",
                        run.toString(),
                        "-q",
                        "trainer.iterations=8"),
                out.toString());
        String after = Files.readString(run.resolve("config.yaml"));
        assertTrue(
                after.contains("# ")
                        && after.contains(
                                "resumed with trainer.iterations=8 (trainer.iterations"
                                        + " was 6)"),
                after);
        assertEquals(
                8, ConfigLoader.load(run.resolve("config.yaml"), List.of()).trainer().iterations());
    }

    @Test
    void finding7ErrorsNameTheirPlace() throws IOException {
        Path base =
                write("base.yaml", "trainer:\n  seed: 1\n\n\nalgorithm:\n  rollouts_per_task: 0\n");
        Path arm = write("arms/arm.yaml", "extends: ../base.yaml\ntrainer:\n  iterations: 5\n");
        String inBase =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(arm, List.of()))
                        .getMessage();
        assertTrue(
                inBase.startsWith(
                        base.toAbsolutePath().normalize()
                                + ", line 6: algorithm.rollouts_per_task"),
                inBase);
        String nan = error("algorithm:\n  lambda: .nan\n");
        assertTrue(nan.contains("line 2: algorithm.lambda: .nan is not a finite number"), nan);
        assertFalse(nan.contains("not valid YAML"), nan);
        String inf = error("algorithm:\n  lambda: .inf\n");
        assertTrue(inf.contains("algorithm.lambda: .inf is not a finite number"), inf);

        Path binary = dir.resolve("binary.yaml");
        Files.write(binary, new byte[] {0x1f, (byte) 0x8b, 8, 0, (byte) 0xc3, 0x28});
        String notText =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(binary, List.of()))
                        .getMessage();
        assertTrue(notText.contains(binary.toString()) && notText.contains("not UTF-8"), notText);
        assertFalse(notText.contains("Input length"), notText);
    }

    @Test
    void finding7ReportOnAStartedRunWithoutMetricsSaysSo() throws IOException {
        Path run = dir.resolve("started");
        Files.createDirectories(run);
        Files.writeString(run.resolve("config.yaml"), "trainer: {seed: 1}\n");
        StringWriter out = new StringWriter();
        PrintWriter print = new PrintWriter(out, true);
        assertEquals(2, Main.run(print, print, "report", run.toString()));
        assertTrue(out.toString().contains("has no metrics yet"), out.toString());
        assertFalse(out.toString().contains("not a run folder"), out.toString());
    }
}
