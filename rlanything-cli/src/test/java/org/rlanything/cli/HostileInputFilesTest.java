package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.testfixtures.SharedData;

/**
 * Issue 27, findings 8 to 10: files a user names are bad input (exit 2, one line naming the file
 * and line), never an internal error, a hang or a silent acceptance: a game whose PDDL nests
 * 200,000 levels, text after a game's or a problem line's JSON object, a pipe, a device, a folder
 * and UTF-16 text where a problems file or a log should be.
 */
class HostileInputFilesTest {

    @TempDir Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs the command line (at most 60 s, so a hang fails); asserts exit 2; returns the text. */
    private static String refused(String... args) throws Exception {
        StringWriter out = new StringWriter();
        CompletableFuture<Integer> code =
                CompletableFuture.supplyAsync(
                        () ->
                                Main.run(
                                        new PrintWriter(out, true),
                                        new PrintWriter(out, true),
                                        args));
        assertEquals(2, code.get(60, TimeUnit.SECONDS), out.toString());
        String text = out.toString().strip();
        assertFalse(text.contains("\tat ") || text.contains("internal error"), text);
        assertEquals(1, text.lines().count(), "one line: " + text);
        return text;
    }

    private static Path someGame() throws IOException {
        try (Stream<Path> walk = Files.walk(SharedData.require("alfworld/games"))) {
            return walk.filter(p -> p.getFileName().toString().equals("game.tw-pddl"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    @Test
    void aGameNestedTooDeeplyIsRefusedNamingTheFile() throws Exception {
        ObjectNode game = (ObjectNode) JSON.readTree(someGame().toFile());
        game.put("pddl_problem", "(".repeat(200_000) + ")".repeat(200_000));
        Path file = dir.resolve("deep.tw-pddl");
        JSON.writeValue(file.toFile(), game);
        for (String command : List.of("inspect", "solve")) {
            String message = refused("alfworld", command, file.toString());
            assertTrue(message.contains(file.toString()) && message.contains("deeper"), message);
        }
    }

    @Test
    void textAfterTheJsonObjectIsRefusedNamingTheFileAndLine() throws Exception {
        String game = Files.readString(someGame());
        Path garbage = Files.writeString(dir.resolve("garbage.tw-pddl"), game + " GARBAGE");
        Path second = Files.writeString(dir.resolve("second.tw-pddl"), game + "\n{}\n");
        for (Path file : List.of(garbage, second)) {
            String message = refused("alfworld", "inspect", file.toString());
            assertTrue(message.contains(file.toString()) && message.contains("line "), message);
        }
        String line =
                Files.readAllLines(SharedData.require("coding/humaneval/HumanEval.jsonl")).get(0);
        Path problems =
                Files.writeString(dir.resolve("p.jsonl"), line + "\n" + line + " GARBAGE\n");
        String message = refused("coding", "inspect", problems.toString());
        assertTrue(message.contains(problems + ":2:"), message);
        Path two = Files.writeString(dir.resolve("two.jsonl"), line + " {}\n");
        assertTrue(refused("coding", "inspect", two.toString()).contains(two + ":1:"));
    }

    /** Issue 37, finding 6: a key given twice in a game file is refused, not the last one kept. */
    @Test
    void aKeyGivenTwiceInAGameFileIsRefusedNamingTheFileAndKey() throws Exception {
        String game = Files.readString(someGame()).strip();
        Path twice =
                Files.writeString(
                        dir.resolve("twice.tw-pddl"),
                        "{\"solvable\": false, " + game.substring(game.indexOf('{') + 1));
        String message = refused("alfworld", "inspect", twice.toString());
        assertTrue(message.contains(twice.toString()) && message.contains("solvable"), message);
    }

    @Test
    void aPipeADeviceAFolderAndUtf16AreRefusedNamingTheFile() throws Exception {
        Path fifo = dir.resolve("fifo.jsonl");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        Path folder = Files.createDirectories(dir.resolve("folder.jsonl"));
        String line =
                Files.readAllLines(SharedData.require("coding/humaneval/HumanEval.jsonl")).get(0);
        Path utf16 =
                Files.write(
                        dir.resolve("utf16.jsonl"),
                        (line + "\n").getBytes(StandardCharsets.UTF_16));
        for (Path file : List.of(fifo, Path.of("/dev/zero"), folder, utf16)) {
            String message = refused("coding", "inspect", file.toString());
            assertTrue(message.contains(file.toString()), message);
        }
        assertTrue(
                refused("coding", "inspect", utf16.toString())
                        .contains("line 1: this is not UTF-8"));
        String game = refused("alfworld", "inspect", fifo.toString());
        assertTrue(game.contains(fifo.toString()), game);
    }

    @Test
    void aFolderWhereALogShouldBeIsRefusedNamingIt() throws Exception {
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        "train",
                        Path.of("..", "configs", "demo.yaml").toString(),
                        "-q",
                        "trainer.iterations=2",
                        "trainer.run_dir=" + run),
                out.toString());
        Path metrics = run.resolve("metrics.jsonl");
        Files.delete(metrics);
        Files.createDirectories(metrics);
        for (String[] command :
                List.of(
                        new String[] {"report", run.toString()},
                        new String[] {"train", "--resume", run.toString(), "-q"})) {
            String message = refused(command);
            assertTrue(message.contains(metrics + " is not a file"), message);
        }
    }
}
