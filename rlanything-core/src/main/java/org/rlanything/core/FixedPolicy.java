package org.rlanything.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A policy that learns nothing (a baseline, a demonstrator): its update changes nothing and its
 * checkpoint is one word in one file ({@link #stateFile()}, {@link #stateWord()}), so that a run
 * resumed with another policy kind is refused.
 */
public interface FixedPolicy extends Policy, Checkpointable {

    /** The checkpoint's file name in the policy's folder. */
    String stateFile();

    /** The one word the file holds, naming the policy. */
    String stateWord();

    /** Learns nothing. */
    @Override
    default UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        return UpdateStats.empty();
    }

    @Override
    default void saveTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(
                directory.resolve(stateFile()), stateWord() + "\n", StandardCharsets.UTF_8);
    }

    @Override
    default void loadFrom(Path directory) throws IOException {
        Path file = directory.resolve(stateFile());
        if (!Files.readString(file, StandardCharsets.UTF_8).strip().equals(stateWord())) {
            throw new IOException(
                    file + " is not the state of a fixed policy \"" + stateWord() + "\".");
        }
    }
}
