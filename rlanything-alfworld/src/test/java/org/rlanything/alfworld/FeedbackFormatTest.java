package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The engine's feedback has the same shapes as the real transcripts (ReAct's 2.1.1 prompts): with
 * names and lists abstracted ({@code On the E, you see LIST.}), every feedback the engine prints
 * for a verb that the transcripts use is a shape the transcripts show for that verb.
 */
class FeedbackFormatTest {

    private static final Pattern ENTITY = Pattern.compile("\\b[a-z]+ \\d+\\b");
    private static final Pattern LIST = Pattern.compile("a E(, a E)*(,? and a E)?");
    private static final Pattern NAMES = Pattern.compile("E(, E)*(,? and E)?");
    private static final Pattern ARRIVAL = Pattern.compile("^You arrive at loc \\d+\\. ");

    static String shape(String text) {
        String lists = LIST.matcher(ENTITY.matcher(text).replaceAll("E")).replaceAll("LIST");
        return NAMES.matcher(lists).replaceAll("NAMES");
    }

    private static Map<String, Set<String>> transcriptShapes() {
        JsonNode transcripts = TestData.json("transcripts/react_alfworld_3prompts.json");
        Map<String, Set<String>> shapes = new HashMap<>();
        Iterator<JsonNode> it = transcripts.elements();
        while (it.hasNext()) {
            String[] lines = it.next().asText().split("\n");
            for (int i = 0; i + 1 < lines.length; i++) {
                if (lines[i].startsWith("> ")
                        && !lines[i].startsWith("> think")
                        && !lines[i + 1].startsWith(">")) {
                    String verb = lines[i].substring(2).split(" ")[0];
                    shapes.computeIfAbsent(verb, k -> new HashSet<>()).add(shape(lines[i + 1]));
                }
            }
        }
        return shapes;
    }

    @Test
    void everyFeedbackShapeAppearsInTheTranscripts() {
        Map<String, Set<String>> expected = transcriptShapes();
        // Not in the transcripts: 'look' before the first 'go to' (ALFWorld's own THOR engine
        // prints the same line),
        // and 'look' at a single receptacle (the transcripts only look where two receptacles share
        // a spot).
        expected.get("look")
                .add(
                        "You are in the middle of a room. Looking quickly around you, you see nothing.");
        assertTrue(
                expected.keySet()
                        .containsAll(
                                List.of(
                                        "go", "open", "take", "put", "clean", "heat", "cool", "use",
                                        "look")),
                expected.keySet().toString());
        Map<String, Integer> seen = new HashMap<>();
        List<String> unexpected = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (Path file : TestData.gameFiles()) {
            AlfworldGame game = TestData.game(file);
            for (int episode = 0; episode < 4; episode++) {
                AlfworldSession session = AlfworldSession.start(game, 60);
                while (!session.done()) {
                    List<String> commands = session.admissibleActions();
                    String command = commands.get(random.nextInt(commands.size()));
                    String verb = command.split(" ")[0];
                    String feedback = session.step(command).observation();
                    if (!expected.containsKey(verb)) {
                        continue;
                    }
                    String s = shape(ARRIVAL.matcher(feedback).replaceFirst(""));
                    seen.merge(verb, 1, Integer::sum);
                    if (!expected.get(verb).contains(s)) {
                        unexpected.add(command + " -> " + feedback);
                    }
                }
            }
        }
        assertTrue(
                unexpected.isEmpty(),
                unexpected.size()
                        + " feedback lines of unseen shape, e.g.:\n"
                        + String.join(
                                "\n", unexpected.subList(0, Math.min(10, unexpected.size()))));
        for (String verb : List.of("go", "open", "take", "put", "use")) {
            assertTrue(
                    seen.getOrDefault(verb, 0) > 10,
                    "too few '" + verb + "' steps were checked: " + seen);
        }
    }

    @Test
    void goToPrintsTheLocationNameInTheOldGrammar() {
        AlfworldGame game = TestData.game(TestData.gameFiles().get(0));
        AlfworldSession session = AlfworldSession.start(game, 50);
        String go =
                session.admissibleActions().stream()
                        .filter(c -> c.startsWith("go to "))
                        .findFirst()
                        .orElseThrow();
        String feedback = session.step(go).observation();
        assertTrue(ARRIVAL.matcher(feedback).find(), feedback);
    }
}
