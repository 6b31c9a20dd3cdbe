package org.rlanything.cli.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/** The alfworld and bench commands on a real held-out game. */
class AlfworldCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private static final java.io.InputStream STANDARD_INPUT = System.in;

    @AfterEach
    void restoreInput() {
        System.setIn(STANDARD_INPUT);
    }

    private static Path heatGame() throws IOException {
        try (Stream<Path> walk = Files.walk(SharedData.require("alfworld/games"))) {
            return walk.filter(
                            p ->
                                    p.toString()
                                                    .contains(
                                                            "pick_heat_then_place_in_recep-Apple-None-Fridge-10")
                                            && p.getFileName().toString().equals("game.tw-pddl"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    @Test
    void inspectPrintsTheRoomAndTheTaskWithoutTheBanner() throws IOException {
        assertEquals(0, run("alfworld", "inspect", heatGame().getParent().toString()));
        String text = out.toString();
        assertTrue(
                text.startsWith(
                        "You are in the middle of a room. Looking quickly around you, you see a cabinet 6,"),
                text);
        assertTrue(
                text.endsWith("\n\nYour task is to: heat some apple and put it in fridge.\n"),
                text);
    }

    @Test
    void solvePrintsOneJsonLineThatWins() throws IOException {
        assertEquals(0, run("alfworld", "solve", heatGame().toString()));
        String[] lines = out.toString().strip().split("\n");
        assertEquals(1, lines.length);
        JsonNode json = new ObjectMapper().readTree(lines[0]);
        assertTrue(json.get("won").asBoolean());
        assertEquals(7, json.get("steps").asInt());
        assertEquals(7, json.get("plan").size());
        assertEquals("heat some apple and put it in fridge.", json.get("goal").asText());
    }

    @Test
    void playReadsCommandsListsAdmissibleAndStopsAtEndOfInput() throws IOException {
        System.setIn(
                new ByteArrayInputStream(
                        "help\ngo to fridge 1\nfly away\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, run("alfworld", "play", heatGame().toString()));
        String text = out.toString();
        assertTrue(text.startsWith("-= Welcome to TextWorld, ALFRED! =-"), text);
        assertTrue(text.contains("Admissible commands:\n  go to cabinet 1\n"), text);
        assertTrue(text.contains("> You arrive at loc 30. The fridge 1 is closed.\n"), text);
        assertTrue(text.contains("> Nothing happens.\n"), text);
        assertTrue(text.contains("End of input after 2 steps"), text);
    }

    @Test
    void playEndsOnAWin() throws IOException {
        assertEquals(0, run("alfworld", "solve", heatGame().toString(), "--v213"));
        JsonNode plan = new ObjectMapper().readTree(out.toString()).get("plan");
        StringBuilder commands = new StringBuilder();
        plan.forEach(c -> commands.append(c.asText()).append('\n'));
        assertTrue(commands.toString().contains("move apple"), commands.toString());
        out.getBuffer().setLength(0);
        System.setIn(
                new ByteArrayInputStream(commands.toString().getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, run("alfworld", "play", "--v213", heatGame().toString()));
        assertTrue(out.toString().contains("You won in 7 steps."), out.toString());
    }

    @Test
    void aMissingOrBrokenGameIsAUsageError(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        assertEquals(2, run("alfworld", "inspect", dir.resolve("none").toString()));
        assertTrue(err.toString().contains("No game file or folder exists at"), err.toString());
        Path broken = Files.writeString(dir.resolve("game.tw-pddl"), "{}");
        assertEquals(2, run("alfworld", "solve", broken.toString()));
        assertTrue(
                err.toString().contains("is malformed at the field \"pddl_domain\""),
                err.toString());
    }

    @Test
    void benchEnvReportsStepsPerSecondAndMemory() {
        SharedData.require("alfworld/games");
        assertEquals(0, run("bench", "env", "--seconds", "0.3", "--warmup", "0"));
        String text = out.toString();
        assertTrue(text.contains("games: 48"), text);
        assertTrue(text.matches("(?s).*env steps/second \\(1 thread.*\\): \\d+\\n.*"), text);
        assertTrue(text.contains("memory per loaded game:"), text);
        assertEquals(2, run("bench", "env", "--seconds", "0"));
    }
}
