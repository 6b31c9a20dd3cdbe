package org.rlanything.coding.mini;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test of the miniature language in its own one-line format, {@code input -> output}: the
 * integers of the input stack, an arrow, the integers of the expected final stack (both bottom
 * first), e.g. {@code 3 4 -> 7}. A test with an empty side is invalid (as in method.md §7).
 */
public record MiniTest(List<Long> input, List<Long> output) {

    private static final Pattern LINE =
            Pattern.compile(
                    "^\\s*((?:-?\\d{1,18}\\s+)*-?\\d{1,18})?\\s*->\\s*((?:-?\\d{1,18}\\s+)*-?\\d{1,18})?\\s*$");

    public MiniTest {
        input = List.copyOf(input);
        output = List.copyOf(output);
    }

    /** Whether both sides have at least one number. */
    public boolean valid() {
        return !input.isEmpty() && !output.isEmpty();
    }

    /** The test as one line, {@code 3 4 -> 7}. */
    public String format() {
        return join(input) + " -> " + join(output);
    }

    /** Reads one line in the test format. */
    public static Optional<MiniTest> parseLine(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new MiniTest(numbers(m.group(1)), numbers(m.group(2))));
    }

    /**
     * The test a judge sample wrote: the last line of its text in the test format (lines may start
     * with {@code TEST:}). Empty when no line is one.
     */
    public static Optional<MiniTest> parseJudgeOutput(String text) {
        String[] lines = text.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String l = lines[i].strip();
            if (l.regionMatches(true, 0, "TEST:", 0, 5)) {
                l = l.substring(5);
            }
            Optional<MiniTest> t = parseLine(l);
            if (t.isPresent()) {
                return t;
            }
        }
        return Optional.empty();
    }

    private static List<Long> numbers(String text) {
        List<Long> out = new ArrayList<>();
        if (text != null) {
            for (String s : text.trim().split("\\s+")) {
                out.add(Long.parseLong(s));
            }
        }
        return out;
    }

    private static String join(List<Long> values) {
        StringBuilder b = new StringBuilder();
        for (long v : values) {
            b.append(b.length() == 0 ? "" : " ").append(v);
        }
        return b.toString();
    }
}
