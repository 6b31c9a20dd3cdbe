package org.rlanything.coding.mini;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs miniature-language programs (see the package description) with a step limit and a stack
 * limit: the language's sandbox is the interpreter itself, so a run is a function call, not a
 * process. Stateless and thread-safe.
 */
public final class StackInterpreter {

    /** How a run ended. */
    public enum Status {
        OK,
        /** Underflow, division by zero, overflow, an unknown token, unbalanced brackets. */
        ERROR,
        /** More steps than allowed. */
        STEP_LIMIT,
        /** The stack grew past its limit. */
        STACK_LIMIT
    }

    /**
     * The result of a run.
     *
     * @param status how it ended
     * @param output the final stack, bottom first (empty unless OK)
     * @param steps tokens executed
     * @param error what went wrong, empty when OK
     */
    public record Result(Status status, List<Long> output, int steps, String error) {
        public boolean ok() {
            return status == Status.OK;
        }
    }

    /** Default step limit of one run. */
    public static final int DEFAULT_STEPS = 2000;

    /** Default stack limit. */
    public static final int DEFAULT_STACK = 256;

    private final int stepLimit;
    private final int stackLimit;

    public StackInterpreter(int stepLimit, int stackLimit) {
        if (stepLimit < 1 || stackLimit < 1) {
            throw new IllegalArgumentException("step and stack limits must be >= 1");
        }
        this.stepLimit = stepLimit;
        this.stackLimit = stackLimit;
    }

    /** An interpreter with the default limits. */
    public static StackInterpreter defaults() {
        return new StackInterpreter(DEFAULT_STEPS, DEFAULT_STACK);
    }

    /** Runs a program on an input stack. */
    public Result run(String program, List<Long> input) {
        String[] tokens = program.trim().isEmpty() ? new String[0] : program.trim().split("\\s+");
        int[] match = new int[tokens.length];
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].equals("[")) {
                open.add(i);
            } else if (tokens[i].equals("]")) {
                if (open.isEmpty()) {
                    return error(0, "unbalanced ']' at token " + (i + 1));
                }
                int o = open.remove(open.size() - 1);
                match[o] = i;
                match[i] = o;
            }
        }
        if (!open.isEmpty()) {
            return error(0, "unclosed '[' at token " + (open.get(open.size() - 1) + 1));
        }
        Run run = new Run(tokens, match);
        run.stack.addAll(input);
        if (run.stack.size() > stackLimit) {
            return new Result(Status.STACK_LIMIT, List.of(), 0, "input larger than the stack");
        }
        try {
            run.block(0, tokens.length);
        } catch (Stop s) {
            return new Result(s.status, List.of(), run.steps, s.getMessage());
        } catch (ArithmeticException e) {
            return error(run.steps, "overflow or division by zero: " + e.getMessage());
        }
        return new Result(Status.OK, List.copyOf(run.stack), run.steps, "");
    }

    private static Result error(int steps, String message) {
        return new Result(Status.ERROR, List.of(), steps, message);
    }

    private static final class Stop extends RuntimeException {
        final Status status;

        Stop(Status status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private final class Run {
        final String[] tokens;
        final int[] match;
        final List<Long> stack = new ArrayList<>();
        int steps;

        Run(String[] tokens, int[] match) {
            this.tokens = tokens;
            this.match = match;
        }

        void block(int from, int to) {
            int i = from;
            while (i < to) {
                step();
                String t = tokens[i];
                if (t.equals("[")) {
                    int end = match[i];
                    if (end + 1 >= to || !tokens[end + 1].equals("times")) {
                        throw new Stop(Status.ERROR, "a block must be followed by 'times'");
                    }
                    long n = pop();
                    if (n < 0) {
                        throw new Stop(Status.ERROR, "'times' needs n >= 0, got " + n);
                    }
                    for (long k = 0; k < n; k++) {
                        block(i + 1, end);
                    }
                    i = end + 2;
                    continue;
                }
                execute(t);
                i++;
            }
        }

        void step() {
            if (++steps > stepLimit) {
                throw new Stop(Status.STEP_LIMIT, "more than " + stepLimit + " steps");
            }
        }

        long pop() {
            if (stack.isEmpty()) {
                throw new Stop(Status.ERROR, "stack underflow");
            }
            return stack.remove(stack.size() - 1);
        }

        void push(long v) {
            if (stack.size() >= stackLimit) {
                throw new Stop(Status.STACK_LIMIT, "stack larger than " + stackLimit);
            }
            stack.add(v);
        }

        void execute(String t) {
            if (t.matches("-?\\d{1,18}")) {
                push(Long.parseLong(t));
                return;
            }
            switch (t.toLowerCase(Locale.ROOT)) {
                case "dup" -> {
                    long a = pop();
                    push(a);
                    push(a);
                }
                case "drop" -> pop();
                case "swap" -> {
                    long b = pop();
                    long a = pop();
                    push(b);
                    push(a);
                }
                case "over" -> {
                    long b = pop();
                    long a = pop();
                    push(a);
                    push(b);
                    push(a);
                }
                case "rot" -> {
                    long c = pop();
                    long b = pop();
                    long a = pop();
                    push(b);
                    push(c);
                    push(a);
                }
                case "add" -> binary((a, b) -> Math.addExact(a, b));
                case "sub" -> binary((a, b) -> Math.subtractExact(a, b));
                case "mul" -> binary((a, b) -> Math.multiplyExact(a, b));
                case "div" -> binary((a, b) -> Math.floorDiv(a, b));
                case "mod" -> binary((a, b) -> Math.floorMod(a, b));
                case "max" -> binary(Math::max);
                case "min" -> binary(Math::min);
                case "neg" -> push(Math.negateExact(pop()));
                case "abs" -> push(Math.absExact(pop()));
                case "inc" -> push(Math.incrementExact(pop()));
                case "dec" -> push(Math.decrementExact(pop()));
                case "sq" -> {
                    long a = pop();
                    push(Math.multiplyExact(a, a));
                }
                case "sum" -> {
                    long s = 0;
                    while (!stack.isEmpty()) {
                        s = Math.addExact(s, pop());
                    }
                    push(s);
                }
                case "size" -> push(stack.size());
                default -> throw new Stop(Status.ERROR, "unknown token '" + t + "'");
            }
        }

        void binary(java.util.function.LongBinaryOperator op) {
            long b = pop();
            long a = pop();
            push(op.applyAsLong(a, b));
        }
    }
}
