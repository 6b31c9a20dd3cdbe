package org.rlanything.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One writer per run folder: the folder's {@code .lock} file, held with {@link
 * FileChannel#tryLock()} from before the first write until the run ends (the operating system
 * releases it when the process dies, so a killed run never leaves a stale lock). The holder writes
 * its PID into the file; a second process is refused with a message naming that PID.
 */
public final class RunLock implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final byte[] previous;

    private RunLock(Path file, FileChannel channel, FileLock lock, byte[] previous) {
        this.previous = previous;
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code root} (created if absent); refuses with the holder's PID when it is
     * taken.
     */
    public static RunLock acquire(Path root) throws IOException {
        Files.createDirectories(root);
        Path file = root.resolve(".lock");
        FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by this very process (another run in the same JVM)
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw inUse(root, file);
        }
        byte[] previous = new byte[(int) Math.min(channel.size(), 4096)];
        channel.read(ByteBuffer.wrap(previous), 0);
        channel.truncate(0);
        channel.write(
                ByteBuffer.wrap(
                        ("pid " + ProcessHandle.current().pid() + "\n")
                                .getBytes(StandardCharsets.UTF_8)),
                0);
        channel.force(true);
        return new RunLock(file, channel, lock, previous);
    }

    /** Refuses when another process holds {@code root}'s lock; takes nothing and writes nothing. */
    public static void refuseIfHeld(Path root) throws IOException {
        Path file = root.resolve(".lock");
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (FileChannel channel =
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock probe;
            try {
                probe = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                probe = null;
            }
            if (probe == null) {
                throw inUse(root, file);
            }
            probe.release();
        }
    }

    private static RunFolderException inUse(Path root, Path file) {
        return new RunFolderException(
                "The run folder "
                        + root
                        + " is in use by another process ("
                        + holder(file)
                        + ", lock file "
                        + file
                        + "): wait for it to finish or stop it, or set another trainer.run_dir.");
    }

    /**
     * "PID n" as the holder wrote it, read a few times since the holder writes it just after
     * locking.
     */
    private static String holder(Path file) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (text.startsWith("pid ")) {
                    return "PID " + text.substring(4);
                }
                Thread.sleep(25);
            } catch (IOException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return "PID unknown";
    }

    public Path file() {
        return file;
    }

    /**
     * Writes back what the lock file held before this process took it, then releases it: a command
     * that was refused after taking the lock (a resume whose checks failed) says that nothing was
     * changed, and so the file keeps the PID of the run that wrote it.
     */
    public void abandon() {
        try {
            if (lock.isValid()) {
                channel.truncate(0);
                channel.write(ByteBuffer.wrap(previous), 0);
                channel.force(true);
            }
        } catch (IOException ignored) {
            // the PID of this process stays in the file: harmless, the lock is released below
        }
        close();
    }

    /**
     * Releases the lock (the file stays: deleting it would let two processes lock two different
     * files).
     */
    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
            channel.close();
        } catch (IOException ignored) {
            // the lock dies with the channel anyway
        }
    }
}
