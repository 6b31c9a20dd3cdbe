package org.rlanything.coding.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.rlanything.coding.AnswerExtraction;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.CodingTest;
import org.rlanything.coding.PlannedRun;
import org.rlanything.coding.ProblemVerifier;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.TestOutcome;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The coding setting as an environment of the loop (method.md §7): an episode is one step; the
 * observation is the policy's prompt (the statement and the answer format), the action is the
 * program (the last fenced block of the answer), and the episode is won when the program passes
 * every ground-truth test in the sandbox. Rewritten problems are verified by {@link
 * ProblemVerifier} (a reference that passes at least four valid tests).
 */
public final class CodingEnvironment implements Environment {

    private final SandboxedTester tester;
    private final ProblemVerifier verifier;

    public CodingEnvironment(SandboxedTester tester) {
        this.tester = Objects.requireNonNull(tester, "tester");
        this.verifier = new ProblemVerifier(tester);
    }

    public SandboxedTester tester() {
        return tester;
    }

    @Override
    public EnvironmentSession start(Task task, RandomGenerator rng) {
        CodingProblem problem = problem(task);
        return new OneAnswerSession(
                task.id(),
                CodingPrompts.policyPrompt(problem),
                action -> {
                    String program = action.strip();
                    if (program.isEmpty()) {
                        return new StepResult(
                                "No program: the answer had no code block.",
                                true,
                                false,
                                StepLabel.UNKNOWN);
                    }
                    List<PlannedRun> plans = new ArrayList<>();
                    for (CodingTest test : problem.tests()) {
                        plans.add(PlannedRun.of(problem, program, test));
                    }
                    int passed = 0;
                    for (TestOutcome outcome : tester.run(plans)) {
                        passed += outcome.passed() ? 1 : 0;
                    }
                    return new StepResult(
                            "Passed " + passed + " of " + plans.size() + " ground-truth tests.",
                            true,
                            passed == plans.size(),
                            StepLabel.UNKNOWN);
                });
    }

    @Override
    public Verification verify(Task task) {
        return verifier.verify(problem(task));
    }

    /** The program in a policy's answer: its last fenced block, or empty text when it has none. */
    public static String program(String answer) {
        return AnswerExtraction.lastCodeBlock(answer).orElse("");
    }

    static CodingProblem problem(Task task) {
        if (!(task instanceof CodingTask coding)) {
            throw new IllegalArgumentException(
                    "The coding environment plays coding tasks, not " + task.getClass() + ".");
        }
        return coding.problem();
    }
}
