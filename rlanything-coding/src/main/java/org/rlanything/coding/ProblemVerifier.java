package org.rlanything.coding;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Verification;

/**
 * Verification of a rewritten coding problem before it becomes a candidate (method.md §5 and §7): a
 * stdin/stdout problem with a statement, at least {@link #MIN_TESTS} valid tests, and a reference
 * solution that passes every one of them in the sandbox.
 */
public final class ProblemVerifier {

    /** The fewest ground-truth tests a rewritten problem may have (method.md §7). */
    public static final int MIN_TESTS = 4;

    private final SandboxedTester tester;

    public ProblemVerifier(SandboxedTester tester) {
        this.tester = tester;
    }

    /** Checks the problem; the reason names the first rule it breaks. */
    public Verification verify(CodingProblem problem) {
        if (problem.kind() != IoKind.STDIO) {
            return Verification.rejected("not a stdin/stdout problem");
        }
        if (problem.statement().isBlank()) {
            return Verification.rejected("the problem has no statement");
        }
        if (problem.tests().size() < MIN_TESTS) {
            return Verification.rejected(
                    "only " + problem.tests().size() + " tests, at least " + MIN_TESTS + " needed");
        }
        for (int j = 0; j < problem.tests().size(); j++) {
            if (!problem.tests().get(j).valid()) {
                return Verification.rejected("test " + (j + 1) + " has an empty input or output");
            }
        }
        if (problem.referenceSolution().isEmpty()) {
            return Verification.rejected("no reference solution");
        }
        List<PlannedRun> plans = new ArrayList<>();
        for (CodingTest t : problem.tests()) {
            plans.add(PlannedRun.of(problem, problem.referenceSolution().get(), t));
        }
        List<TestOutcome> outcomes = tester.run(plans);
        for (int j = 0; j < outcomes.size(); j++) {
            if (!outcomes.get(j).passed()) {
                return Verification.rejected(
                        "the reference solution fails test "
                                + (j + 1)
                                + " ("
                                + outcomes.get(j).reason()
                                + ")");
            }
        }
        return new Verification(true, "reference passes all " + outcomes.size() + " tests");
    }
}
