package org.rlanything.it.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /** The start tag of a surefire report's suite. */
    private static final Pattern SUITE_TAG = Pattern.compile("<testsuite\\s[^>]*>");

    /** The guide's bound on CI (scripts/test), in seconds. */
    private static final int CI_BUDGET_S = 15 * 60;

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
        assertFalse(reports.isEmpty(), "the whole suite left surefire reports in target/");
        double seconds = 0;
        int tests = 0;
        for (Path report : reports) {
            String xml = Files.readString(report, StandardCharsets.UTF_8);
            tests += (int) suiteAttribute(xml, "tests", report);
            seconds += suiteAttribute(xml, "time", report);
        }
        System.out.printf(
                "ReadmeFiguresTest: %d test runs in %d reports, %.0f s of test time (without"
                        + " rlanything-it)%n",
                tests, reports.size(), seconds);
        assertTrue(
                seconds < CI_BUDGET_S,
                "the tests' own time, " + Math.round(seconds) + " s, is beyond the CI budget");
    }

    @Test
    void aSurefireReportsFiguresAreReadWhateverTheAttributesOrder() {
        // surefire 3 writes time before tests; another version may write them the other way
        String surefire3 =
                "<?xml version=\"1.0\"?>\n<testsuite version=\"3.0.2\" name=\"a.BTest\""
                        + " time=\"1,234.5\" tests=\"5\" errors=\"0\">\n"
                        + "<testcase name=\"c\" time=\"0.1\"/>";
        String reversed = "<testsuite tests=\"7\" name=\"x\" time=\"2.5\">";
        Path where = Path.of("TEST-a.BTest.xml");
        assertEquals(1234.5, suiteAttribute(surefire3, "time", where));
        assertEquals(5, suiteAttribute(surefire3, "tests", where));
        assertEquals(2.5, suiteAttribute(reversed, "time", where));
        assertEquals(7, suiteAttribute(reversed, "tests", where));
        assertThrows(
                AssertionError.class,
                () -> suiteAttribute("<testsuite name=\"x\">", "time", where));
    }

    /** A number attribute of a surefire report's {@code testsuite} tag; fails when it has none. */
    static double suiteAttribute(String xml, String name, Path report) {
        Matcher tag = SUITE_TAG.matcher(xml);
        assertTrue(tag.find(), report + " has no <testsuite> tag");
        Matcher attribute = Pattern.compile("\\s" + name + "=\"([0-9.,]+)\"").matcher(tag.group());
        assertTrue(attribute.find(), report + "'s <testsuite> has no " + name + " figure");
        return Double.parseDouble(attribute.group(1).replace(",", ""));
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
