package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;
import org.rlanything.cli.Main;
import org.rlanything.core.io.AtomicFiles;

/**
 * Issue 27, property: random damage to a finished run folder (a file or folder deleted, a file cut
 * short, a byte flipped, a line duplicated, two lines swapped; any file of the folder, logs,
 * config, run record, every checkpoint's files and manifests) never makes {@code train --resume} or
 * {@code eval} exit 0 with figures other than the undamaged run's: either the resumed run's logs
 * equal an uninterrupted run's line for line and the evaluation prints the same figures, or the
 * command exits 2 with one line naming a file of the folder.
 */
class RunFolderDamagePropertyTest {

    private static final String CONFIG =
            "trainer: {seed: 31, iterations: 8, evaluate_every: 4, checkpoint_every: 1,"
                    + " keep_checkpoints: 3}\n"
                    + "environment: {kind: keylock, pool_size: 8}\n"
                    + "algorithm: {tasks_per_iteration: 4, rollouts_per_task: 4}\n";

    private static Path dir;
    private static Path finished;
    private static Path reference;
    private static String evaluated;

    /** Every file and folder of the finished run (relative), the targets of the damage. */
    private static List<String> targets;

    private static int cli(StringWriter out, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
    }

    @BeforeContainer
    static void runs() throws IOException {
        dir = Files.createTempDirectory("run-folder-damage");
        Path config = Files.writeString(dir.resolve("run.yaml"), CONFIG);
        finished = dir.resolve("finished");
        reference = dir.resolve("reference");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                cli(out, "train", config.toString(), "-q", "trainer.run_dir=" + finished),
                "" + out);
        assertEquals(
                0,
                cli(
                        out,
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.iterations=10",
                        "trainer.run_dir=" + reference),
                "" + out);
        StringWriter eval = new StringWriter();
        assertEquals(0, cli(eval, "eval", finished.toString()), eval.toString());
        evaluated = eval.toString().strip().replace(finished.toString(), "RUN");
        try (Stream<Path> walk = Files.walk(finished)) {
            targets =
                    walk.filter(p -> !p.equals(finished))
                            .map(p -> finished.relativize(p).toString())
                            .sorted()
                            .toList();
        }
    }

    @AfterContainer
    static void removeRuns() throws IOException {
        AtomicFiles.deleteTree(dir);
    }

    /** How a target is damaged. */
    enum Kind {
        DELETE,
        TRUNCATE,
        FLIP,
        DUPLICATE_LINE,
        SWAP_LINES
    }

    /** One damage: a target, a kind, where in the file (0 to 1), and the bits a flip changes. */
    record Damage(int target, Kind kind, double at, int bits) {
        @Override
        public String toString() {
            return kind + " " + targets.get(target) + " at " + at + " (bits " + bits + ")";
        }
    }

    @Provide
    Arbitrary<List<Damage>> damages() {
        Arbitrary<Damage> one =
                Combinators.combine(
                                Arbitraries.integers().between(0, targets.size() - 1),
                                Arbitraries.of(Kind.class),
                                Arbitraries.doubles().between(0, 1),
                                Arbitraries.integers().between(1, 255))
                        .as(Damage::new);
        return one.list().ofMinSize(1).ofMaxSize(2);
    }

    @Property(
            tries = 100,
            seed = "27",
            shrinking = ShrinkingMode.OFF,
            edgeCases = EdgeCasesMode.NONE)
    void resumeAndEvalGiveTheUninterruptedFiguresOrNameAFile(
            @ForAll("damages") List<Damage> damages) throws IOException {
        Path run = Files.createTempDirectory(dir, "damaged");
        AtomicFiles.deleteTree(run);
        RunFolderVerificationTest.copyTree(finished, run);
        for (Damage damage : damages) {
            apply(run.resolve(targets.get(damage.target())), damage);
        }
        StringWriter eval = new StringWriter();
        int evaluatedCode = cli(eval, "eval", run.toString());
        if (evaluatedCode == 0) {
            assertEquals(
                    evaluated,
                    eval.toString().strip().replace(run.toString(), "RUN"),
                    damages + ": evaluated other figures");
        } else {
            namesAFile(damages, run, evaluatedCode, eval.toString());
        }
        StringWriter out = new StringWriter();
        int resumed = cli(out, "train", "--resume", run.toString(), "-q", "trainer.iterations=10");
        Statistics.label("resume").collect(resumed == 0 ? "same figures" : "refused, file named");
        Statistics.label("eval")
                .collect(evaluatedCode == 0 ? "same figures" : "refused, file named");
        Statistics.label("damage").collect(damages.get(0).kind());
        if (resumed == 0) {
            for (String log : List.of("metrics.jsonl", "pool.jsonl", "trajectories.jsonl")) {
                assertEquals(
                        Files.readAllLines(reference.resolve(log)),
                        Files.readAllLines(run.resolve(log)),
                        damages + ": resumed with other figures in " + log);
            }
        } else {
            namesAFile(damages, run, resumed, out.toString());
        }
        AtomicFiles.deleteTree(run);
    }

    private static void namesAFile(List<Damage> damages, Path run, int code, String message) {
        assertEquals(2, code, damages + ": " + message);
        assertTrue(message.contains(run.toString()), damages + ": names no file: " + message);
        assertFalse(message.contains("\tat "), damages + ": " + message);
        assertEquals(1, message.strip().lines().count(), damages + ": one line: " + message);
    }

    private static void apply(Path target, Damage damage) throws IOException {
        if (!Files.exists(target)) {
            return; // removed by the first damage
        }
        if (damage.kind() == Kind.DELETE || Files.isDirectory(target)) {
            AtomicFiles.deleteTree(target);
            return;
        }
        byte[] bytes = Files.readAllBytes(target);
        if (bytes.length == 0) {
            return;
        }
        int at = (int) Math.min(bytes.length - 1, Math.floor(damage.at() * bytes.length));
        switch (damage.kind()) {
            case TRUNCATE -> Files.write(target, Arrays.copyOf(bytes, at));
            case FLIP -> {
                bytes[at] ^= (byte) damage.bits();
                Files.write(target, bytes);
            }
            default -> {
                List<String> lines =
                        new ArrayList<>(
                                Arrays.asList(
                                        new String(bytes, StandardCharsets.ISO_8859_1)
                                                .split("\n", -1)));
                int line = Math.min(lines.size() - 1, (int) (damage.at() * lines.size()));
                if (damage.kind() == Kind.DUPLICATE_LINE) {
                    lines.add(line, lines.get(line));
                } else if (line + 1 < lines.size()) {
                    lines.add(line + 1, lines.remove(line));
                }
                Files.write(target, String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1));
            }
        }
    }
}
