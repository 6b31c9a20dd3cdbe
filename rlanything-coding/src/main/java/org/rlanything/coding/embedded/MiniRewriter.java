package org.rlanything.coding.embedded;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTester;
import org.rlanything.coding.mini.ProblemFamily;
import org.rlanything.coding.mini.StackInterpreter;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;

/**
 * The stack language's rule-based rewriter (method.md §5, §7): a harder or easier variant of the
 * active problem within its family, its tests drawn afresh and their outputs computed by the
 * reference in the interpreter, so every variant is verified by construction (and checked again
 * here: at least {@link #MIN_TESTS} tests, all passed by the reference).
 *
 * <ul>
 *   <li>harder: two more tests (up to {@link #MAX_TESTS}), so a program must be right on more
 *       inputs, and for a family with a parameter k a larger k (by 1–3, up to 9);
 *   <li>easier: two fewer tests (down to {@link #MIN_TESTS}) and for a family with k a smaller k
 *       (by 1–3, down to the family's smallest).
 * </ul>
 *
 * Whether a variant really moved the policy's accuracy the right way is the loop's acceptance test
 * (§5), not the rewriter's claim.
 */
public final class MiniRewriter implements Rewriter {

    /** The fewest tests a variant has (the environment's verification needs four). */
    public static final int MIN_TESTS = 4;

    /** The most tests a variant has. */
    public static final int MAX_TESTS = 12;

    private final MiniProblemGenerator generator = new MiniProblemGenerator(6);
    private final MiniTester tester = new MiniTester(StackInterpreter.defaults());

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        if (!(request.active() instanceof MiniTask active)) {
            return Optional.empty();
        }
        MiniProblem problem = active.problem();
        ProblemFamily family = problem.family();
        boolean harder = request.goal() == RewriteGoal.HARDER;
        int n = problem.tests().size();
        int tests = Math.max(MIN_TESTS, Math.min(MAX_TESTS, n + (harder ? 2 : -2)));
        long k = MiniProblemGenerator.parameter(problem.id());
        if (family.parameterised()) {
            long step = 1 + rng.nextInt(3);
            k = harder ? Math.min(9, k + step) : Math.max(family.minK(), k - step);
        }
        MiniProblem variant = generator.generate(family, k, tests, rng.nextLong());
        if (variant.tests().size() < MIN_TESTS
                || !tester.correct(variant.reference(), variant.tests())) {
            return Optional.empty();
        }
        return Optional.of(new MiniTask(variant));
    }
}
