package org.rlanything.coding;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One coding task's round of the loop's judging step (method.md §7): the N programs run on the
 * task's ground-truth tests (which programs are correct, each one's pass ratio) and on the m tests
 * the reward model wrote (the pass matrix), all in one sandboxed batch; then the consistency reward
 * of each written test.
 */
public final class UnitTestRound {

    /**
     * What one round found.
     *
     * @param groundTruthPassRatio each program's fraction of ground-truth tests passed (the
     *     policy's reward before standardisation, [R])
     * @param groundTruthPassRates each ground-truth test's fraction of programs passing it (what
     *     the rewriter is told)
     * @param correct whether each program passed all ground-truth tests
     * @param tests the written tests, empty where a sample could not be parsed
     * @param passed {@code passed[i][j]}: program i passed written test j
     * @param rewards the written tests' consistency rewards, empty when the task is skipped
     */
    public record Result(
            double[] groundTruthPassRatio,
            double[] groundTruthPassRates,
            boolean[] correct,
            List<Optional<StdioTest>> tests,
            boolean[][] passed,
            Optional<UnitTestReward.TaskRewards> rewards) {

        /** The task's accuracy: the fraction of programs passing all ground-truth tests. */
        public double accuracy() {
            int c = 0;
            for (boolean b : correct) {
                c += b ? 1 : 0;
            }
            return correct.length == 0 ? 0 : (double) c / correct.length;
        }

        /** How many written tests could be parsed. */
        public int parsedTests() {
            return (int) tests.stream().filter(Optional::isPresent).count();
        }
    }

    /** The invalid test an unparseable sample stands for: every program fails it. */
    static final StdioTest UNPARSEABLE = new StdioTest("", "");

    private UnitTestRound() {}

    /**
     * Runs a round.
     *
     * @param problem a stdin/stdout problem
     * @param programs the N programs (empty where the policy's answer had no code block: it fails
     *     every test)
     * @param testWriterOutputs the m reward-model outputs, one test each
     * @param band the [Proj] accuracy band {lo, hi}, or null
     */
    public static Result run(
            CodingProblem problem,
            List<Optional<String>> programs,
            List<String> testWriterOutputs,
            SandboxedTester tester,
            double[] band) {
        if (problem.kind() != IoKind.STDIO) {
            throw new IllegalArgumentException(
                    "written tests are stdin/stdout tests: problem "
                            + problem.id()
                            + " is "
                            + problem.kind().label());
        }
        List<Optional<StdioTest>> written = new ArrayList<>();
        for (String out : testWriterOutputs) {
            written.add(UnitTestParser.parse(out));
        }
        List<CodingTest> all = new ArrayList<>(problem.tests());
        for (Optional<StdioTest> t : written) {
            all.add(t.orElse(UNPARSEABLE));
        }
        int g = problem.tests().size();
        int m = written.size();
        List<PlannedRun> plans = new ArrayList<>();
        List<int[]> where = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            if (programs.get(i).isEmpty()) {
                continue;
            }
            for (int j = 0; j < all.size(); j++) {
                plans.add(PlannedRun.of(problem, programs.get(i).get(), all.get(j)));
                where.add(new int[] {i, j});
            }
        }
        List<TestOutcome> outcomes = tester.run(plans);
        boolean[][] passedAll = new boolean[programs.size()][all.size()];
        for (int k = 0; k < outcomes.size(); k++) {
            passedAll[where.get(k)[0]][where.get(k)[1]] = outcomes.get(k).passed();
        }
        double[] rates = new double[g];
        for (int j = 0; j < g; j++) {
            int ok = 0;
            for (int i = 0; i < programs.size(); i++) {
                ok += passedAll[i][j] ? 1 : 0;
            }
            rates[j] = programs.isEmpty() ? 0 : (double) ok / programs.size();
        }
        double[] ratio = new double[programs.size()];
        boolean[] correct = new boolean[programs.size()];
        boolean[][] passed = new boolean[programs.size()][m];
        for (int i = 0; i < programs.size(); i++) {
            int ok = 0;
            for (int j = 0; j < g; j++) {
                ok += passedAll[i][j] ? 1 : 0;
            }
            ratio[i] = (double) ok / g;
            correct[i] = ok == g;
            System.arraycopy(passedAll[i], g, passed[i], 0, m);
        }
        return new Result(
                ratio, rates, correct, written, passed, UnitTestReward.of(correct, passed, band));
    }
}
