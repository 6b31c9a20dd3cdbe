package org.rlanything.coding;

/**
 * One test of a coding problem. Three shapes, one per way the data sets check a program: a
 * stdin/stdout pair, a call of a function with arguments and an expected value, or a check program
 * that exits 0 when the solution is right (HumanEval's {@code check}, HumanEval-X's {@code Main}).
 */
public sealed interface CodingTest permits StdioTest, CallTest, CheckTest {

    /**
     * Whether the test can be run at all. A stdin/stdout test with an empty input or an empty
     * expected output is invalid and fails every program (method.md §7).
     */
    boolean valid();
}
