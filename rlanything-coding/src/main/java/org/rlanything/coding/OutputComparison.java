package org.rlanything.coding;

/**
 * Output comparison of the coding setting (method.md §7): outputs are equal when they are equal
 * after collapsing whitespace, {@code " ".join(out.split()) == " ".join(expected.split())}: runs of
 * spaces, tabs and newlines count as one space, leading and trailing whitespace is dropped.
 */
public final class OutputComparison {

    private OutputComparison() {}

    /** The text with every run of whitespace replaced by one space and the ends trimmed. */
    public static String collapse(String text) {
        return String.join(" ", text.strip().split("\\s+"));
    }

    /** Whether the actual output matches the expected one after collapsing whitespace. */
    public static boolean matches(String actual, String expected) {
        return collapse(actual).equals(collapse(expected));
    }
}
