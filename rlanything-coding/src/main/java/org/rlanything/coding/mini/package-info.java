/**
 * A miniature stack language for the embedded models (issue 15, item 5): programs short enough for
 * a small policy to write from a one-line statement, tests in the language's own one-line format
 * ({@code 3 4 -> 7}) that a small judge can write, problem families generated with an in-domain and
 * an out-of-domain split, and an interpreter with step and stack limits in place of processes.
 *
 * <p>The language: a program is whitespace-separated tokens run left to right on a stack of
 * integers that starts as the test's input (bottom first); the final stack, bottom first, is the
 * output.
 *
 * <ul>
 *   <li>an integer literal pushes itself;
 *   <li>{@code dup drop swap over rot}: stack shuffles;
 *   <li>{@code add sub mul div mod}: pop b, pop a, push a∘b ({@code div} and {@code mod} floor,
 *       division by zero is an error); {@code neg abs inc dec sq}: unary; {@code max min}: binary;
 *   <li>{@code [ ... ] times}: pop n, run the block n times (n ≥ 0);
 *   <li>{@code sum}: pop everything, push its sum; {@code size}: push the stack's height.
 * </ul>
 *
 * Every token executed is one step; a run past the step limit stops with {@link
 * org.rlanything.coding.mini.StackInterpreter.Status#STEP_LIMIT}. Arithmetic overflows, underflow
 * and unknown tokens are errors.
 */
package org.rlanything.coding.mini;
