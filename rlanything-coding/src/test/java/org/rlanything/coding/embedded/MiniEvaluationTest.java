package org.rlanything.coding.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.coding.mini.ProblemFamily;

/**
 * The held-out scoring on hand-built cases: correct and incorrect programs against consistent,
 * inconsistent and unparseable tests, with every figure worked out by hand.
 */
class MiniEvaluationTest {

    private static MiniTest t(String line) {
        return MiniTest.parseLine(line).orElseThrow();
    }

    private static final MiniProblem SUM =
            new MiniProblem(
                    "sum",
                    ProblemFamily.SUM_TWO,
                    "Given two numbers, output their sum.",
                    "add",
                    List.of(t("1 2 -> 3"), t("4 5 -> 9"), t("-3 7 -> 4"), t("0 0 -> 0")));

    private static final MiniProblem SQUARE =
            new MiniProblem(
                    "square",
                    ProblemFamily.SQUARE,
                    "Given a number x, output x squared.",
                    "sq",
                    List.of(t("3 -> 9"), t("-2 -> 4"), t("0 -> 0"), t("5 -> 25")));

    @Test
    void scoresHandBuiltProgramsAndTests() {
        MiniEvaluation evaluation = new MiniEvaluation("coding-mini", 2, 4, 4);
        Map<String, Double> f =
                evaluation.score(
                        "p/",
                        List.of(SUM, SQUARE),
                        List.of(
                                // two correct, two incorrect (mul, sub)
                                List.of(
                                        Optional.of("add"),
                                        Optional.of("swap add"),
                                        Optional.of("mul"),
                                        Optional.of("sub")),
                                // both correct
                                List.of(Optional.of("sq"), Optional.of("dup mul"))),
                        List.of(
                                // detects both; consistent but mul passes; wrong; prose
                                List.of(
                                        Optional.of(t("2 3 -> 5")),
                                        Optional.of(t("2 2 -> 4")),
                                        Optional.of(t("1 1 -> 3")),
                                        Optional.empty()),
                                List.of(Optional.of(t("3 -> 9")), Optional.of(t("2 -> 5")))));
        assertEquals(4.0 / 6, f.get("p/success"), 1e-12);
        // consistent: 2 3 -> 5, 2 2 -> 4, 3 -> 9 of 6 written tests
        assertEquals(0.5, f.get("p/ut_accuracy"), 1e-12);
        // only the sum problem has incorrect programs: 2 3 -> 5 catches both, of 4 tests
        assertEquals(0.25, f.get("p/detection_rate"), 1e-12);
        assertEquals(5.0 / 6, f.get("p/test_parse_rate"), 1e-12);
        // mutants of add (sub mul max min, add inc) all fail 2 3 -> 5, mul passes 2 2 -> 4;
        // the mutant of sq (sq inc) fails 3 -> 9
        assertEquals(2.0 / 6, f.get("p/mutant_detection_rate"), 1e-12);
        // 0 0 -> 0 and 0 -> 0 are right but pass mul and sub too
        assertEquals(1.0, f.get("p/trivial_zero_ut_accuracy"), 1e-12);
        assertEquals(0.0, f.get("p/trivial_zero_detection_rate"), 1e-12);
        // 0 0 -> 0 passes the sub, mul, max and min mutants (detects not all); 0 -> 0 fails sq inc,
        // the only mutant of sq
        assertEquals(0.5, f.get("p/trivial_zero_mutant_detection_rate"), 1e-12);
        // 1 2 -> 1 2 is wrong for a sum, 1 -> 1 right for a square
        assertEquals(0.5, f.get("p/trivial_echo_ut_accuracy"), 1e-12);
        assertEquals(0.0, f.get("p/trivial_echo_detection_rate"), 1e-12);
    }

    @Test
    void withoutATestWriterOnlyThePolicyAndTheTrivialJudgesAreScored() {
        Map<String, Double> f =
                new MiniEvaluation("coding-mini", 1, 1, 1)
                        .score("p/", List.of(SUM), List.of(List.of(Optional.empty())), null);
        assertEquals(0.0, f.get("p/success"));
        assertFalse(f.containsKey("p/ut_accuracy"));
        assertTrue(f.containsKey("p/trivial_zero_ut_accuracy"));
    }

    @Test
    void mutantsChangeOneTokenAndAreNeverTheProgram() {
        List<String> mutants = MiniEvaluation.mutants("2 mul 3 add");
        assertTrue(
                mutants.containsAll(
                        List.of(
                                "3 mul 3 add",
                                "1 mul 3 add",
                                "2 add 3 add",
                                "2 mul 3 sub",
                                "2 mul 3 add inc")));
        assertFalse(mutants.contains("2 mul 3 add"));
        assertEquals(mutants.size(), mutants.stream().distinct().count());
    }

    @Test
    void theThreeSetsAreFixedByTheSeedAndSplitAsNamed() {
        MiniEvaluation evaluation = new MiniEvaluation("coding-mini", 48, 1, 1);
        Map<String, List<MiniProblem>> a = evaluation.sets(5);
        assertEquals(a, evaluation.sets(5));
        assertEquals(
                List.of("in_domain", "new_statements", "out_of_domain"), List.copyOf(a.keySet()));
        a.get("in_domain").forEach(p -> assertTrue(p.family().inDomain()));
        a.get("new_statements").forEach(p -> assertTrue(p.family().inDomain()));
        a.get("new_statements").forEach(p -> assertFalse(p.statement().startsWith("Given")));
        a.get("out_of_domain").forEach(p -> assertFalse(p.family().inDomain()));
        a.values().forEach(set -> assertEquals(48, set.size()));
    }
}
