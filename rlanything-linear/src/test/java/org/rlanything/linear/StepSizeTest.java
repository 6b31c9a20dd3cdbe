package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The optimizer's steps are sized to the weights a model starts from: the configured rate from zero
 * weights, the rate times the weights' root mean square from larger ones (a clone), and a resumed
 * model keeps the step of its start, not of the weights it has reached; with {@link
 * StepSizing#PER_WEIGHT} each weight's step follows that weight's own starting size.
 */
class StepSizeTest {

    @TempDir Path dir;

    private static LinearPolicy policy() {
        return new LinearPolicy(new HashedTextFeatures(4), Optimizer.Kind.ADAM, 0.05, 1, 1.0, 0, 0);
    }

    @Test
    void stepsFollowTheStartingWeightsSize() throws Exception {
        LinearPolicy fresh = policy();
        assertEquals(0.05, fresh.stepSize(), 1e-12);
        LinearPolicy small = policy();
        small.startWith(new double[] {0.5, -0.5, 0.5, -0.5}); // RMS 0.5: never below the rate
        assertEquals(0.05, small.stepSize(), 1e-12);
        LinearPolicy clone = policy();
        clone.startWith(new double[] {10, -10, 10, -10}); // RMS 10
        assertEquals(0.5, clone.stepSize(), 1e-12);

        clone.saveTo(dir);
        LinearPolicy file = policy();
        file.startFrom(dir.resolve("linear-policy.json"));
        assertEquals(0.5, file.stepSize(), 1e-12);
        // a checkpoint restores weights and moments; the step stays the start's
        LinearPolicy resumed = policy();
        resumed.startWith(new double[] {20, -20, 20, -20});
        resumed.loadFrom(dir);
        assertEquals(1.0, resumed.stepSize(), 1e-12);
    }

    @Test
    void perWeightStepsFollowEachStartingWeight() throws Exception {
        LinearPolicy fresh = policy();
        fresh.withStepSizing(StepSizing.PER_WEIGHT);
        assertArrayEquals(new double[] {0.05, 0.05, 0.05, 0.05}, fresh.stepSizes(), 1e-12);
        LinearPolicy lopsided = policy();
        lopsided.withStepSizing(StepSizing.PER_WEIGHT);
        lopsided.startWith(new double[] {-67, 6, 0.5, 0}); // a clone with one large weight
        assertArrayEquals(new double[] {3.35, 0.3, 0.05, 0.05}, lopsided.stepSizes(), 1e-12);
        // the shared rule gives every weight the rate times the root mean square (33.8 here)
        LinearPolicy shared = policy();
        shared.startWith(new double[] {-67, 6, 0.5, 0});
        double rms = Math.sqrt((67 * 67 + 36 + 0.25) / 4.0);
        assertArrayEquals(
                new double[] {0.05 * rms, 0.05 * rms, 0.05 * rms, 0.05 * rms},
                shared.stepSizes(),
                1e-12);

        lopsided.saveTo(dir);
        LinearPolicy resumed = policy();
        resumed.withStepSizing(StepSizing.PER_WEIGHT);
        resumed.startWith(new double[] {-67, 6, 0.5, 0});
        resumed.loadFrom(dir);
        assertArrayEquals(new double[] {3.35, 0.3, 0.05, 0.05}, resumed.stepSizes(), 1e-12);
    }

    @Test
    void perWeightStepsMoveEachWeightByItsShareAStep() {
        Optimizer adam = new Optimizer(Optimizer.Kind.ADAM, 0.1, 2);
        adam.scales(new double[] {10, 1});
        double[] w = {0, 0};
        adam.ascend(w, new double[] {0.01, -5}); // Adam's first step: the sign times the step
        assertArrayEquals(new double[] {1.0, -0.1}, w, 1e-5);
    }
}
