package org.rlanything.it.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's figures about the tests stay true. What it can check: the number of test methods the
 * README states is within {@value #TOLERANCE_PERCENT}% of the test methods in the modules' sources
 * (annotated {@code @Test}, {@code @ParameterizedTest}, {@code @RepeatedTest}, {@code TestFactory},
 * jqwik's {@code @Property} and {@code @Example}). What it does not check: the suite's time, which
 * depends on the machine and its load (a run on two cores shared with experiments summed 1,322 s of
 * test time where a quiet one takes about half); the README states it with the date of its
 * measurement.
 */
class ReadmeFiguresTest {

    /** How far the README's count may be from the sources' before it must be updated. */
    static final int TOLERANCE_PERCENT = 5;

    private static final Pattern TEST_ANNOTATION =
            Pattern.compile(
                    "(?m)^\\s*@(Test|ParameterizedTest|RepeatedTest|TestFactory|Property|Example)\\b");

    private static final Pattern README_COUNT = Pattern.compile("about ([0-9,]+) test methods");

    @Test
    void theReadmesTestCountIsTheSourcesWithinTheTolerance() throws IOException {
        Path root = root();
        String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
        Matcher stated = README_COUNT.matcher(readme);
        assertTrue(stated.find(), "README.md states \"about N test methods\"");
        int claimed = Integer.parseInt(stated.group(1).replace(",", ""));
        int counted = testMethods(root);
        System.out.printf("ReadmeFiguresTest: %d test methods in the sources%n", counted);
        assertTrue(
                Math.abs(counted - claimed) * 100 <= TOLERANCE_PERCENT * claimed,
                "README.md says about "
                        + claimed
                        + " test methods; the sources have "
                        + counted
                        + ": update README.md (rounded to ten)");
    }

    /** The test methods in every module's {@code src/test}. */
    static int testMethods(Path root) throws IOException {
        int count = 0;
        for (Path module : modulesWithTests(root)) {
            try (Stream<Path> files = Files.walk(module.resolve("src/test"))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m =
                            TEST_ANNOTATION.matcher(Files.readString(file, StandardCharsets.UTF_8));
                    while (m.find()) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    private static List<Path> modulesWithTests(Path root) throws IOException {
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("rlanything-"))
                    .filter(d -> Files.isDirectory(d.resolve("src/test")))
                    .sorted()
                    .toList();
        }
    }

    private static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("README.md"))
                || dir != null && !Files.isDirectory(dir.resolve("rlanything-core"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no checkout root above the working directory");
        return dir;
    }
}
