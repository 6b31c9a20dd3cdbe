package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;

/**
 * A whole judging round in the sandbox: real policy answers (correct, incorrect, no code) run on
 * ground-truth tests and on tests written the way a reward model writes them (consistent,
 * inconsistent, unparseable); rewards and metrics match the hand derivation.
 */
class UnitTestRoundTest {

    private static final double EPS = 1e-9;
    private static Sandbox sandbox;

    @BeforeAll
    static void open() {
        sandbox = Sandbox.open(SandboxSettings.defaults(2));
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    private static String answer(String code) {
        return "Here is my solution.\n```python\n" + code + "```\n";
    }

    private static String written(String input, String output) {
        return "Let me think about an edge case.\n"
                + UnitTestParser.format(new StdioTest(input, output));
    }

    @Test
    void rewardsAndMetricsOfARealRound() {
        CodingProblem sum =
                new CodingProblem(
                        "sum-of-two",
                        Language.PYTHON,
                        IoKind.STDIO,
                        "Read two integers and print their sum.",
                        "",
                        Optional.empty(),
                        List.of(
                                new StdioTest("1 2\n", "3\n"),
                                new StdioTest("0 0\n", "0\n"),
                                new StdioTest("2 2\n", "4\n")));
        List<String> answers =
                List.of(
                        answer("print(sum(map(int, input().split())))\n"),
                        answer(
                                "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n"),
                        answer("a, b = map(int, input().split())\nprint(a * b)\n"),
                        answer("print(max(map(int, input().split())))\n"),
                        "I cannot solve this.");
        List<Optional<String>> programs =
                answers.stream().map(AnswerExtraction::lastCodeBlock).toList();
        List<String> tests =
                List.of(
                        written(
                                "2 3\n",
                                "5\n"), // consistent; product 6, max 3, no program: all fail -> +3
                        written("2 2\n", "4\n"), // consistent; product passes -> +2
                        written("2 3\n", "6\n"), // inconsistent; product passes -> -1
                        "The answer is 5 for input 2 3.", // unparseable: invalid, passes nothing ->
                        // 0
                        written(
                                "  1   1 \n",
                                "2\n\n")); // consistent (whitespace collapsed); all wrong fail ->
        // +3
        UnitTestRound.Result r =
                UnitTestRound.run(sum, programs, tests, new SandboxedTester(sandbox), null);

        assertArrayEquals(new boolean[] {true, true, false, false, false}, r.correct());
        // product passes 0 0 and 2 2; max passes 0 0; no program passes nothing
        assertArrayEquals(new double[] {1, 1, 2.0 / 3, 1.0 / 3, 0}, r.groundTruthPassRatio(), EPS);
        assertEquals(0.4, r.accuracy(), EPS);
        // "1 2": only the two correct; "0 0": all but the missing program; "2 2": correct and
        // product
        assertArrayEquals(new double[] {2.0 / 5, 4.0 / 5, 3.0 / 5}, r.groundTruthPassRates(), EPS);
        assertEquals(4, r.parsedTests());

        UnitTestReward.TaskRewards rewards = r.rewards().orElseThrow();
        assertArrayEquals(new double[] {3, 2, -1, 0, 3}, rewards.raw(), EPS);
        // mean 1.4; squared deviations 2.56 + 0.36 + 5.76 + 1.96 + 2.56 = 13.2; var 2.64
        double std = Math.sqrt(2.64);
        assertArrayEquals(
                new double[] {1.6 / std, 0.6 / std, -2.4 / std, -1.4 / std, 1.6 / std},
                rewards.advantages(),
                EPS);

        UnitTestMetrics metrics = new UnitTestMetrics();
        metrics.add(r.correct(), r.passed(), r.parsedTests());
        assertEquals(3.0 / 5, metrics.utAccuracy(), EPS); // tests 0, 1, 4 are consistent
        assertEquals(
                2.0 / 5, metrics.detectionRate(), EPS); // tests 0 and 4 fail every wrong program
        assertEquals(0.8, metrics.parseRate(), EPS);
    }

    @Test
    void theParserReadsLabelledBlocksAndRejectsTheRest() {
        assertEquals(
                Optional.of(new StdioTest("1 2\n", "3\n")),
                UnitTestParser.parse(written("1 2\n", "3\n")));
        assertEquals(
                Optional.of(new StdioTest("5\n", "25\n")),
                UnitTestParser.parse(
                        "Input:\n```\n1\n```\nOutput:\n```\n1\n```\nBetter:\n**Input**\n```text\n5\n```\n**Output**\n```\n25\n```"),
                "the last input and the output after it");
        assertEquals(
                Optional.empty(),
                UnitTestParser.parse("```\n1 2\n```\n```\n3\n```"),
                "unlabelled blocks");
        assertEquals(
                Optional.empty(),
                UnitTestParser.parse("**Test Output:**\n```\n3\n```"),
                "no input");
        assertTrue(
                UnitTestParser.parse("Input:\n```\n```\nOutput:\n```\n3\n```")
                        .map(t -> !t.valid())
                        .orElse(false),
                "an empty input is parsed but invalid");
    }
}
