package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.world.MalformedGameException;

/** A broken game file fails with a message that names the file and the element that is wrong. */
class MalformedGameTest {

    @TempDir Path dir;

    private GameFile base() throws IOException {
        return GameLoader.read(TestData.gameFiles().get(0));
    }

    private MalformedGameException fails(GameFile file) {
        return assertThrows(MalformedGameException.class, () -> AlfworldGame.compile(file));
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static void assertNames(
            MalformedGameException e, String source, String element, String problem) {
        assertEquals(source, e.source());
        assertTrue(e.element().contains(element), e.element());
        assertTrue(
                e.getMessage().contains(source)
                        && e.getMessage().contains(element)
                        && e.getMessage().contains(problem),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("."), e.getMessage());
    }

    @Test
    void badJsonAndMissingFieldsNameTheFile() throws IOException {
        Path notJson = write("broken.tw-pddl", "{\"pddl_domain\": ");
        MalformedGameException e =
                assertThrows(MalformedGameException.class, () -> GameLoader.read(notJson));
        assertNames(e, notJson.toString(), "the JSON text", "not valid JSON");

        ObjectMapper json = new ObjectMapper();
        ObjectNode node = json.createObjectNode().put("pddl_domain", "x").put("grammar", "y");
        Path missing = write("missing.tw-pddl", json.writeValueAsString(node));
        e = assertThrows(MalformedGameException.class, () -> GameLoader.read(missing));
        assertNames(e, missing.toString(), "\"pddl_problem\"", "missing");

        Path gzipped = dir.resolve("game.tw-pddl.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gzipped))) {
            out.write(json.writeValueAsBytes(node));
        }
        e = assertThrows(MalformedGameException.class, () -> GameLoader.read(gzipped));
        assertNames(e, gzipped.toString(), "its bytes", "not UTF-8");

        node.put("pddl_problem", 3);
        Path wrongType = write("wrongtype.tw-pddl", json.writeValueAsString(node));
        e = assertThrows(MalformedGameException.class, () -> GameLoader.read(wrongType));
        assertNames(e, wrongType.toString(), "\"pddl_problem\"", "not a string");
    }

    @Test
    void aFolderResolvesToItsGameFileAndAMissingOneIsReported() throws IOException {
        Path folder = TestData.gameFiles().get(0).getParent();
        assertEquals(GameLoader.read(TestData.gameFiles().get(0)), GameLoader.read(folder));
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> GameLoader.read(dir));
        assertTrue(e.getReason().contains("holds no game.tw-pddl"), e.getReason());
        assertThrows(NoSuchFileException.class, () -> GameLoader.read(dir.resolve("nope")));
    }

    private GameFile problem(UnaryOperator<String> edit) throws IOException {
        GameFile b = base();
        return b.withProblem(edit.apply(b.problem()));
    }

    @Test
    void problemErrorsNameTheElement() throws IOException {
        GameFile b = base();
        String source = b.source();
        assertNames(
                fails(problem(p -> p.substring(0, p.lastIndexOf(')')))),
                source,
                "pddl_problem",
                "never closed");
        assertNames(
                fails(
                        problem(
                                p ->
                                        p.replace(
                                                "(:init",
                                                "(:init\n (inReceptacle Ghost_bar_1 Desk_bar_2)"))),
                source,
                "(:init (inreceptacle ghost_bar_1 desk_bar_2))",
                "'ghost_bar_1' is not declared");
        assertNames(
                fails(problem(p -> p.replace("(:init", "(:init\n (flies agent1)"))),
                source,
                "(:init (flies agent1))",
                "'flies' is not declared in the domain");
        String firstLoc =
                b.problem().toLowerCase().replaceAll("(?s).*?(loc_bar_\\S+) - location.*", "$1");
        assertNames(
                fails(
                        problem(
                                p ->
                                        p.replace(
                                                "(:init",
                                                "(:init\n (inReceptacle agent1 "
                                                        + firstLoc
                                                        + ")"))),
                source,
                "(:init (inreceptacle agent1",
                "is of type agent, but inreceptacle expects object");
        assertNames(
                fails(
                        problem(
                                p ->
                                        p.replace(
                                                "(objectType ?o AlarmClockType)",
                                                "(objectType ?o FooType)"))),
                source,
                "(:goal ...) (objecttype ?o footype)",
                "'footype' is not declared");
        assertNames(
                fails(problem(p -> p.replace("(objectType ?o AlarmClockType)", "(sparkles ?o)"))),
                source,
                "(:goal ...) (sparkles ?o)",
                "not one the engine evaluates");
        assertNames(
                fails(problem(p -> p.replace("- agent", "- robot"))),
                source,
                "agent1 - robot",
                "the type 'robot'");
        assertNames(
                fails(problem(p -> p.replaceAll("\\(atLocation agent1 \\S+\\)", ""))),
                source,
                "pddl_problem (:init ...)",
                "no starting location");
    }

    @Test
    void domainAndGrammarErrorsNameTheElement() throws IOException {
        GameFile b = base();
        String source = b.source();
        GameFile dance = b.withDomain(b.domain().replace("(:action look", "(:action dance"));
        assertNames(
                fails(dance),
                source,
                "(:action dance ...)",
                "does not implement the action 'dance'");
        GameFile params =
                b.withDomain(
                        b.domain()
                                .replace(
                                        "(:action look\n    :parameters (?a - agent ?l - location)",
                                        "(:action look\n    :parameters (?a - agent)"));
        assertNames(fails(params), source, "(:action look ...)", "its parameters are (a:agent)");
        assertNames(
                fails(
                        b.withGrammar(
                                b.grammar().replace("action inventory {", "action stocktaking {"))),
                source,
                "grammar (action inventory)",
                "no template");
        assertNames(
                fails(
                        b.withGrammar(
                                b.grammar()
                                        .replace(
                                                "\"rhs\": \"You close the {r.name}.\"",
                                                "\"rhs\": \"You close the {r.name}.\",\n"))),
                source,
                "grammar",
                "not valid JSON");
        assertNames(
                fails(b.withGrammar(b.grammar().replace("holdsany(a:agent)", "juggles(a:agent)"))),
                source,
                "grammar",
                "'juggles'");
        assertNames(
                fails(
                        b.withGrammar(
                                b.grammar()
                                        .replace(
                                                "#GotoLocation.feedback#\";",
                                                "#Nowhere.feedback#\";"))),
                source,
                "grammar (action GotoLocation)",
                "#Nowhere.feedback#");
    }
}
