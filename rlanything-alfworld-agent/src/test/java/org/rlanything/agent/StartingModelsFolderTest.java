package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartingModelsFolderTest {

    @Test
    void modelsMadeForAnotherPromptFormatAreRefusedNamingTheFolder(@TempDir Path dir)
            throws Exception {
        Path folder = dir.resolve("start");
        Files.createDirectories(folder.resolve("policy"));
        Files.createDirectories(folder.resolve("reward_model"));
        IllegalArgumentException old =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> StartingModelsFolder.ensure(folder, 7, null, line -> {}));
        assertTrue(
                old.getMessage().contains(folder.toString())
                        && old.getMessage().contains("earlier version")
                        && old.getMessage().contains("Remove the folder"),
                old.getMessage());
        AlfworldPromptFormat other =
                new AlfworldPromptFormat(3, 3, false, 8, 160, 720, false, null);
        StartingModelsFolder.writeFormat(folder, other);
        IllegalArgumentException mismatch =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> StartingModelsFolder.ensure(folder, 7, null, line -> {}));
        assertTrue(mismatch.getMessage().contains("judgeSummary=false"), mismatch.getMessage());
        StartingModelsFolder.writeFormat(folder, PretrainSettings.defaults(7).format());
        assertEquals(folder, StartingModelsFolder.ensure(folder, 7, null, line -> {}));
    }
}
