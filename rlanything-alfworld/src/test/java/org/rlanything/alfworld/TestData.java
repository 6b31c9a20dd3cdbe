package org.rlanything.alfworld;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rlanything.testfixtures.SharedData;

/**
 * The held-out ALFWorld data ({@code shared/data/alfworld}, found by {@link SharedData}); a test
 * that needs it is skipped when it is absent (failed under {@code CI=true}).
 */
final class TestData {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path root;
    private static List<Path> games;
    private static final Map<Path, AlfworldGame> COMPILED = new HashMap<>();

    private TestData() {}

    /**
     * The data folder; skips the calling test when it is missing (fails it under {@code CI=true}).
     */
    static synchronized Path requireRoot() {
        if (root == null) {
            root = SharedData.require("alfworld/games").getParent();
        }
        return root;
    }

    /** All game files, sorted by path. */
    static synchronized List<Path> gameFiles() {
        if (games == null) {
            try (Stream<Path> walk = Files.walk(requireRoot().resolve("games"))) {
                games =
                        walk.filter(
                                        p ->
                                                p.getFileName()
                                                        .toString()
                                                        .equals(GameLoader.GAME_FILE_NAME))
                                .sorted()
                                .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return games;
    }

    static synchronized AlfworldGame game(Path file) {
        return COMPILED.computeIfAbsent(
                file,
                f -> {
                    try {
                        return GameLoader.load(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    static JsonNode json(String name) {
        try {
            return JSON.readTree(requireRoot().resolve(name).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The game file of a path relative to the data root, e.g. from manifest.json. */
    static Path resolve(String relative) {
        return requireRoot().resolve(relative);
    }

    static List<Path> firstGames(int n) {
        return new ArrayList<>(gameFiles().subList(0, Math.min(n, gameFiles().size())));
    }
}
