package org.rlanything.testfixtures;

import java.nio.file.Path;

/**
 * The shared coding data ({@code shared/data/coding}, found by {@link SharedData}, or the folder
 * {@code RLANYTHING_CODING_DATA} names); a test without it is skipped on a developer's machine and
 * fails under {@code CI=true}.
 */
public final class CodingData {

    private CodingData() {}

    public static Path folder() {
        String env = System.getenv("RLANYTHING_CODING_DATA");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return SharedData.require("coding");
    }

    public static Path humanEval() {
        return folder().resolve("humaneval/HumanEval.jsonl");
    }

    public static Path humanEvalJava() {
        return folder().resolve("humaneval-x-java/humaneval_java.jsonl");
    }

    public static Path apps() {
        return folder().resolve("apps150/apps_subset.jsonl");
    }
}
