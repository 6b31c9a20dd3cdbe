package org.rlanything.coding.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** File-system helpers of the sandbox: folders with exact permissions, deletion of a tree. */
final class Folders {

    private Folders() {}

    /** Creates a folder and sets its permissions exactly (the umask does not apply). */
    static Path create(Path folder, String permissions) throws IOException {
        Files.createDirectory(folder);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString(permissions));
        return folder;
    }

    /** Writes a file readable by every user (the sandbox may run under another user id). */
    static Path writeReadable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return file;
    }

    /** Deletes a folder and everything in it; a missing folder is fine. */
    static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
