package org.rlanything.alfworld.gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rlanything.alfworld.GameFile;

/**
 * The domain and grammar that generated games embed: the ALFWorld 2.1.3 logic ({@code
 * logic_2.1.3/alfred.pddl} and {@code alfred.twl2}), the version the RLAnything reference trains on
 * ({@code move X to Y}, a {@code help} command, cleaning only at a sink basin). Each game gets the
 * grammar with its own task sentence in place of the template's {@code UNKNOWN GOAL} placeholder,
 * as ALFWorld does.
 *
 * @param version the logic version label ("2.1.3")
 * @param domain the PDDL domain text
 * @param grammarTemplate the grammar with the placeholder task sentence
 */
public record AlfredLogic(String version, String domain, String grammarTemplate) {

    /** The placeholder task sentence of the grammar template. */
    public static final String TASK_PLACEHOLDER = "Your task is to: UNKNOWN GOAL.";

    public AlfredLogic {
        if (!grammarTemplate.contains(TASK_PLACEHOLDER)) {
            throw new IllegalArgumentException(
                    "The grammar template of logic "
                            + version
                            + " has no task placeholder '"
                            + TASK_PLACEHOLDER
                            + "'.");
        }
    }

    /**
     * Reads {@code alfred.pddl} and {@code alfred.twl2} from {@code dir} (a logic_2.1.3 folder).
     */
    public static AlfredLogic read213(Path dir) {
        return new AlfredLogic(
                "2.1.3",
                readText(dir.resolve("alfred.pddl")),
                readText(dir.resolve("alfred.twl2")));
    }

    /**
     * The grammar for a game whose task sentence is {@code goalText} (without "Your task is to: ").
     */
    public String grammarFor(String goalText) {
        if (goalText.contains("\"") || goalText.contains("\\") || goalText.contains("\n")) {
            throw new IllegalArgumentException(
                    "The goal text '"
                            + goalText
                            + "' contains a quote, backslash or line break, which the grammar cannot hold.");
        }
        return grammarTemplate.replace(TASK_PLACEHOLDER, "Your task is to: " + goalText);
    }

    /** The game file for a scene. */
    public GameFile gameFile(Scene scene, SceneWriter writer) {
        return new GameFile(
                "plan_" + scene.problemName(),
                domain,
                grammarFor(scene.goal().text()),
                writer.write(scene),
                true);
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not read the ALFWorld logic file " + file + ".", e);
        }
    }
}
