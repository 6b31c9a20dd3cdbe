package org.rlanything.neural.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.model.MemoryPlan;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.train.PpoSettings;

/**
 * A model whose update cannot fit this machine's memory whatever the batch is refused before
 * anything is loaded (an IllegalArgumentException, exit 2), naming the key and the figure.
 */
class MemoryRefusalTest {

    @TempDir Path dir;

    @Test
    void anUpdateThatCanNeverFitIsRefusedNamingTheKeyAndTheFigure() throws Exception {
        assumeTrue(MemoryPlan.physicalMemory() > 0, "/proc/meminfo is readable");
        // about 550 billion parameters: no machine this runs on holds 20 bytes of each
        Files.writeString(
                dir.resolve("config.json"),
                "{\"model_type\": \"llama\", \"vocab_size\": 128256, \"hidden_size\": 16384,"
                        + " \"intermediate_size\": 53248, \"num_hidden_layers\": 180,"
                        + " \"num_attention_heads\": 128, \"num_key_value_heads\": 8,"
                        + " \"max_position_embeddings\": 4096, \"rope_theta\": 500000.0,"
                        + " \"rms_norm_eps\": 1e-5, \"hidden_act\": \"silu\","
                        + " \"tie_word_embeddings\": false}");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                ImportedModels.plannedUpdate(
                                        "policy",
                                        dir,
                                        PpoSettings.method().withLimits(200, 16),
                                        LoraSettings.NONE));
        assertTrue(e.getMessage().startsWith("policy.init: one full update of "), e.getMessage());
        assertTrue(e.getMessage().contains("GiB whatever the batch"), e.getMessage());
        assertTrue(e.getMessage().contains("policy.lora_rank"), e.getMessage());
    }

    @Test
    void theAnchorsReferenceCopyIsPlannedAndCounted() throws Exception {
        Files.writeString(
                dir.resolve("config.json"),
                "{\"model_type\": \"llama\", \"vocab_size\": 1000, \"hidden_size\": 64,"
                        + " \"intermediate_size\": 128, \"num_hidden_layers\": 2,"
                        + " \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
                        + " \"max_position_embeddings\": 256, \"rope_theta\": 10000.0,"
                        + " \"rms_norm_eps\": 1e-5, \"hidden_act\": \"silu\","
                        + " \"tie_word_embeddings\": false}");
        ModelConfig c = HfCheckpoint.config(dir);
        MemoryPlan plain = MemoryPlan.of(c, 8, 100, 400);
        MemoryPlan anchored = MemoryPlan.of(c, 8, 100, 400, true);
        // a float32 copy of what trains: the adapters under LoRA, every weight in a full update
        assertEquals(
                4 * plain.adapterParameters(),
                anchored.loraUpdateBytes() - plain.loraUpdateBytes());
        assertEquals(4 * plain.parameters(), anchored.fullUpdateBytes() - plain.fullUpdateBytes());
        assertEquals(plain.loadBytes(), anchored.loadBytes());

        PpoSettings trainer = PpoSettings.method().withLimits(64, 16);
        PpoSettings withAnchor = trainer.toBuilder().klToStart(0.1).build();
        assertEquals(
                ImportedModels.plannedUpdate("policy", dir, trainer, LoraSettings.NONE)
                        + 4 * plain.parameters(),
                ImportedModels.plannedUpdate("policy", dir, withAnchor, LoraSettings.NONE));
    }

    @Test
    void recomputedLayersKeepOneLayersActivationsAndTheLayerInputs() throws Exception {
        // Qwen2.5-3B's shapes at the random-model demo's rows of 1016 tokens
        ModelConfig c =
                new ModelConfig(151936, 2048, 11008, 36, 16, 32768, 1e6, 1e-6, 1L)
                        .withKeyValueHeads(2)
                        .withBiasesAndTying(true, false, true);
        MemoryPlan plain = MemoryPlan.of(c, 16, 1016, 1016, false);
        MemoryPlan recomputed = MemoryPlan.of(c, 16, 1016, 1016, false, true);
        assertEquals(plain.loadBytes(), recomputed.loadBytes());
        long perToken =
                8L * 2048 + c.querySize() + 2L * c.keyValueSize() + 5L * 11008 + 2L * 16 * 1016;
        // 35 layers' activations fewer, the 36 layer inputs and two gradients of the stream more
        assertEquals(
                4L * 1016 * (35 * perToken - 36 * 2048 - 2 * 2048),
                plain.loraUpdateBytes() - recomputed.loraUpdateBytes());
        assertEquals(
                plain.loraUpdateBytes() - recomputed.loraUpdateBytes(),
                plain.fullUpdateBytes() - recomputed.fullUpdateBytes());
        // float16 projections: 2 bytes fewer per projection weight, one layer's float32 casts more
        MemoryPlan half = MemoryPlan.of(c, 16, 1016, 1016, false, true, true);
        long projections = 36L * (2048L * 2048 * 2 + 2048L * 256 * 2 + 3L * 2048 * 11008);
        assertEquals(
                2 * projections - 4 * projections / 36,
                recomputed.loraUpdateBytes() - half.loraUpdateBytes());
        assertEquals(2 * projections, recomputed.loadBytes() - half.loadBytes());
        assertEquals(recomputed.fullUpdateBytes(), half.fullUpdateBytes(), "a full update: f32");
        assertTrue(plain.loraUpdateBytes() > 24L << 30, "beyond a 24 GiB machine without");
        assertTrue(recomputed.loraUpdateBytes() < 16L << 30, "well within it with");
        // the load-time plan follows the section's key
        Files.writeString(dir.resolve("config.json"), SMALL_CONFIG);
        ModelConfig small = HfCheckpoint.config(dir);
        PpoSettings trainer = PpoSettings.method().withLimits(200, 16).withMaxTokensPerForward(216);
        LoraSettings lora = new LoraSettings(8, 16.0);
        assertEquals(
                MemoryPlan.of(small, 8, 216, 216, false, false).loraUpdateBytes(),
                ImportedModels.plannedUpdate("policy", dir, trainer, lora));
        assertEquals(
                MemoryPlan.of(small, 8, 216, 216, false, true).loraUpdateBytes(),
                ImportedModels.plannedUpdate(
                        "policy", dir, trainer.toBuilder().recomputeLayers(true).build(), lora));
    }

    private static final String SMALL_CONFIG =
            "{\"model_type\": \"llama\", \"vocab_size\": 1000, \"hidden_size\": 64,"
                    + " \"intermediate_size\": 128, \"num_hidden_layers\": 4,"
                    + " \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
                    + " \"max_position_embeddings\": 256, \"rope_theta\": 10000.0,"
                    + " \"rms_norm_eps\": 1e-5, \"hidden_act\": \"silu\","
                    + " \"tie_word_embeddings\": false}";

    /**
     * The whole-process plan against the two loop iterations measured on this project's 23.5 GiB
     * machine (docs/results/models-sizes-2026-12-05.md): the random-model demo with a Llama-3.2-1B
     * policy, and with a Qwen2.5-3B policy and recomputed layers, each beside the Qwen3-shaped
     * fixture judge. The plan must not undershoot either peak, nor exceed it by more than a tenth.
     */
    @Test
    void theWholeProcessPlanCoversTheMeasuredLoopIterations() throws Exception {
        ModelConfig judgeModel =
                config(
                        "{\"model_type\": \"qwen3\", \"vocab_size\": 151936, \"hidden_size\": 64,"
                                + " \"intermediate_size\": 96, \"num_hidden_layers\": 2,"
                                + " \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
                                + " \"head_dim\": 32, \"max_position_embeddings\": 1024,"
                                + " \"rope_theta\": 1000000.0, \"rms_norm_eps\": 1e-6,"
                                + " \"hidden_act\": \"silu\", \"tie_word_embeddings\": true}");
        MemoryPlan judge = MemoryPlan.of(judgeModel, 16, 1024, 1040, false, false);
        ModelConfig llama1b =
                config(
                        "{\"model_type\": \"llama\", \"vocab_size\": 128256, \"hidden_size\": 2048,"
                                + " \"intermediate_size\": 8192, \"num_hidden_layers\": 16,"
                                + " \"num_attention_heads\": 32, \"num_key_value_heads\": 8,"
                                + " \"max_position_embeddings\": 131072, \"rope_theta\": 500000.0,"
                                + " \"rms_norm_eps\": 1e-5, \"hidden_act\": \"silu\","
                                + " \"tie_word_embeddings\": true}");
        ModelConfig qwen3b = config(QWEN_3B);
        long whole1b =
                MemoryPlan.wholeProcess(
                        MemoryPlan.of(llama1b, 16, 1016, 1040, false, false), true, judge, true);
        long whole3b =
                MemoryPlan.wholeProcess(
                        MemoryPlan.of(qwen3b, 16, 1016, 1040, false, true), true, judge, true);
        System.out.printf("whole-process plans: 1B %d, 3B %d bytes%n", whole1b, whole3b);
        long measured1b = 19_409_788L * 1024; // /usr/bin/time's peak resident set, kB
        long measured3b = 20_470_960L * 1024;
        assertTrue(whole1b >= measured1b && whole1b < measured1b * 1.1, "1B: " + whole1b);
        assertTrue(whole3b >= measured3b && whole3b < measured3b * 1.1, "3B: " + whole3b);
    }

    private ModelConfig config(String json) throws Exception {
        Path folder = Files.createTempDirectory(dir, "model");
        Files.writeString(folder.resolve("config.json"), json);
        return HfCheckpoint.config(folder);
    }

    private static final String QWEN_3B =
            "{\"model_type\": \"qwen2\", \"vocab_size\": 151936, \"hidden_size\": 2048,"
                    + " \"intermediate_size\": 11008, \"num_hidden_layers\": 36,"
                    + " \"num_attention_heads\": 16, \"num_key_value_heads\": 2,"
                    + " \"max_position_embeddings\": 32768, \"rope_theta\": 1000000.0,"
                    + " \"rms_norm_eps\": 1e-6, \"hidden_act\": \"silu\","
                    + " \"tie_word_embeddings\": true}";
}
