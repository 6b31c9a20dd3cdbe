package org.rlanything.coding;

import java.util.List;
import java.util.Optional;
import org.rlanything.coding.sandbox.Language;

/**
 * A coding problem, whatever data set it comes from.
 *
 * @param id the data set's identifier ({@code HumanEval/0}, {@code Java/0}, the APPS id)
 * @param language the language solutions are written in
 * @param kind how its tests talk to a program
 * @param statement what the policy is shown: the description, or the signature with its docstring
 * @param starterCode code a solution starts from (a function signature), possibly empty
 * @param referenceSolution a complete program known to pass the tests, when the data set has one
 * @param tests the ground-truth tests
 */
public record CodingProblem(
        String id,
        Language language,
        IoKind kind,
        String statement,
        String starterCode,
        Optional<String> referenceSolution,
        List<CodingTest> tests) {

    public CodingProblem {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("a coding problem needs an id");
        }
        tests = List.copyOf(tests);
        if (tests.isEmpty()) {
            throw new IllegalArgumentException("coding problem " + id + " has no tests");
        }
    }

    /** This problem with other ground-truth tests (a subset, or a rewrite's). */
    public CodingProblem withTests(List<CodingTest> others) {
        return new CodingProblem(
                id, language, kind, statement, starterCode, referenceSolution, others);
    }
}
