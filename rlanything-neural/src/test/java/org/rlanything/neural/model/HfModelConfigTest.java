package org.rlanything.neural.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Hugging Face form of {@link ModelConfig} and the sizes the layout implies. */
class HfModelConfigTest {

    @ParameterizedTest(name = "kv heads {0}, qkv bias {1}, output bias {2}, tied {3}")
    @CsvSource({
        "4,false,false,false",
        "2,true,false,false",
        "1,true,true,true",
        "2,false,false,true"
    })
    void roundTripsAndCountsTheParametersOfItsLayout(
            int kvHeads, boolean qkv, boolean output, boolean tied) {
        ModelConfig c =
                new ModelConfig(300, 32, 40, 3, 4, 64, 5e5, 1e-5, 9L)
                        .withKeyValueHeads(kvHeads)
                        .withBiasesAndTying(qkv, output, tied);
        assertEquals(c, ModelConfig.fromHfConfig(c.toHfConfig(), "config.json"));
        long fromLayout =
                ModelWeights.layout(c).values().stream()
                        .mapToLong(shape -> Arrays.stream(shape).reduce(1, Math::multiplyExact))
                        .sum();
        assertEquals(fromLayout, c.parameterCount());
        assertEquals(qkv && !output ? "qwen2" : "llama", c.toHfConfig().get("model_type"));
    }

    @org.junit.jupiter.api.Test
    void qwen3AndLlama3RopeScalingRoundTripAndCountTheirParameters() {
        ModelConfig qwen3 =
                new ModelConfig(300, 32, 40, 3, 4, 64, 1e6, 1e-6, 9L)
                        .withKeyValueHeads(2)
                        .withBiasesAndTying(false, false, true)
                        .withQwen3Attention(16); // 4 heads of 16 > hidden 32
        ModelConfig llama3 =
                new ModelConfig(300, 32, 40, 3, 4, 64, 5e5, 1e-5, 9L)
                        .withRopeScaling(new RopeScaling(32, 1, 4, 16));
        for (ModelConfig c : new ModelConfig[] {qwen3, llama3}) {
            assertEquals(c, ModelConfig.fromHfConfig(c.toHfConfig(), "config.json"));
            long fromLayout =
                    ModelWeights.layout(c).values().stream()
                            .mapToLong(shape -> Arrays.stream(shape).reduce(1, Math::multiplyExact))
                            .sum();
            assertEquals(fromLayout, c.parameterCount());
        }
        assertEquals("qwen3", qwen3.toHfConfig().get("model_type"));
        assertEquals(16, qwen3.toHfConfig().get("head_dim"));
        // llama3 scaling: the highest frequency is kept, the lowest divided by the factor
        RopeScaling s = llama3.ropeScaling();
        assertEquals(2.0, s.scale(2.0)); // wavelength pi < 16 / 4
        assertEquals(1e-4 / 32, s.scale(1e-4), 1e-18);
    }

    @ParameterizedTest
    @CsvSource({"llama,false,false,false", "llama,true,true,true", "qwen2,true,false,false"})
    void readsTheBiasesEachArchitectureImplies(
            String type, boolean attentionBias, boolean qkv, boolean output) {
        Map<String, Object> m =
                new HashMap<>(new ModelConfig(300, 32, 40, 1, 4, 64, 1e4, 1e-6, 1L).toHfConfig());
        m.put("model_type", type);
        m.remove("architectures");
        m.put("attention_bias", attentionBias);
        ModelConfig c = ModelConfig.fromHfConfig(m, "x/config.json");
        assertEquals(qkv || type.equals("qwen2"), c.qkvBias());
        assertEquals(output, c.outputBias());
    }

    @ParameterizedTest
    @CsvSource({"vocab_size,\"vocab_size\"", "num_hidden_layers,\"num_hidden_layers\""})
    void namesAMissingKey(String key, String expected) {
        Map<String, Object> m =
                new HashMap<>(new ModelConfig(300, 32, 40, 1, 4, 64, 1e4, 1e-6, 1L).toHfConfig());
        m.remove(key);
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ModelConfig.fromHfConfig(m, "x/config.json"));
        assertTrue(
                e.getMessage().contains(expected) && e.getMessage().contains("x/config.json"),
                e.getMessage());
    }
}
