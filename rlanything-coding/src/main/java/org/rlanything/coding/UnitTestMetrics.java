package org.rlanything.coding;

/**
 * The test writer's metrics over many tasks (method.md §9), pooled over generated tests:
 *
 * <ul>
 *   <li><b>UT accuracy</b>: over tasks with at least one correct program, the fraction of generated
 *       tests that every correct program passes (consistent tests);
 *   <li><b>detection rate</b>: over tasks with both correct and incorrect programs, the fraction of
 *       generated tests that every correct program passes and every incorrect program fails.
 * </ul>
 *
 * Pooled means tests of all tasks count alike (a task with more tests weighs more; with the default
 * 16 tests per task this is the mean over tasks). Not thread-safe: one per evaluation.
 */
public final class UnitTestMetrics {

    private long utTests;
    private long utConsistent;
    private long detTests;
    private long detDetecting;
    private long tasks;
    private long parsed;
    private long written;

    /**
     * Adds one task.
     *
     * @param correct whether each program passes all ground-truth tests
     * @param passed {@code passed[i][j]}: program i passed generated test j
     * @param parsedTests how many of the task's test samples could be parsed (for the parse rate)
     */
    public void add(boolean[] correct, boolean[][] passed, int parsedTests) {
        int n = correct.length;
        int m = passed.length == 0 ? 0 : passed[0].length;
        tasks++;
        written += m;
        parsed += parsedTests;
        int correctCount = 0;
        for (boolean c : correct) {
            correctCount += c ? 1 : 0;
        }
        if (correctCount == 0) {
            return;
        }
        boolean both = correctCount < n;
        for (int j = 0; j < m; j++) {
            boolean consistent = true;
            boolean catchesAll = true;
            for (int i = 0; i < n; i++) {
                if (correct[i]) {
                    consistent &= passed[i][j];
                } else {
                    catchesAll &= !passed[i][j];
                }
            }
            utTests++;
            utConsistent += consistent ? 1 : 0;
            if (both) {
                detTests++;
                detDetecting += consistent && catchesAll ? 1 : 0;
            }
        }
    }

    /** UT accuracy, or NaN when no task had a correct program. */
    public double utAccuracy() {
        return utTests == 0 ? Double.NaN : (double) utConsistent / utTests;
    }

    /** Detection rate, or NaN when no task had both correct and incorrect programs. */
    public double detectionRate() {
        return detTests == 0 ? Double.NaN : (double) detDetecting / detTests;
    }

    /** The fraction of written test samples that could be parsed, NaN before any task. */
    public double parseRate() {
        return written == 0 ? Double.NaN : (double) parsed / written;
    }

    /** Tasks added. */
    public long tasks() {
        return tasks;
    }
}
