package org.rlanything.coding;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the one stdin/stdout test a reward-model sample writes (method.md §7: one test per sample).
 * The expected shape, which the test writer's prompt asks for:
 *
 * <pre>
 * ...reasoning...
 * **Test Input:**
 * ```
 * 3
 * 1 2 3
 * ```
 * **Test Output:**
 * ```
 * 6
 * ```
 * </pre>
 *
 * Rule: every fenced block is labelled by the last non-blank line before it; the test's input is
 * the last block whose label mentions "input", its expected output the first block after that input
 * whose label mentions "output". A sample without both has no test ({@link Optional#empty()}); it
 * counts as an invalid test that every program fails. A parsed test with an empty input or output
 * is {@link StdioTest#valid() invalid} as well.
 */
public final class UnitTestParser {

    private static final Pattern FENCE = Pattern.compile("```[^\\n]*\\n(.*?)```", Pattern.DOTALL);

    private UnitTestParser() {}

    /** The test written in one reward-model output, if it has one. */
    public static Optional<StdioTest> parse(String output) {
        Matcher m = FENCE.matcher(output);
        String input = null;
        String expected = null;
        int previousEnd = 0;
        while (m.find()) {
            String label = label(output.substring(previousEnd, m.start()));
            previousEnd = m.end();
            if (label.contains("input")) {
                input = m.group(1);
                expected = null;
            } else if (label.contains("output") && input != null && expected == null) {
                expected = m.group(1);
            }
        }
        if (input == null || expected == null) {
            return Optional.empty();
        }
        return Optional.of(new StdioTest(input, expected));
    }

    /**
     * Every test of a text that lists several (the rewriter's new problem): each block labelled
     * "input" followed by the first block labelled "output" after it, in order. A block labelled
     * "input" without an output before the next input is dropped.
     */
    public static java.util.List<StdioTest> parseAll(String text) {
        java.util.List<StdioTest> tests = new java.util.ArrayList<>();
        Matcher m = FENCE.matcher(text);
        String input = null;
        int previousEnd = 0;
        while (m.find()) {
            String label = label(text.substring(previousEnd, m.start()));
            previousEnd = m.end();
            if (label.contains("input")) {
                input = m.group(1);
            } else if (label.contains("output") && input != null) {
                tests.add(new StdioTest(input, m.group(1)));
                input = null;
            }
        }
        return tests;
    }

    /** The last non-blank line of the text before a block, lower-cased. */
    private static String label(String before) {
        String[] lines = before.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].toLowerCase(Locale.ROOT);
            }
        }
        return "";
    }

    /** Formats a test the way {@link #parse} reads it (for scripted replies and documentation). */
    public static String format(StdioTest test) {
        return "**Test Input:**\n```\n"
                + test.input()
                + (test.input().endsWith("\n") ? "" : "\n")
                + "```\n**Test Output:**\n```\n"
                + test.expectedOutput()
                + (test.expectedOutput().endsWith("\n") ? "" : "\n")
                + "```\n";
    }
}
