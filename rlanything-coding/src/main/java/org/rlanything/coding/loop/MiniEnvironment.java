package org.rlanything.coding.loop;

import java.util.random.RandomGenerator;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.coding.mini.MiniTester;
import org.rlanything.coding.mini.StackInterpreter;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The stack language as an environment of the loop: an episode is one step, the observation is
 * {@link MiniPrompts#policyPrompt}, the action is the program, and the episode is won when the
 * program passes every ground-truth test in the interpreter (step and stack limits instead of a
 * sandbox). A rewritten problem is valid when it has at least four valid tests and its reference
 * passes them.
 */
public final class MiniEnvironment implements Environment {

    private final MiniTester tester = new MiniTester(StackInterpreter.defaults());

    public MiniTester tester() {
        return tester;
    }

    @Override
    public EnvironmentSession start(Task task, RandomGenerator rng) {
        MiniProblem problem = problem(task);
        return new OneAnswerSession(
                task.id(),
                MiniPrompts.policyPrompt(problem),
                action -> {
                    int passed = 0;
                    for (MiniTest test : problem.tests()) {
                        passed += tester.passes(action, test) ? 1 : 0;
                    }
                    return new StepResult(
                            "Passed " + passed + " of " + problem.tests().size() + " tests.",
                            true,
                            passed == problem.tests().size(),
                            StepLabel.UNKNOWN);
                });
    }

    @Override
    public Verification verify(Task task) {
        MiniProblem problem = problem(task);
        long valid = problem.tests().stream().filter(MiniTest::valid).count();
        if (valid < 4) {
            return Verification.rejected("it has " + valid + " valid tests; at least 4 are needed");
        }
        if (!tester.correct(problem.reference(), problem.tests())) {
            return Verification.rejected("its reference fails one of its tests");
        }
        return Verification.ok();
    }

    static MiniProblem problem(Task task) {
        if (!(task instanceof MiniTask mini)) {
            throw new IllegalArgumentException(
                    "The stack-language environment plays stack-language tasks, not "
                            + task.getClass()
                            + ".");
        }
        return mini.problem();
    }
}
