package org.rlanything.coding.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.loop.MiniEnvironment;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTester;
import org.rlanything.coding.mini.ProblemFamily;
import org.rlanything.coding.mini.StackInterpreter;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Task;

/**
 * Every rewrite of every family, both ways, is a verified problem of the same family with at least
 * four tests that its reference passes, moved in the direction asked (more tests and a larger k
 * when harder; fewer and a smaller k when easier, within bounds).
 */
class MiniRewriterTest {

    @Test
    void variantsAreVerifiedAndMoveTheWayAsked() {
        MiniRewriter rewriter = new MiniRewriter();
        MiniEnvironment environment = new MiniEnvironment();
        MiniTester tester = new MiniTester(StackInterpreter.defaults());
        MiniProblemGenerator generator = new MiniProblemGenerator(6);
        SplittableRandom rng = new SplittableRandom(3);
        for (ProblemFamily family : ProblemFamily.values()) {
            for (int round = 0; round < 5; round++) {
                MiniProblem original = generator.generate(family, rng);
                long k = MiniProblemGenerator.parameter(original.id());
                for (RewriteGoal goal : RewriteGoal.values()) {
                    MiniTask task = new MiniTask(original);
                    Task out =
                            rewriter.rewrite(
                                            new RewriteRequest(
                                                    task,
                                                    task,
                                                    goal,
                                                    0.5,
                                                    new CriticFeedback(0, java.util.List.of())),
                                            rng)
                                    .orElseThrow();
                    MiniProblem variant = ((MiniTask) out).problem();
                    assertTrue(environment.verify(out).valid(), variant.id());
                    assertTrue(tester.correct(variant.reference(), variant.tests()));
                    assertEquals(family, variant.family());
                    long k2 = MiniProblemGenerator.parameter(variant.id());
                    if (goal == RewriteGoal.HARDER) {
                        assertEquals(8, variant.tests().size());
                        assertTrue(family.parameterised() ? k2 > k || k == 9 : k2 == k);
                    } else {
                        assertEquals(4, variant.tests().size());
                        assertTrue(family.parameterised() ? k2 < k || k == family.minK() : k2 == k);
                    }
                    assertEquals(family.reference(k2), variant.reference());
                }
            }
        }
    }
}
