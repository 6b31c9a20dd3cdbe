package org.rlanything.coding;

/**
 * A function-call test (APPS call-based problems): call {@code function} with the arguments, one
 * Python literal per line of {@code arguments} (a line that is not a literal is a string), and
 * compare the result with {@code expectedJson}, the expected value as JSON.
 */
public record CallTest(String function, String arguments, String expectedJson)
        implements CodingTest {

    public CallTest {
        if (function == null || !function.matches("[A-Za-z_]\\w*")) {
            throw new IllegalArgumentException("not a function name: " + function);
        }
        java.util.Objects.requireNonNull(arguments, "arguments");
        java.util.Objects.requireNonNull(expectedJson, "expectedJson");
    }

    @Override
    public boolean valid() {
        return !expectedJson.isBlank();
    }
}
