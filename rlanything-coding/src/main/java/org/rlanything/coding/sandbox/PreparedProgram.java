package org.rlanything.coding.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A program made ready to run: its source written (Python) or compiled (Java) in a folder of its
 * own, which the sandbox mounts read-only. Close it to delete the folder.
 *
 * @param language its language
 * @param folder the folder holding {@code main.py} or the compiled classes
 * @param entry what to start: the script's name or the Java main class
 * @param compileError the compiler's message when a Java source did not compile
 */
public record PreparedProgram(
        Language language, Path folder, String entry, Optional<String> compileError)
        implements AutoCloseable {

    /** Whether the program can run (a Java source that did not compile cannot). */
    public boolean runnable() {
        return compileError.isEmpty();
    }

    @Override
    public void close() {
        try {
            Folders.deleteTree(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the program folder " + folder, e);
        }
    }
}
