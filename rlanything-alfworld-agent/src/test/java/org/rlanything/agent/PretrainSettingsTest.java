package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rlanything.neural.model.ModelConfig;

class PretrainSettingsTest {

    @Test
    void theRewardModelIsThePolicysSizeUnlessGivenItsOwn() {
        PretrainSettings s = PretrainSettings.defaults(7);
        assertEquals(s.modelConfig(768, 1L), s.rewardModelConfig(768, 1L));

        PretrainSettings big = s.toBuilder().rmHiddenSize(128).rmLayers(4).build();
        ModelConfig judge = big.rewardModelConfig(768, 1L);
        assertEquals(128, judge.hiddenSize());
        assertEquals(4, judge.numLayers());
        // the SwiGLU width keeps the policy's ratio (172 / 64)
        assertEquals(344, judge.intermediateSize());
        assertEquals(s.modelConfig(768, 1L), big.modelConfig(768, 1L), "the policy is unchanged");

        PretrainSettings deeper = s.toBuilder().rmHiddenSize(0).rmLayers(3).build();
        assertEquals(64, deeper.rewardModelConfig(768, 1L).hiddenSize());
        assertEquals(3, deeper.rewardModelConfig(768, 1L).numLayers());
    }

    @Test
    void aNegativeSizeIsRefusedByName() {
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> PretrainSettings.builder(7).rmHiddenSize(-1).rmLayers(2).build());
        assertTrue(e.getMessage().contains("rm_hidden_size"), e.getMessage());
    }
}
