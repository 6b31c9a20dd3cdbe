package org.rlanything.run.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.rlanything.cli.Main;

/**
 * Property: a malformed config or override (a wrong value for any key, an unknown key or kind, a
 * second document), given in the file or on the command line, makes {@code train} exit 2 with a
 * message naming the file or the override, without a stack trace, and without creating the run
 * folder.
 */
class MalformedConfigProperties {

    private static final Path DIR;
    private static final AtomicInteger RUNS = new AtomicInteger();

    static {
        try {
            DIR = Files.createTempDirectory("malformed-configs");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final List<String> INTEGER_KEYS =
            List.of(
                    "trainer.iterations",
                    "trainer.evaluate_every",
                    "trainer.checkpoint_every",
                    "trainer.keep_checkpoints",
                    "trainer.saved_trajectories",
                    "environment.pool_size",
                    "environment.max_steps",
                    "environment.min_doors",
                    "environment.max_doors",
                    "algorithm.tasks_per_iteration",
                    "algorithm.rollouts_per_task",
                    "algorithm.verdicts_per_step",
                    "algorithm.rewriter_samples");
    private static final List<String> BAD_INTEGERS =
            List.of(
                    "null",
                    "~",
                    "",
                    "-1",
                    "010",
                    "0x1F",
                    "0b11",
                    "1_000",
                    "2000000000",
                    "1.5",
                    "'7'",
                    "[1]",
                    "{a: 1}",
                    ".inf",
                    "true",
                    "many");
    private static final List<String> NUMBER_KEYS =
            List.of(
                    "policy.learning_rate",
                    "reward_model.learning_rate",
                    "reward_model.invalid_rate",
                    "algorithm.lambda",
                    "algorithm.alpha_low",
                    "algorithm.alpha_high");
    private static final List<String> BAD_NUMBERS =
            List.of(
                    "null", ".nan", "-.inf", ".Inf", "1.0e308", "-1", "'0.5'", "[0.5]", "0x10",
                    "yes");
    private static final List<String> ENUM_KEYS = List.of("algorithm.arm", "algorithm.singleton");
    private static final List<String> BAD_ENUMS =
            List.of("1", "0", "POLICYX", "null", "[POLICY]", "{}");

    /**
     * One malformed setting: a dotted key, its raw value, and whether it goes on the command line.
     */
    record Mutation(String key, String value, boolean override) {}

    @Provide
    Arbitrary<Mutation> mutations() {
        Arbitrary<Boolean> where = Arbitraries.of(true, false);
        Arbitrary<Mutation> integers =
                Combinators.combine(
                                Arbitraries.of(INTEGER_KEYS), Arbitraries.of(BAD_INTEGERS), where)
                        .as(Mutation::new);
        Arbitrary<Mutation> numbers =
                Combinators.combine(Arbitraries.of(NUMBER_KEYS), Arbitraries.of(BAD_NUMBERS), where)
                        .as(Mutation::new);
        Arbitrary<Mutation> enums =
                Combinators.combine(Arbitraries.of(ENUM_KEYS), Arbitraries.of(BAD_ENUMS), where)
                        .as(Mutation::new);
        Arbitrary<String> names =
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(3).ofMaxLength(10);
        Arbitrary<Mutation> unknownKeys =
                Combinators.combine(
                                Arbitraries.of(
                                        "trainer",
                                        "environment",
                                        "policy",
                                        "reward_model",
                                        "algorithm"),
                                names,
                                where)
                        .as((section, name, o) -> new Mutation(section + ".x" + name, "1", o));
        Arbitrary<Mutation> unknownKinds =
                Combinators.combine(
                                Arbitraries.of(
                                        "environment.kind", "policy.kind", "reward_model.kind"),
                                names.map(n -> "k" + n),
                                where)
                        .as(Mutation::new);
        return Arbitraries.oneOf(integers, numbers, enums, unknownKeys, unknownKinds);
    }

    private static final Map<String, Map<String, String>> BASE = base();

    private static Map<String, Map<String, String>> base() {
        Map<String, Map<String, String>> base = new LinkedHashMap<>();
        base.put("trainer", new LinkedHashMap<>(Map.of("seed", "5", "iterations", "2")));
        base.put("environment", new LinkedHashMap<>(Map.of("kind", "keylock", "pool_size", "8")));
        base.put("policy", new LinkedHashMap<>(Map.of("kind", "tabular")));
        base.put("reward_model", new LinkedHashMap<>(Map.of("kind", "tabular")));
        base.put("algorithm", new LinkedHashMap<>(Map.of("tasks_per_iteration", "4")));
        return base;
    }

    private static String yaml(Map<String, Map<String, String>> sections) {
        StringBuilder text = new StringBuilder();
        sections.forEach(
                (section, keys) -> {
                    text.append(section).append(":\n");
                    keys.forEach(
                            (key, value) ->
                                    text.append("  ")
                                            .append(key)
                                            .append(": ")
                                            .append(value)
                                            .append('\n'));
                });
        return text.toString();
    }

    @Property(tries = 150)
    void aMalformedSettingIsRefusedWithItsPlaceAndNothingIsWritten(
            @ForAll("mutations") Mutation mutation, @ForAll boolean secondDocument)
            throws IOException {
        int n = RUNS.incrementAndGet();
        Path file = DIR.resolve("config-" + n + ".yaml");
        Path run = DIR.resolve("run-" + n);
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        BASE.forEach((section, keys) -> sections.put(section, new LinkedHashMap<>(keys)));
        List<String> args =
                new ArrayList<>(List.of("train", file.toString(), "-q", "trainer.run_dir=" + run));
        String override = mutation.key() + "=" + mutation.value();
        if (mutation.override()) {
            args.add(override);
        } else {
            String[] parts = mutation.key().split("\\.");
            sections.get(parts[0]).put(parts[1], mutation.value());
        }
        boolean extraDocument = secondDocument && mutation.override();
        Files.writeString(
                file, yaml(sections) + (extraDocument ? "---\ntrainer:\n  iterations: 3\n" : ""));

        StringWriter out = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        args.toArray(String[]::new));
        String message = out.toString();
        assertEquals(2, code, mutation + ": " + message);
        if (mutation.override() && !extraDocument) {
            assertTrue(
                    message.contains("Command-line override '" + override + "'"),
                    mutation + ": " + message);
        } else {
            assertTrue(message.contains(file.toString()), mutation + ": " + message);
        }
        assertFalse(
                message.contains("\tat ") || message.contains("Exception"),
                mutation + ": " + message);
        assertFalse(Files.exists(run), mutation + ": no run folder");
    }

    @AfterContainer
    static void cleanUp() throws IOException {
        org.rlanything.core.io.AtomicFiles.deleteTree(DIR);
    }
}
