package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.GameLoader;

class GameFilesTest {

    @Test
    void rewritesEveryAlfworldGameFileByteForByte() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(GenFixtures.data().evaluationGames())) {
            files =
                    walk.filter(p -> p.getFileName().toString().equals(GameFiles.FILE_NAME))
                            .sorted()
                            .toList();
        }
        assertFalse(files.isEmpty());
        for (Path file : files) {
            assertArrayEquals(
                    Files.readAllBytes(file),
                    GameFiles.toBytes(GameLoader.read(file)),
                    file.toString());
        }
    }

    @Test
    void escapesLikePythonJson() {
        assertEquals(
                "\"a\\\"b\\\\c\\nd\\u00e9\\u007f\\u0001\"",
                GameFiles.quote("a\"b\\c\nd\u00e9\u007f\u0001"));
    }
}
