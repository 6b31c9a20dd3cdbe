package org.rlanything.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The atomic writes on real files: contents, replacement and what a failure leaves behind. */
class AtomicFilesTest {

    @TempDir Path dir;

    @Test
    void writeReplacesAFileWithExactlyTheBytesAndLeavesNoTemporary() throws IOException {
        Path file = dir.resolve("sub/weights.json");
        AtomicFiles.write(file, "old".getBytes(StandardCharsets.UTF_8));
        byte[] content = {0, 1, (byte) 0xff, '\n'};
        AtomicFiles.write(file, content);
        assertArrayEquals(content, Files.readAllBytes(file));
        assertEquals(List.of("weights.json"), names(file.getParent()));
    }

    @Test
    void aWrittenFileGetsTheSamePermissionsAsAnyNewFile() throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.writeString(dir.resolve("plain.txt"), "any");
        Path written = dir.resolve("report.html");
        AtomicFiles.write(written, "report".getBytes(StandardCharsets.UTF_8));
        // a report or config others may read is not made private behind the user's umask
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
    }

    @Test
    void makeFolderRefusesToReplaceAFolderWithContents() throws IOException {
        Path folder = dir.resolve("start");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("keep.txt"), "mine");
        assertThrows(
                IOException.class,
                () -> AtomicFiles.makeFolder(folder, temp -> writeOne(temp, "new.txt", "new")));
        assertEquals("mine", Files.readString(folder.resolve("keep.txt")));
        assertFalse(Files.exists(folder.resolve("new.txt")));
    }

    @Test
    void replaceFolderSwapsTheWholeFolderAndCleansUp() throws IOException {
        Path folder = dir.resolve("checkpoint");
        AtomicFiles.replaceFolder(folder, temp -> writeOne(temp, "a.bin", "first"));
        AtomicFiles.replaceFolder(folder, temp -> writeOne(temp, "b.bin", "second"));
        assertEquals(List.of("b.bin"), names(folder));
        assertEquals("second", Files.readString(folder.resolve("b.bin")));
        assertEquals(List.of("checkpoint"), names(dir));
    }

    @Test
    void aFailingWriterLeavesTheOldFolderAndNoTemporary() throws IOException {
        Path folder = dir.resolve("checkpoint");
        AtomicFiles.replaceFolder(folder, temp -> writeOne(temp, "a.bin", "first"));
        IOException thrown =
                assertThrows(
                        IOException.class,
                        () ->
                                AtomicFiles.replaceFolder(
                                        folder,
                                        temp -> {
                                            writeOne(temp, "half.bin", "x");
                                            throw new IOException("disk full");
                                        }));
        assertEquals("disk full", thrown.getMessage());
        assertEquals(List.of("a.bin"), names(folder));
        assertEquals(List.of("checkpoint"), names(dir));
    }

    private static void writeOne(Path folder, String name, String text) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(name), text);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            return children.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
