package org.rlanything.alfworld.gen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the ALFWorld data folder is and what it holds: {@code layouts/} (room contents), {@code
 * logic_2.1.3/} (domain and grammar), {@code games/} (evaluation games) and {@code manifest.json}.
 *
 * <p>{@link #locate()} looks, in order, at the system property {@code rlanything.alfworld.data},
 * the environment variable {@code RLANYTHING_ALFWORLD_DATA}, and {@code shared/data/alfworld} or
 * {@code data/alfworld} in the working folder and each folder above it.
 */
public record AlfworldData(Path root) {

    public static final String PROPERTY = "rlanything.alfworld.data";
    public static final String ENVIRONMENT = "RLANYTHING_ALFWORLD_DATA";

    public AlfworldData {
        Objects.requireNonNull(root, "root");
    }

    /**
     * The data folder found by the rules above; fails (IllegalArgumentException) naming the places
     * it tried.
     */
    public static AlfworldData locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured != null && !configured.isBlank()) {
            return at(Path.of(configured));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            for (Path candidate :
                    new Path[] {
                        dir.resolve("shared/data/alfworld"), dir.resolve("data/alfworld")
                    }) {
                if (Files.isDirectory(candidate.resolve("layouts"))) {
                    return new AlfworldData(candidate);
                }
            }
        }
        throw new org.rlanything.core.BadInputException(
                "The ALFWorld data folder was not found: set -D"
                        + PROPERTY
                        + " or "
                        + ENVIRONMENT
                        + ", or run below a folder that holds shared/data/alfworld.");
    }

    /** The data folder at {@code root}; fails when it has no layouts folder. */
    public static AlfworldData at(Path root) {
        if (!Files.isDirectory(root.resolve("layouts"))) {
            throw new org.rlanything.core.BadInputException(
                    "The ALFWorld data folder " + root + " has no layouts/ folder.");
        }
        return new AlfworldData(root);
    }

    public Path layouts() {
        return root.resolve("layouts");
    }

    public Path logic213() {
        return root.resolve("logic_2.1.3");
    }

    public Path evaluationGames() {
        return root.resolve("games");
    }

    public Path manifest() {
        return root.resolve("manifest.json");
    }
}
