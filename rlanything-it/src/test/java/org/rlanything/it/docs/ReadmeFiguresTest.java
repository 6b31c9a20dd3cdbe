package org.rlanything.it.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's figures about the tests stay true. What it can check: the number of test methods the
 * README states is within {@value #TOLERANCE_PERCENT}% of the test methods in the modules' sources
 * (annotated {@code @Test}, {@code @ParameterizedTest}, {@code @RepeatedTest}, {@code TestFactory},
 * jqwik's {@code @Property} and {@code @Example}). In the whole suite ({@code scripts/test}, which
 * passes {@code -Drlanything.suite=whole}), where every other module's tests ran before this
 * module's, it also checks that the tests' own time (the sum of the surefire reports, less than the
 * build's wall time) stays within the guide's 15-minute CI budget, and prints it. What it cannot
 * check: the wall time of {@code scripts/test}, which the README states with the date and the test
 * count of its measurement.
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
        assertTrue(
                Math.abs(counted - claimed) * 100 <= TOLERANCE_PERCENT * claimed,
                "README.md says about "
                        + claimed
                        + " test methods; the sources have "
                        + counted
                        + ": update README.md (rounded to ten)");
    }

    @Test
    void aWholeSuiteRunStaysWithinTheCiBudget() throws IOException {
        assumeTrue(
                "whole".equals(System.getProperty("rlanything.suite")),
                "not the whole suite (scripts/test passes -Drlanything.suite=whole)");
        List<Path> reports = new ArrayList<>();
        for (Path module : modulesWithTests(root())) {
            Path dir = module.resolve("target/surefire-reports");
            if (!module.getFileName().toString().equals("rlanything-it")
                    && Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    reports.addAll(
                            files.filter(f -> f.getFileName().toString().startsWith("TEST-"))
                                    .toList());
                }
            }
        }
        double seconds = 0;
        int tests = 0;
        Pattern suite =
                Pattern.compile("<testsuite [^>]*?tests=\"(\\d+)\"[^>]*?time=\"([0-9.,]+)\"");
        for (Path report : reports) {
            Matcher m = suite.matcher(Files.readString(report, StandardCharsets.UTF_8));
            if (m.find()) {
                tests += Integer.parseInt(m.group(1));
                seconds += Double.parseDouble(m.group(2).replace(",", ""));
            }
        }
        System.out.printf(
                "ReadmeFiguresTest: %d test runs in %d reports, %.0f s of test time (without"
                        + " rlanything-it)%n",
                tests, reports.size(), seconds);
        assertTrue(
                seconds < 15 * 60,
                "the tests' own time, " + Math.round(seconds) + " s, is beyond the CI budget");
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
