package org.rlanything.alfworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Task;

/** Tasks survive a checkpoint: by file reference when unchanged on disk, inline otherwise. */
class AlfworldTaskCodecTest {

    private final AlfworldTaskCodec codec = new AlfworldTaskCodec();

    @Test
    void aGameFromAFileIsWrittenAsAReference() throws IOException {
        AlfworldTask task = AlfworldTask.load(TestData.gameFiles().get(3));
        String text = codec.encode(task);
        assertTrue(text.startsWith("alfworld-file:" + task.id() + ":"), text);
        Task back = codec.decode(text);
        assertEquals(task, back);
        assertEquals(
                task.game().initialObservation(),
                ((AlfworldTask) back).game().initialObservation());
    }

    @Test
    void aRewrittenGameIsWrittenWhole(@TempDir Path dir) throws IOException {
        GameFile original = GameLoader.read(TestData.gameFiles().get(3));
        AlfworldTask rewritten = new AlfworldTask(AlfworldGame.compile(Logic213.patch(original)));
        String text = codec.encode(rewritten);
        assertTrue(text.startsWith("alfworld-inline:"), text.substring(0, 40));
        assertTrue(text.length() < 40_000, "inline size " + text.length());
        AlfworldTask back = (AlfworldTask) codec.decode(text);
        assertEquals(rewritten, back);
        assertEquals(rewritten.game().file(), back.game().file());
        assertSame(
                text,
                codec.encode(rewritten),
                "a checkpoint of a large pool re-uses each game's encoding");

        Path copy =
                Files.writeString(
                        dir.resolve("game.tw-pddl"), Files.readString(TestData.gameFiles().get(3)));
        String reference = codec.encode(AlfworldTask.load(copy));
        Files.writeString(copy, Files.readString(TestData.gameFiles().get(4)));
        IllegalArgumentException changed =
                assertThrows(IllegalArgumentException.class, () -> codec.decode(reference));
        assertTrue(changed.getMessage().contains("has changed"), changed.getMessage());
    }

    @Test
    void garbageIsRejectedWithAReason() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> codec.decode("keylock:12"));
        assertTrue(e.getMessage().contains("is not an ALFWorld task"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class, () -> codec.decode("alfworld-inline:AAAA"));
        assertTrue(e.getMessage().contains("is corrupt"), e.getMessage());
    }
}
