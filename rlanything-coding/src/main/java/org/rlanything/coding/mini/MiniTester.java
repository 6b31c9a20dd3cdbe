package org.rlanything.coding.mini;

import java.util.List;
import java.util.Optional;

/**
 * Runs miniature-language programs on tests with the interpreter (the language's sandbox) and gives
 * the same pass matrices the sandboxed runner gives, so {@link
 * org.rlanything.coding.UnitTestReward} and {@link org.rlanything.coding.UnitTestMetrics} apply
 * unchanged. A program passes a test when it ends OK with exactly the expected stack; an invalid
 * test is passed by no program.
 */
public final class MiniTester {

    private final StackInterpreter interpreter;

    public MiniTester(StackInterpreter interpreter) {
        this.interpreter = interpreter;
    }

    /** Whether the program passes the test. */
    public boolean passes(String program, MiniTest test) {
        if (!test.valid()) {
            return false;
        }
        StackInterpreter.Result r = interpreter.run(program, test.input());
        return r.ok() && r.output().equals(test.output());
    }

    /** Whether the program passes all tests (a correct program). */
    public boolean correct(String program, List<MiniTest> tests) {
        return tests.stream().allMatch(t -> passes(program, t));
    }

    /**
     * {@code passed[i][j]}: program i (empty: the answer had none) passed test j (empty: the
     * judge's sample had no test in the format).
     */
    public boolean[][] passMatrix(List<Optional<String>> programs, List<Optional<MiniTest>> tests) {
        boolean[][] passed = new boolean[programs.size()][tests.size()];
        for (int i = 0; i < programs.size(); i++) {
            for (int j = 0; j < tests.size(); j++) {
                passed[i][j] =
                        programs.get(i).isPresent()
                                && tests.get(j).isPresent()
                                && passes(programs.get(i).get(), tests.get(j).get());
            }
        }
        return passed;
    }
}
