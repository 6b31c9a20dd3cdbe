package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's first observation against the real engine's recorded ones, byte for byte. */
class InitialObservationTest {

    @Test
    void everyRecordedFirstObservationIsReproducedExactly() {
        JsonNode recorded = TestData.json("initial_observations_valid_unseen.json");
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (JsonNode entry : recorded) {
            String gamefile = entry.get("gamefile").asText();
            String relative = gamefile.substring(gamefile.indexOf("valid_unseen/"));
            Path file = TestData.resolve("games/" + relative);
            String expected = entry.get("goal").asText().replaceFirst("___\\d+$", "");
            String actual = TestData.game(file).initialObservationWithoutBanner();
            if (!expected.equals(actual)) {
                failures.add(relative + "\n  expected: " + expected + "\n  actual:   " + actual);
            }
            checked++;
        }
        assertEquals(48, checked, "initial_observations_valid_unseen.json should hold 48 games");
        assertTrue(
                failures.isEmpty(),
                failures.size() + " mismatches:\n" + String.join("\n", failures));
    }

    @Test
    void goalTextMatchesTheManifest() {
        JsonNode manifest = TestData.json("manifest.json");
        int checked = 0;
        for (JsonNode row : manifest) {
            AlfworldGame game = TestData.game(TestData.resolve(row.get("path").asText()));
            assertEquals(row.get("goal_text").asText(), game.goalText(), row.get("path").asText());
            assertEquals(
                    row.get("initial_observation_without_banner").asText(),
                    game.initialObservationWithoutBanner());
            assertTrue(game.initialObservation().startsWith(AlfworldGame.BANNER + "\n\n"));
            checked++;
        }
        assertEquals(48, checked);
    }
}
