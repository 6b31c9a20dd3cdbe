package org.rlanything.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Crash-safe file operations shared by checkpoints, run logs and reports: write to a temporary
 * sibling, force it to disk, rename it over the target, then sync the folder so the rename itself
 * survives a crash. What is written gets the permissions any new file gets (the umask's).
 */
public final class AtomicFiles {

    private AtomicFiles() {}

    /** Writes {@code content} to {@code target} atomically. */
    public static void write(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile: its file is private (rw-------) whatever the umask, and the
        // rename would hand that to the target; a new file takes the umask as any other file does
        Path temp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel channel =
                    FileChannel.open(
                            temp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
                ByteBuffer bytes = ByteBuffer.wrap(content);
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            move(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Writes a folder's contents into the path it is given. */
    @FunctionalInterface
    public interface FolderWriter {
        /** Writes the folder's contents into {@code folder} (which does not exist yet). */
        void write(Path folder) throws IOException;
    }

    /**
     * Makes {@code folder} whole or not at all: {@code writer} fills a temporary sibling ({@code
     * .NAME.tmp}, cleared first), whose files are forced to disk ({@link #syncTree}) before it is
     * moved into place (see {@link #move}). A folder already there is not replaced unless it is
     * empty: the move fails instead (see {@link #replaceFolder}).
     */
    public static void makeFolder(Path folder, FolderWriter writer) throws IOException {
        move(filledSibling(folder, writer), folder);
    }

    /**
     * Makes {@code folder} as {@link #makeFolder} does, replacing a folder already there: the old
     * one is renamed aside ({@code .NAME.old}), the new one renamed into place, then the old one
     * deleted. A crash in between leaves each folder whole under its own name, never a mixture; the
     * temporary sibling is deleted when {@code writer} or a move fails.
     */
    public static void replaceFolder(Path folder, FolderWriter writer) throws IOException {
        Path temp = sibling(folder, ".tmp");
        try {
            filledSibling(folder, writer); // the same path as temp
            Path aside = null;
            if (Files.exists(folder)) {
                aside = sibling(folder, ".old");
                deleteTree(aside);
                move(folder, aside);
            }
            move(temp, folder);
            if (aside != null) {
                deleteTree(aside);
            }
        } finally {
            deleteTree(temp);
        }
    }

    private static Path filledSibling(Path folder, FolderWriter writer) throws IOException {
        Path temp = sibling(folder, ".tmp");
        Files.createDirectories(temp.getParent());
        deleteTree(temp);
        writer.write(temp);
        syncTree(temp);
        return temp;
    }

    private static Path sibling(Path folder, String suffix) {
        return folder.toAbsolutePath().resolveSibling("." + folder.getFileName() + suffix);
    }

    /** Renames atomically and syncs the parent folder. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(
                    from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("The file system of " + to + " cannot rename atomically.", e);
        }
        syncDirectory(to.toAbsolutePath().getParent());
    }

    /** Forces every regular file under {@code root} to disk, then the folders. */
    public static void syncTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                if (Files.isRegularFile(path)) {
                    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
                        channel.force(true);
                    }
                } else if (Files.isDirectory(path)) {
                    syncDirectory(path);
                }
            }
        }
    }

    /** Forces a folder's entries (renames) to disk where the file system allows it. */
    public static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Some file systems cannot sync a folder; the files themselves are already on disk.
        }
    }

    /** Deletes a folder tree if it exists. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}
