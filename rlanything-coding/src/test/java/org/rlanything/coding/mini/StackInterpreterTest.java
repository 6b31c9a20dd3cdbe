package org.rlanything.coding.mini;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The miniature language's interpreter: semantics, errors, and the step and stack limits. */
class StackInterpreterTest {

    private final StackInterpreter interpreter = StackInterpreter.defaults();

    private List<Long> out(String program, Long... input) {
        StackInterpreter.Result r = interpreter.run(program, List.of(input));
        assertEquals(StackInterpreter.Status.OK, r.status(), r.error());
        return r.output();
    }

    @Test
    void arithmeticAndShufflesWorkOnTheInputStack() {
        assertEquals(List.of(7L), out("add", 3L, 4L));
        assertEquals(List.of(-1L), out("sub", 3L, 4L));
        assertEquals(List.of(-2L), out("div", -7L, 4L), "division floors");
        assertEquals(
                List.of(1L), out("mod", -7L, 4L), "modulo is non-negative for a positive divisor");
        assertEquals(List.of(4L, 3L), out("swap", 3L, 4L));
        assertEquals(List.of(3L, 4L, 3L), out("over", 3L, 4L));
        assertEquals(List.of(2L, 3L, 1L), out("rot", 1L, 2L, 3L));
        assertEquals(List.of(25L), out("dup mul", 5L));
        assertEquals(List.of(10L), out("sum", 1L, 2L, 3L, 4L));
        assertEquals(List.of(9L, 9L, 9L, 3L), out("size", 9L, 9L, 9L));
        assertEquals(List.of(11L), out("3 [ 2 add ] times", 5L));
        assertEquals(List.of(5L), out("0 [ 100 add ] times", 5L));
        assertEquals(List.of(), out(""));
    }

    @Test
    void mistakesAreErrorsNotCrashes() {
        assertEquals(StackInterpreter.Status.ERROR, interpreter.run("add", List.of(1L)).status());
        assertEquals(StackInterpreter.Status.ERROR, interpreter.run("0 div", List.of(1L)).status());
        assertEquals(StackInterpreter.Status.ERROR, interpreter.run("plus", List.of(1L)).status());
        assertEquals(
                StackInterpreter.Status.ERROR, interpreter.run("[ 1 add", List.of(1L)).status());
        assertEquals(
                StackInterpreter.Status.ERROR,
                interpreter.run("[ 1 add ]", List.of(1L, 2L)).status());
        assertEquals(
                StackInterpreter.Status.ERROR,
                interpreter.run("mul", List.of(Long.MAX_VALUE, 2L)).status(),
                "overflow");
        assertEquals("unknown token 'plus'", interpreter.run("plus", List.of(1L)).error());
    }

    @Test
    void longRunsStopAtTheStepLimitAndGrowthAtTheStackLimit() {
        StackInterpreter.Result loop =
                interpreter.run("1000000 [ 1000000 [ dup drop ] times ] times", List.of(1L));
        assertEquals(StackInterpreter.Status.STEP_LIMIT, loop.status());
        assertEquals(StackInterpreter.DEFAULT_STEPS + 1, loop.steps());
        StackInterpreter.Result growth = interpreter.run("1000 [ dup ] times", List.of(1L));
        assertEquals(StackInterpreter.Status.STACK_LIMIT, growth.status());
    }
}
