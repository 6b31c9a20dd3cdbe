package org.rlanything.neural.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;

/** The PPO-clip and k3 terms on hand-computed cases (ε = 0.2, β = 0.01, |δ| ≤ 10). */
class PpoObjectiveTest {

    private final PpoObjective objective = new PpoObjective(0.2, 0.01, 10.0);

    @Test
    void handComputedClippedSurrogateAndK3() {
        // Row 0: T = 3, A = +2, δ = (0, 0.3, -0.5). Row 1: T = 2 (last two tokens), A = -1, same δ.
        double[] logp = {-1.0, -0.5, -2.0, -1.0, -0.5, -2.0};
        double[] old = {-1.0, -0.8, -1.5, -1.0, -0.8, -1.5};
        double[] weight = {1 / 3.0, 1 / 3.0, 1 / 3.0, 0, 0.5, 0.5};
        double[] adv = {2, -1};
        double[] grad = new double[6];
        double[] values = run(logp, old, weight, adv, grad);
        // Row 0 surrogates: ρ = (1, e^0.3, e^-0.5); A = 2 -> min(2ρ, 2clip(ρ)) = (2, 2.4, 2e^-0.5):
        // token 2 clipped.
        double pg0 = -(2 + 2.4 + 2 * Math.exp(-0.5)) / 3;
        // Row 1: A = -1 -> min(-ρ, -clip(ρ)) = (-e^0.3, -0.8): token 3 (δ = -0.5) clipped.
        double pg1 = -(-Math.exp(0.3) - 0.8) / 2;
        double k3a = Math.exp(-0.3) - 1 + 0.3;
        double k3b = Math.exp(0.5) - 1 - 0.5;
        double kl = (k3a + k3b) / 3 + (k3a + k3b) / 2;
        assertEquals(-1.8710204, pg0, 1e-6);
        assertEquals(0.0631798, (k3a + k3b) / 3, 1e-6);
        assertEquals(pg0 + pg1, values[1], 1e-12);
        assertEquals(kl, values[2], 1e-12);
        assertEquals(pg0 + pg1 + 0.01 * kl, values[0], 1e-12);
        assertEquals(2, values[3], 0);
        double b = 0.01;
        double[] expectedGrad = {
            -2 * 1.0 / 3 + 0, // unclipped, δ = 0: no KL gradient
            b * (1 - Math.exp(-0.3)) / 3, // clipped: only the KL gradient
            -2 * Math.exp(-0.5) / 3 + b * (1 - Math.exp(0.5)) / 3, // unclipped
            0, // not a response token
            -(-1) * Math.exp(0.3) / 2
                    + b * (1 - Math.exp(-0.3)) / 2, // unclipped (A < 0, ρ > 1+ε is kept)
            b * (1 - Math.exp(0.5)) / 2 // clipped
        };
        assertArrayEquals(expectedGrad, grad, 1e-12);
    }

    @Test
    void zeroAdvantageLeavesOnlyTheKlTerm() {
        double[] logp = {-0.7, -1.9};
        double[] old = {-1.0, -1.6};
        double[] grad = new double[2];
        double[] values = run(logp, old, new double[] {0.5, 0.5}, new double[] {0}, grad);
        double d1 = 0.3;
        double d2 = -0.3;
        double k3 = ((Math.exp(-d1) - 1 + d1) + (Math.exp(-d2) - 1 + d2)) / 2;
        assertEquals(0, values[1], 0);
        assertEquals(0.01 * k3, values[0], 1e-15);
        assertArrayEquals(
                new double[] {0.01 * (1 - Math.exp(-d1)) / 2, 0.01 * (1 - Math.exp(-d2)) / 2},
                grad,
                1e-15);
        double[] none = run(logp, logp, new double[] {0.5, 0.5}, new double[] {0}, grad);
        assertEquals(0, none[0], 0);
        assertArrayEquals(new double[] {0, 0}, grad, 0);
    }

    @Test
    void deltaIsClampedAndGradientStopsOutsideTheClamp() {
        double[] grad = new double[1];
        double[] values =
                run(
                        new double[] {3.0},
                        new double[] {-12.0},
                        new double[] {1},
                        new double[] {1},
                        grad);
        // δ = 15 -> 10; ρ = e^10 clipped to 1.2 for A = 1 -> surr = 1.2; k3 = e^-10 - 1 + 10.
        assertEquals(-1.2, values[1], 1e-12);
        assertEquals(Math.exp(-10) + 9, values[2], 1e-9);
        assertArrayEquals(new double[] {0}, grad, 0);
    }

    @Test
    void handComputedAnchorToTheStartingModel() {
        // One row, T = 2, A = +1, δ = 0 against π_old (first minibatch: ρ = 1, k3 = 0), δ_ref =
        // logp − ref = (0.2, −0.4); β_ref = 0.5.
        PpoObjective anchored = new PpoObjective(0.2, 0.01, 10.0, 0.5);
        double[] logp = {-1.0, -0.5};
        double[] ref = {-1.2, -0.1};
        try (NDManager m = TestModels.manager()) {
            NDArray lp = m.create(logp, new Shape(1, 2));
            lp.setRequiresGradient(true);
            NDArray w = m.create(new double[] {0.5, 0.5}, new Shape(1, 2));
            NDArray a = m.create(new double[] {1}, new Shape(1, 1));
            double loss;
            double k3ToStart;
            try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
                PpoObjective.Terms t =
                        anchored.terms(lp, lp.stopGradient(), m.create(ref, new Shape(1, 2)), a, w);
                c.backward(t.loss());
                loss = t.loss().getDouble();
                k3ToStart = t.k3ToStart().getDouble();
                assertEquals(0, t.k3().getDouble(), 0);
                assertEquals(-1, t.pgLoss().getDouble(), 1e-15);
            }
            // k3_ref = ((e^-0.2 − 1 + 0.2) + (e^0.4 − 1 − 0.4)) / 2 = (0.0187308 + 0.0918247) / 2
            assertEquals(0.0552777, k3ToStart, 1e-7);
            assertEquals(
                    ((Math.exp(-0.2) - 1 + 0.2) + (Math.exp(0.4) - 1 - 0.4)) / 2, k3ToStart, 1e-15);
            assertEquals(-1 + 0.5 * k3ToStart, loss, 1e-15);
            // d/dlogp: −A·ρ/T from the surrogate, β_ref·(1 − e^−δ_ref)/T from the anchor (the
            // k3 to π_old has no gradient at δ = 0): the anchor pulls each token back to its start
            assertArrayEquals(
                    new double[] {-0.5 + 0.0453173, -0.5 - 0.1229562},
                    lp.getGradient().toDoubleArray(),
                    1e-7);
        }
        // Without ref the anchor contributes nothing and reports nothing.
        double[] grad = new double[2];
        PpoObjective plain = new PpoObjective(0.2, 0.01, 10.0);
        double[] values = run(logp, logp, new double[] {0.5, 0.5}, new double[] {1}, grad);
        assertEquals(-1, values[0], 1e-15);
        try (NDManager m = TestModels.manager()) {
            NDArray lp = m.create(logp, new Shape(1, 2));
            NDArray w = m.create(new double[] {0.5, 0.5}, new Shape(1, 2));
            NDArray a = m.create(new double[] {1}, new Shape(1, 1));
            assertEquals(null, plain.terms(lp, lp, a, w).k3ToStart());
        }
    }

    /** Returns loss, pg, k3, clipped tokens; fills d loss / d logp. */
    private double[] run(
            double[] logp, double[] old, double[] weight, double[] adv, double[] grad) {
        int rows = adv.length;
        int width = logp.length / rows;
        try (NDManager m = TestModels.manager()) {
            NDArray lp = m.create(logp, new Shape(rows, width));
            lp.setRequiresGradient(true);
            NDArray o = m.create(old, new Shape(rows, width));
            NDArray w = m.create(weight, new Shape(rows, width));
            NDArray a = m.create(adv, new Shape(rows, 1));
            double[] out = new double[4];
            try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
                PpoObjective.Terms t = objective.terms(lp, o, a, w);
                c.backward(t.loss());
                out[0] = t.loss().getDouble();
                out[1] = t.pgLoss().getDouble();
                out[2] = t.k3().getDouble();
                out[3] = t.clippedTokens().getDouble();
            }
            System.arraycopy(lp.getGradient().toDoubleArray(), 0, grad, 0, grad.length);
            return out;
        }
    }
}
