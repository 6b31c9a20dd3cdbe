package org.rlanything.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rlanything.core.WeightsTransfer.VersionedWeights;
import org.rlanything.core.loop.Ablation;

/** A trained tabular model's weights travel as versioned bytes into a fresh one, exactly. */
class TabularWeightsTransferTest {

    @Test
    void trainedTablesTravelAsBytesExactlyAndWrongBytesAreRefused() {
        KeyLockDemo demo = new KeyLockDemo(3, Ablation.POLICY_REWARD_ENV, null);
        demo.loop().runUntil(5);
        TabularPolicy fresh = new TabularPolicy(1.0);
        assertFalse(
                Arrays.deepEquals(demo.policy().weights(), fresh.weights()),
                "training changed the table");
        fresh.importWeights(demo.policy().exportWeights());
        assertArrayEquals(demo.policy().weights(), fresh.weights());
        assertEquals(demo.policy().exportWeights(), fresh.exportWeights());

        VersionedWeights judge = demo.judge().exportWeights();
        IllegalArgumentException cut =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                fresh.importWeights(
                                        new VersionedWeights(
                                                judge.format(),
                                                judge.version(),
                                                Arrays.copyOf(judge.bytes(), 20))));
        assertEquals(
                "The imported table is 6 x 4 with 12 bytes of logits; this model needs 6 x 4.",
                cut.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> fresh.importWeights(new VersionedWeights("safetensors", 1, judge.bytes())));
        assertArrayEquals(
                demo.policy().weights(), fresh.weights(), "a refused import changes nothing");
    }
}
