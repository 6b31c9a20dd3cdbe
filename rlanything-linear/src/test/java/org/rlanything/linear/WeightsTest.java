package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.BadInputException;
import org.rlanything.core.WeightsTransfer.VersionedWeights;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.linear.provider.LinearPolicyConfig;

/**
 * Weights leave and come back exactly (shipped bytes, a starting file) and bad ones are refused.
 */
class WeightsTest {

    private static LinearJudge judge(int dim) {
        return new LinearJudge(new HashedTextFeatures(dim), Optimizer.Kind.ADAM, 0.1, 1, 0.0);
    }

    @Test
    void shippedWeightsArriveExactlyAndForeignOnesAreRefused() {
        LinearJudge source = judge(8);
        source.weights = new double[] {1e-300, -2.5, 0.1, 3, 0, -0.0, 7.25, Math.PI};
        LinearJudge target = judge(8);
        target.importWeights(source.exportWeights());
        assertArrayEquals(source.weights(), target.weights());
        assertThrows(
                IllegalArgumentException.class,
                () -> judge(9).importWeights(source.exportWeights()));
        assertThrows(
                IllegalArgumentException.class,
                () -> target.importWeights(new VersionedWeights("other", 1, new byte[4])));
    }

    @Test
    void aStartingFileIsReadAndOneOfOtherFeaturesRefused(@TempDir Path dir) throws IOException {
        LinearJudge trained = judge(8);
        trained.weights = new double[] {1, 2, 3, 4, 5, 6, 7, 8};
        trained.saveTo(dir);
        LinearJudge started = judge(8);
        started.startFrom(dir.resolve("linear-judge.json"));
        assertArrayEquals(trained.weights(), started.weights());
        BadInputException other =
                assertThrows(
                        BadInputException.class,
                        () -> judge(4).startFrom(dir.resolve("linear-judge.json")));
        assertTrue(other.getMessage().contains("linear-judge.json"), other.getMessage());
        BadInputException missing =
                assertThrows(
                        BadInputException.class,
                        () -> judge(8).startFrom(dir.resolve("nothing.json")));
        assertTrue(missing.getMessage().contains("nothing.json"), missing.getMessage());
    }

    @Test
    void anUnknownOptimizerIsRefusedByItsKey() {
        InvalidValueException e =
                assertThrows(
                        InvalidValueException.class,
                        () ->
                                new LinearPolicyConfig(
                                        null, "rmsprop", null, null, null, null, null, null, null,
                                        null, null, null, null, null));
        assertTrue(e.getMessage().contains("optimizer"), e.getMessage());
        assertTrue(List.of("adam", "sgd").stream().allMatch(e.getMessage()::contains));
    }

    @Test
    void anUnknownStepSizingIsRefusedByItsKey() {
        InvalidValueException e =
                assertThrows(
                        InvalidValueException.class,
                        () ->
                                new LinearPolicyConfig(
                                        null, null, null, null, null, null, null, null, null, null,
                                        null, "each", null, null));
        assertTrue(e.getMessage().contains("step_sizing"), e.getMessage());
        assertTrue(List.of("shared", "per_weight").stream().allMatch(e.getMessage()::contains));
    }
}
