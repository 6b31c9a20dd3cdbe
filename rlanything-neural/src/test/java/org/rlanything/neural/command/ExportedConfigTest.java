package org.rlanything.neural.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.ModelIds;
import org.rlanything.neural.io.ModelFixtureFolder;

/**
 * What an imported folder's config.json and manifest say: the special ids of the model's own
 * tokenizer (not the project tokenizer's 1/2/0), the model's id when given, and the manifest's
 * files in name order; and the name a PEFT adapter gives its base.
 */
class ExportedConfigTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void importedConfigsCarryTheTokenizersSpecialIdsAndTheModelId() throws Exception {
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        Path llama = dir.resolve("llama");
        ModelCommand.importFolder(
                fixtures.get().resolve("llama/hf"), llama, "meta-llama/Llama-3.2-1B-Instruct");
        Map<?, ?> config = JSON.readValue(llama.resolve(Checkpoint.CONFIG).toFile(), Map.class);
        assertEquals(128000, config.get("bos_token_id"));
        assertEquals(List.of(128001, 128008, 128009), config.get("eos_token_id"));
        assertEquals("meta-llama/Llama-3.2-1B-Instruct", config.get("_name_or_path"));
        assertEquals("meta-llama/Llama-3.2-1B-Instruct", ModelIds.of(llama));

        Path qwen = dir.resolve("qwen2-folder");
        ModelCommand.importFolder(fixtures.get().resolve("qwen2/hf"), qwen, null);
        Map<?, ?> q = JSON.readValue(qwen.resolve(Checkpoint.CONFIG).toFile(), Map.class);
        Map<?, ?> generation =
                JSON.readValue(qwen.resolve(Checkpoint.GENERATION_CONFIG).toFile(), Map.class);
        assertEquals(generation.get("eos_token_id"), q.get("eos_token_id"));
        assertFalse(List.of(0, 1, 2).contains(q.get("eos_token_id")), "not the project's <eos>");
        assertEquals("qwen2-folder", ModelIds.of(qwen), "no id known: the folder's name");

        Map<?, ?> manifest = JSON.readValue(llama.resolve(Checkpoint.MANIFEST).toFile(), Map.class);
        List<String> names = new ArrayList<>();
        ((Map<?, ?>) manifest.get("files")).keySet().forEach(k -> names.add((String) k));
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(null);
        assertEquals(sorted, names, "the manifest lists its files in name order");
        for (Object entry : ((Map<?, ?>) manifest.get("files")).values()) {
            assertEquals(List.of("bytes", "sha256"), List.copyOf(((Map<?, ?>) entry).keySet()));
        }
    }

    @Test
    void anAbsolutePathIsNeverTheModelId() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("my-model"));
        Files.writeString(
                folder.resolve(Checkpoint.CONFIG), "{\"_name_or_path\": \"/home/me/models/x\"}");
        assertEquals("my-model", ModelIds.of(folder));
        Files.writeString(
                folder.resolve(Checkpoint.CONFIG), "{\"_name_or_path\": \"Qwen/Qwen2.5-3B\"}");
        assertEquals("Qwen/Qwen2.5-3B", ModelIds.of(folder));
    }
}
