package org.rlanything.testfixtures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a test's child JVM (a trainer to kill, a cluster worker, a review server):
 * this JVM's {@code java} and class path, and the flags for a short-lived child.
 *
 * <p>How and why: a child runs for seconds to a minute, and most of its CPU would go to the C2
 * compiler and the parallel collector's threads, on two cores shared with everything else the suite
 * runs. C1 only and the serial collector cut the CPU of the kill-and-resume classes by 30% (253 to
 * 176 CPU seconds, 130 to 97 s wall, docs/testing.md) with the same results: a run's figures do not
 * depend on how the JVM compiles it.
 */
public final class ChildJvm {

    /** The flags every child JVM gets. */
    public static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private ChildJvm() {}

    /**
     * {@code java FLAGS jvmOptions -cp <this class path> mainClass args}.
     *
     * @param jvmOptions further options (heap, system properties)
     * @param mainClass the class to run
     * @param args its arguments
     */
    public static List<String> command(
            List<String> jvmOptions, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FLAGS);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return command;
    }
}
