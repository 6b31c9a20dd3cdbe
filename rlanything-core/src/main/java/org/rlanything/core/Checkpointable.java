package org.rlanything.core;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A component whose state (weights, optimizer moments, RNG positions, counters) can be saved into a
 * folder and loaded back exactly. The caller provides a fresh, empty folder for saving and makes
 * the checkpoint visible atomically (it renames the whole checkpoint folder when every part is
 * written); loading must reject a truncated or corrupt file with an {@link IOException} naming it,
 * and must not leave the component half-loaded.
 */
public interface Checkpointable {

    void saveTo(Path directory) throws IOException;

    void loadFrom(Path directory) throws IOException;
}
