package org.rlanything.coding;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared coding data ({@code shared/data/coding}), found in the checkout's folder or above; a
 * test without it is skipped on a developer's machine and fails under {@code CI=true}.
 */
public final class CodingData {

    private CodingData() {}

    static Path folder() {
        String env = System.getenv("RLANYTHING_CODING_DATA");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/data/coding");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        String message =
                "shared/data/coding not found above "
                        + Path.of("").toAbsolutePath()
                        + " (set RLANYTHING_CODING_DATA)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true: " + message);
        }
        org.junit.jupiter.api.Assumptions.abort("Skipped: " + message);
        throw new AssertionError("unreachable");
    }

    static Path humanEval() {
        return folder().resolve("humaneval/HumanEval.jsonl");
    }

    static Path humanEvalJava() {
        return folder().resolve("humaneval-x-java/humaneval_java.jsonl");
    }

    public static Path apps() {
        return folder().resolve("apps150/apps_subset.jsonl");
    }
}
