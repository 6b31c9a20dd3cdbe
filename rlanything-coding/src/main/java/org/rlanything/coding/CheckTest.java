package org.rlanything.coding;

/**
 * A check program appended to the solution: HumanEval's {@code def check(candidate)} (called with
 * {@code entryPoint}) or HumanEval-X's Java {@code public class Main}. The solution passes when the
 * whole program exits with status 0.
 */
public record CheckTest(String code, String entryPoint) implements CodingTest {

    public CheckTest {
        java.util.Objects.requireNonNull(code, "code");
        java.util.Objects.requireNonNull(entryPoint, "entryPoint");
    }

    @Override
    public boolean valid() {
        return !code.isBlank();
    }
}
