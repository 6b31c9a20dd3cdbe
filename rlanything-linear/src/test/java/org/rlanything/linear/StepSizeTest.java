package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The optimizer's steps are sized to the weights a model starts from: the configured rate from zero
 * weights, the rate times the weights' root mean square from larger ones (a clone), and a resumed
 * model keeps the step of its start, not of the weights it has reached.
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
}
