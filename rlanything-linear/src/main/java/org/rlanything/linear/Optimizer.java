package org.rlanything.linear;

import java.util.Arrays;

/**
 * Gradient ascent on a weight vector: plain SGD ({@code w += lr·g}) or Adam (Kingma and Ba 2015, β₁
 * = 0.9, β₂ = 0.999, ε = 1e-8, bias-corrected moments). Its state (the moments and the step count)
 * is part of a checkpoint, so a resumed run takes exactly the steps the uninterrupted one would.
 */
public final class Optimizer {

    /** Which rule. */
    public enum Kind {
        ADAM,
        SGD
    }

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;

    private final Kind kind;
    private double learningRate;
    private double[] first;
    private double[] second;
    private double[] scales;
    private long steps;

    /** A fresh optimizer for {@code size} weights. */
    public Optimizer(Kind kind, double learningRate, int size) {
        this.kind = kind;
        this.learningRate = learningRate;
        this.first = new double[size];
        this.second = new double[size];
        this.scales = new double[size];
        Arrays.fill(scales, 1.0);
    }

    /** Moves {@code weights} one step along {@code gradient} (ascent). */
    public void ascend(double[] weights, double[] gradient) {
        steps++;
        if (kind == Kind.SGD) {
            for (int i = 0; i < weights.length; i++) {
                weights[i] += learningRate * scales[i] * gradient[i];
            }
            return;
        }
        double correction1 = 1 - Math.pow(BETA1, steps);
        double correction2 = 1 - Math.pow(BETA2, steps);
        for (int i = 0; i < weights.length; i++) {
            first[i] = BETA1 * first[i] + (1 - BETA1) * gradient[i];
            second[i] = BETA2 * second[i] + (1 - BETA2) * gradient[i] * gradient[i];
            double mHat = first[i] / correction1;
            double vHat = second[i] / correction2;
            weights[i] += learningRate * scales[i] * mHat / (Math.sqrt(vHat) + EPSILON);
        }
    }

    /** The step size. */
    public double learningRate() {
        return learningRate;
    }

    /** Sets the step size (the moments are kept). */
    void learningRate(double rate) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("a step size must be > 0, got " + rate);
        }
        this.learningRate = rate;
    }

    /** Each weight's step: the step size times that weight's scale (1 unless set). */
    public double[] stepSizes() {
        double[] sizes = new double[scales.length];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = learningRate * scales[i];
        }
        return sizes;
    }

    /** Sets each weight's scale of the step size (the moments are kept). */
    void scales(double[] perWeight) {
        if (perWeight.length != scales.length) {
            throw new IllegalArgumentException(
                    perWeight.length + " scales for " + scales.length + " weights");
        }
        for (double s : perWeight) {
            if (!(s > 0)) {
                throw new IllegalArgumentException("a step's scale must be > 0, got " + s);
            }
        }
        scales = perWeight.clone();
    }

    /** The rule. */
    public Kind kind() {
        return kind;
    }

    /** The state, for a checkpoint. */
    public State state() {
        return new State(kind, steps, first.clone(), second.clone());
    }

    /** Restores {@link #state()} (checked by the caller against this optimizer's size). */
    public void restore(State state) {
        if (state.kind() != kind
                || state.first().length != first.length
                || state.second().length != second.length) {
            throw new IllegalArgumentException(
                    "optimizer state of "
                            + state.kind()
                            + "/"
                            + state.first().length
                            + " does not fit "
                            + kind
                            + "/"
                            + first.length);
        }
        this.steps = state.steps();
        this.first = state.first().clone();
        this.second = state.second().clone();
    }

    /**
     * An optimizer's state.
     *
     * @param kind the rule
     * @param steps steps taken
     * @param first Adam's first moments (zeros for SGD)
     * @param second Adam's second moments (zeros for SGD)
     */
    public record State(Kind kind, long steps, double[] first, double[] second) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State s
                    && s.kind == kind
                    && s.steps == steps
                    && Arrays.equals(s.first, first)
                    && Arrays.equals(s.second, second);
        }

        @Override
        public int hashCode() {
            return 31 * Long.hashCode(steps) + Arrays.hashCode(first);
        }
    }
}
