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
}
