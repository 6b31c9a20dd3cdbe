package org.rlanything.cli.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/** {@code alfworld generate} and {@code alfworld rewrite-bench} end to end on the layout data. */
class GenerateCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void generatesVerifiedGamesAndAManifest(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("games");
        assertEquals(
                0,
                run(
                        "alfworld",
                        "generate",
                        "--seed",
                        "5",
                        "--count",
                        "12",
                        "--out",
                        target.toString()),
                err.toString());
        assertTrue(
                out.toString().startsWith("Generated 12 games (seed 5, logic 2.1.3)"),
                out.toString());
        assertTrue(out.toString().contains("pick_two_obj_and_place           2"), out.toString());
        try (Stream<Path> walk = Files.walk(target)) {
            assertEquals(
                    12,
                    walk.filter(p -> p.getFileName().toString().equals("game.tw-pddl")).count());
        }
        assertTrue(Files.isRegularFile(target.resolve("generation.json")));
    }

    @Test
    void refusesANonEmptyOutputFolder(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("old.txt"), "x");
        assertEquals(
                2,
                run(
                        "alfworld",
                        "generate",
                        "--seed",
                        "5",
                        "--count",
                        "1",
                        "--out",
                        dir.toString()));
        assertTrue(err.toString().contains("is not empty; give a new folder"), err.toString());
    }

    @Test
    void rewriteBenchChecksEveryCandidate() {
        assertEquals(
                0,
                run("alfworld", "rewrite-bench", "--seed", "3", "--count", "6"),
                err.toString() + out);
        assertTrue(
                out.toString().contains("Every candidate loads and is winnable."), out.toString());
        assertTrue(out.toString().contains("harder: "), out.toString());
    }
}
