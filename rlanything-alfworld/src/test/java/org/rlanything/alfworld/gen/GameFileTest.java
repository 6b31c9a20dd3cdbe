package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GameFileTest {

    @Test
    void rewritesEveryAlfworldGameFileByteForByte() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(GenFixtures.data().evaluationGames())) {
            files = walk.filter(p -> p.getFileName().toString().equals(GameFile.FILE_NAME)).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path file : files) {
            assertArrayEquals(Files.readAllBytes(file), GameFile.read(file).toBytes(), file.toString());
        }
    }

    @Test
    void escapesLikePythonJson() {
        assertEquals("\"a\\\"b\\\\c\\nd\\u00e9\\u007f\\u0001\"", GameFile.quote("a\"b\\c\nd\u00e9\u007f\u0001"));
    }

    @Test
    void namesTheMissingKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GameFile.parse("{\"pddl_domain\": \"d\", \"grammar\": \"g\"}", "x.tw-pddl"));
        assertEquals("The game file x.tw-pddl has no text value for the key 'pddl_problem'.", e.getMessage());
    }
}
