package org.rlanything.coding;

/**
 * A standard-input/standard-output test: the program gets {@code input} and passes when its output
 * equals {@code expectedOutput} after collapsing whitespace ({@link OutputComparison}).
 */
public record StdioTest(String input, String expectedOutput) implements CodingTest {

    public StdioTest {
        java.util.Objects.requireNonNull(input, "input");
        java.util.Objects.requireNonNull(expectedOutput, "expectedOutput");
    }

    /** Empty input or empty expected output makes the test invalid (method.md §7). */
    @Override
    public boolean valid() {
        return !input.isBlank() && !expectedOutput.isBlank();
    }
}
