package org.rlanything.coding.sandbox;

/** A programming language the sandbox runs: Python 3 scripts and Java programs. */
public enum Language {
    PYTHON,
    JAVA;

    /**
     * The language named by a fenced block's tag or a config value ({@code python}, {@code java}).
     */
    public static Language parse(String name) {
        String n = name.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (n) {
            case "python", "python3", "py" -> PYTHON;
            case "java" -> JAVA;
            default ->
                    throw new org.rlanything.core.BadInputException(
                            "unknown language '" + name + "': expected python or java");
        };
    }
}
