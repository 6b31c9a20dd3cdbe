package org.rlanything.coding.mini;

import java.util.List;

/**
 * A generated problem of the miniature language.
 *
 * @param id a stable id: family, parameter and test seed
 * @param family the family it belongs to (and so its split)
 * @param statement what the policy is shown
 * @param reference a program that passes every test
 * @param tests the ground-truth tests
 */
public record MiniProblem(
        String id, ProblemFamily family, String statement, String reference, List<MiniTest> tests) {

    public MiniProblem {
        tests = List.copyOf(tests);
        if (tests.isEmpty()) {
            throw new IllegalArgumentException("problem " + id + " has no tests");
        }
    }
}
