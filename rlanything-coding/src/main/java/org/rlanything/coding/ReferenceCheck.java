package org.rlanything.coding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every problem's reference solution on all its tests in the sandbox: the check that the
 * runner, the harnesses and the output comparison agree with the data set.
 */
public final class ReferenceCheck {

    /**
     * What the check found.
     *
     * @param problems problems read
     * @param passed problems whose reference passed every test
     * @param failed ids of problems whose reference failed a test, in file order
     * @param withoutReference problems the data set gives no reference solution for (not run)
     * @param firstFailures for each failed problem, the reason of its first failing test
     */
    public record Report(
            int problems,
            int passed,
            List<String> failed,
            int withoutReference,
            Map<String, String> firstFailures) {}

    private ReferenceCheck() {}

    /** Checks the references of the problems with the tester. */
    public static Report run(List<CodingProblem> problems, SandboxedTester tester) {
        List<PlannedRun> plans = new ArrayList<>();
        List<Integer> owner = new ArrayList<>();
        int without = 0;
        for (int i = 0; i < problems.size(); i++) {
            CodingProblem p = problems.get(i);
            if (p.referenceSolution().isEmpty()) {
                without++;
                continue;
            }
            for (CodingTest t : p.tests()) {
                plans.add(PlannedRun.of(p, p.referenceSolution().get(), t));
                owner.add(i);
            }
        }
        List<TestOutcome> outcomes = tester.run(plans);
        Map<String, String> firstFailures = new LinkedHashMap<>();
        boolean[] bad = new boolean[problems.size()];
        for (int k = 0; k < outcomes.size(); k++) {
            TestOutcome o = outcomes.get(k);
            int i = owner.get(k);
            if (!o.passed() && !bad[i]) {
                bad[i] = true;
                String detail = o.run().stderr().strip();
                firstFailures.put(
                        problems.get(i).id(),
                        o.reason() + (detail.isEmpty() ? "" : ": " + tail(detail, 300)));
            }
        }
        List<String> failed = new ArrayList<>();
        int passed = 0;
        for (int i = 0; i < problems.size(); i++) {
            if (problems.get(i).referenceSolution().isEmpty()) {
                continue;
            }
            if (bad[i]) {
                failed.add(problems.get(i).id());
            } else {
                passed++;
            }
        }
        return new Report(problems.size(), passed, failed, without, firstFailures);
    }

    private static String tail(String text, int n) {
        return text.length() <= n ? text : "..." + text.substring(text.length() - n);
    }
}
