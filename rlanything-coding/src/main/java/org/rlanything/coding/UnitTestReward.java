package org.rlanything.coding;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The test writer's consistency reward in the coding setting (method.md §7), for one task.
 *
 * <p>How and why. A program is <em>correct</em> when it passes every ground-truth test of the task.
 * The reward model wrote m tests (one per sample) and every one of the N programs ran on every
 * test. A test is <em>consistent</em> when every correct program passes it: a test that a correct
 * program fails is wrong about the problem. Its raw reward:
 *
 * <ul>
 *   <li>no incorrect program among the N: {@code +1} if consistent, else {@code -1};
 *   <li>otherwise: consistent, {@code +(incorrect programs it fails)}, so a right test earns more
 *       the more wrong programs it catches; inconsistent, {@code -(incorrect programs it passes)}.
 * </ul>
 *
 * The raw rewards are z-scored over the task's m tests (population standard deviation); a task with
 * no correct program is skipped, and so is a task whose raw rewards are all equal (no signal, as in
 * §4). Samples whose advantage is 0 are dropped by the trainer (§2). An unparseable sample is an
 * invalid test that every program fails, so it is inconsistent whenever a correct program exists:
 * {@code -1} without incorrect programs, {@code 0} (it passes no incorrect program) with them,
 * exactly as the rule says. The [Proj] option of the 0.2–0.8 accuracy band skips tasks whose
 * accuracy lies outside it.
 */
public final class UnitTestReward {

    /**
     * The rewards of one task's tests.
     *
     * @param raw the raw reward of each test
     * @param advantages the z-scored rewards (all 0 when the task gives no signal)
     * @param consistent whether each test is consistent
     */
    public record TaskRewards(double[] raw, double[] advantages, boolean[] consistent) {}

    private UnitTestReward() {}

    /**
     * The rewards of a task's generated tests, or empty when the task is skipped (no correct
     * program, or outside the accuracy band when one is given).
     *
     * @param correct whether each program passes all ground-truth tests
     * @param passed {@code passed[i][j]}: program i passed generated test j (an invalid test is
     *     passed by none)
     * @param band the accuracy band {lo, hi} of the [Proj] option, or null for none ([R])
     */
    public static Optional<TaskRewards> of(boolean[] correct, boolean[][] passed, double[] band) {
        int n = correct.length;
        if (passed.length != n) {
            throw new IllegalArgumentException(
                    "pass matrix has " + passed.length + " rows for " + n + " programs");
        }
        int correctCount = 0;
        for (boolean c : correct) {
            correctCount += c ? 1 : 0;
        }
        if (correctCount == 0) {
            return Optional.empty();
        }
        double accuracy = (double) correctCount / n;
        if (band != null && (accuracy < band[0] || accuracy > band[1])) {
            return Optional.empty();
        }
        int m = passed[0].length;
        boolean anyIncorrect = correctCount < n;
        double[] raw = new double[m];
        boolean[] consistent = new boolean[m];
        for (int j = 0; j < m; j++) {
            boolean ok = true;
            int incorrectFailing = 0;
            int incorrectPassing = 0;
            for (int i = 0; i < n; i++) {
                if (correct[i]) {
                    ok &= passed[i][j];
                } else if (passed[i][j]) {
                    incorrectPassing++;
                } else {
                    incorrectFailing++;
                }
            }
            consistent[j] = ok;
            if (!anyIncorrect) {
                raw[j] = ok ? 1 : -1;
            } else {
                raw[j] = ok ? incorrectFailing : -incorrectPassing;
            }
        }
        return Optional.of(new TaskRewards(raw, zScores(raw), consistent));
    }

    /** (x − mean) / population std; all zeros when the values are all equal. */
    static double[] zScores(double[] x) {
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= x.length;
        double var = 0;
        for (double v : x) {
            var += (v - mean) * (v - mean);
        }
        var /= x.length;
        double[] z = new double[x.length];
        if (var == 0) {
            return z;
        }
        double std = Math.sqrt(var);
        for (int i = 0; i < x.length; i++) {
            z[i] = (x[i] - mean) / std;
        }
        return z;
    }

    /** The indices of the tests whose advantage is not 0: the samples the trainer keeps. */
    public static List<Integer> kept(TaskRewards rewards) {
        List<Integer> keep = new ArrayList<>();
        for (int j = 0; j < rewards.advantages().length; j++) {
            if (rewards.advantages()[j] != 0) {
                keep.add(j);
            }
        }
        return keep;
    }
}
