package org.rlanything.coding.mini;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.UnitTestMetrics;
import org.rlanything.coding.UnitTestReward;

/**
 * Generated miniature-language problems: deterministic from the seed, split by family, references
 * that pass their tests; the judge's one-line test format; the coding setting's consistency reward
 * applied to interpreted programs.
 */
class MiniProblemTest {

    private final MiniProblemGenerator generator = new MiniProblemGenerator(5);
    private final MiniTester tester = new MiniTester(StackInterpreter.defaults());

    @Test
    void generationIsDeterministicAndSplitByFamily() {
        List<MiniProblem> a = generator.generate(true, 40, 10086);
        assertEquals(a, generator.generate(true, 40, 10086));
        assertTrue(!a.equals(generator.generate(true, 40, 10087)));
        List<MiniProblem> out = generator.generate(false, 40, 10086);
        assertTrue(a.stream().allMatch(p -> p.family().inDomain()));
        assertTrue(out.stream().noneMatch(p -> p.family().inDomain()));
        Set<ProblemFamily> seen = new HashSet<>();
        a.forEach(p -> seen.add(p.family()));
        assertEquals(
                new HashSet<>(MiniProblemGenerator.families(true)),
                seen,
                "40 draws cover the 8 in-domain families");
    }

    @Test
    void everyReferencePassesItsTests() {
        for (boolean split : new boolean[] {true, false}) {
            for (MiniProblem p : generator.generate(split, 100, 7)) {
                assertTrue(tester.correct(p.reference(), p.tests()), p.id());
                assertEquals(5, p.tests().size());
            }
        }
    }

    @Test
    void theTestFormatRoundTripsAndTheJudgesLastTestLineCounts() {
        MiniTest t = new MiniTest(List.of(3L, -4L), List.of(-1L));
        assertEquals("3 -4 -> -1", t.format());
        assertEquals(Optional.of(t), MiniTest.parseLine(t.format()));
        assertEquals(
                Optional.of(new MiniTest(List.of(2L), List.of(5L))),
                MiniTest.parseJudgeOutput("x plus 3.\nTEST: 1 -> 4\nTEST: 2 -> 5\nthat is all"));
        assertEquals(Optional.empty(), MiniTest.parseJudgeOutput("the answer is 5"));
        assertFalse(MiniTest.parseLine(" -> 5").orElseThrow().valid(), "an empty input is invalid");
    }

    @Test
    void theConsistencyRewardAppliesToInterpretedPrograms() {
        // "Given a number x, output x plus 3."
        List<Optional<String>> programs =
                List.of(
                        Optional.of("3 add"),
                        Optional.of("1 add 2 add"),
                        Optional.of("3 mul"),
                        Optional.empty());
        List<MiniTest> truth =
                List.of(
                        new MiniTest(List.of(1L), List.of(4L)),
                        new MiniTest(List.of(-2L), List.of(1L)));
        boolean[] correct = new boolean[programs.size()];
        for (int i = 0; i < programs.size(); i++) {
            correct[i] =
                    programs.get(i).isPresent() && tester.correct(programs.get(i).get(), truth);
        }
        assertArrayEquals(new boolean[] {true, true, false, false}, correct);
        List<Optional<MiniTest>> written =
                List.of(
                        MiniTest.parseJudgeOutput(
                                "TEST: 2 -> 5"), // consistent; 3 mul gives 6, none: both fail -> +2
                        MiniTest.parseJudgeOutput(
                                "TEST: 0 -> 3"), // consistent; 3 mul gives 0 fails, none fails ->
                        // +2
                        MiniTest.parseJudgeOutput(
                                "TEST: 3 -> 9"), // inconsistent; 3 mul passes -> -1
                        MiniTest.parseJudgeOutput("no idea")); // unparseable: passes nothing -> 0
        boolean[][] passed = tester.passMatrix(programs, written);
        UnitTestReward.TaskRewards r = UnitTestReward.of(correct, passed, null).orElseThrow();
        assertArrayEquals(new double[] {2, 2, -1, 0}, r.raw(), 1e-12);
        UnitTestMetrics metrics = new UnitTestMetrics();
        metrics.add(correct, passed, 3);
        assertEquals(0.5, metrics.utAccuracy(), 1e-12);
        assertEquals(0.5, metrics.detectionRate(), 1e-12);
    }
}
