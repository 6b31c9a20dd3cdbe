package org.rlanything.coding.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How the sandbox runs programs.
 *
 * @param python the Python 3 interpreter, a path under {@code /usr} (the only tree the sandbox
 *     shows); the default is {@code /usr/bin/python3}
 * @param java the {@code java} launcher; the default is this JVM's own when it lives under {@code
 *     /usr}
 * @param workers how many programs run at once
 * @param limits the default limits of one run
 * @param extraReadOnly further paths mounted read-only at the same place when they exist (the
 *     runtimes' files under {@code /etc})
 */
public record SandboxSettings(
        String python, String java, int workers, SandboxLimits limits, List<String> extraReadOnly) {

    /**
     * The {@code /etc} entries Python and Java need: alternatives links, the JDK's configuration.
     */
    public static final List<String> RUNTIME_ETC =
            List.of(
                    "/etc/alternatives",
                    "/etc/ld.so.cache",
                    "/etc/java-17-openjdk",
                    "/etc/java-21-openjdk",
                    "/etc/localtime");

    public SandboxSettings {
        if (workers < 1 || workers > 256) {
            throw new org.rlanything.core.BadInputException(
                    "sandbox workers must be between 1 and 256, got " + workers);
        }
        if (!python.startsWith("/usr/") || !java.startsWith("/usr/")) {
            throw new org.rlanything.core.BadInputException(
                    "the sandbox shows only /usr: python ("
                            + python
                            + ") and java ("
                            + java
                            + ") must live there");
        }
        extraReadOnly = List.copyOf(extraReadOnly);
    }

    /** The defaults with the given number of workers. */
    public static SandboxSettings defaults(int workers) {
        return new SandboxSettings(
                "/usr/bin/python3", defaultJava(), workers, SandboxLimits.DEFAULTS, RUNTIME_ETC);
    }

    /** These settings with other default limits. */
    public SandboxSettings withLimits(SandboxLimits l) {
        return new SandboxSettings(python, java, workers, l, extraReadOnly);
    }

    private static String defaultJava() {
        Path own = Path.of(System.getProperty("java.home"), "bin", "java");
        if (own.startsWith("/usr/") && Files.isExecutable(own)) {
            return own.toString();
        }
        return "/usr/bin/java";
    }
}
