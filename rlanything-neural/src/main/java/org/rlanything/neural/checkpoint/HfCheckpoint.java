package org.rlanything.neural.checkpoint;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.neural.tokenizer.TextTokenizer;

/**
 * Imports a Hugging Face model folder ({@code LlamaForCausalLM}, {@code Qwen2ForCausalLM} or {@code
 * Qwen3ForCausalLM}): {@code config.json}, {@code model.safetensors} or shards listed in {@code
 * model.safetensors.index.json} (F32, F64, BF16 or F16), and the tokenizer ({@code tokenizer.json}
 * with {@code tokenizer_config.json}, {@code generation_config.json} and {@code
 * chat_template.jinja} where present). No manifest is needed, so a folder written by {@link
 * Checkpoint#save} (which is such a folder) and one written by {@code save_pretrained} both load.
 * The project's own tokenizers run in Java ({@code BpeTokenizer}); a model's own tokenizer runs in
 * Hugging Face tokenizers ({@code HfTokenizer}). Tensors Hugging Face does not need are dropped: a
 * tied model's {@code lm_head.weight} and rotary {@code inv_freq} buffers. Every other mismatch
 * raises a {@link CheckpointException} naming the file.
 */
public final class HfCheckpoint {

    /** The index of a sharded safetensors checkpoint. */
    public static final String INDEX = "model.safetensors.index.json";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private HfCheckpoint() {}

    /**
     * Loads the model and tokenizer of a Hugging Face folder; weights become {@code dtype} arrays
     * under {@code parent}.
     */
    public static Checkpoint.Loaded load(Path dir, NDManager parent, DataType dtype)
            throws CheckpointException {
        return load(dir, parent, dtype, false);
    }

    /**
     * Loads as above; with {@code halfProjections} the projections LoRA adapts are read into
     * float16 ({@link ModelWeights#fromTensors(ModelConfig, DataType, Map, NDManager, String,
     * boolean)}).
     */
    public static Checkpoint.Loaded load(
            Path dir, NDManager parent, DataType dtype, boolean halfProjections)
            throws CheckpointException {
        ModelConfig config = config(dir);
        TextTokenizer tokenizer = tokenizer(dir, config);
        try (WeightFiles.Opened files = WeightFiles.open(dir)) {
            ModelWeights w =
                    ModelWeights.fromTensors(
                            config,
                            dtype,
                            modelTensors(config, files),
                            parent,
                            files.source(),
                            halfProjections);
            return new Checkpoint.Loaded(new LlamaModel(w), tokenizer, null);
        } catch (IllegalArgumentException e) {
            tokenizer.close();
            throw Checkpoint.unfit(dir, e);
        } catch (CheckpointException | RuntimeException e) {
            tokenizer.close();
            throw e;
        }
    }

    /** The model configuration of a Hugging Face folder's {@code config.json}. */
    public static ModelConfig config(Path dir) throws CheckpointException {
        Path configFile = dir.resolve(Checkpoint.CONFIG);
        if (!Files.isDirectory(dir)) {
            throw new CheckpointException(
                    Files.exists(dir)
                            ? dir + " is a file, not a model folder."
                            : "The model folder " + dir + " does not exist.");
        }
        byte[] bytes = read(configFile); // missing: named as such, not as bad JSON
        try {
            LinkedHashMap<String, Object> fields =
                    JSON.readValue(bytes, new TypeReference<LinkedHashMap<String, Object>>() {});
            if (fields == null) {
                throw new CheckpointException(
                        "The model configuration " + configFile + " is null, not a JSON object.");
            }
            return ModelConfig.fromHfConfig(fields, configFile.toString());
        } catch (IOException e) {
            throw new CheckpointException(
                    "The model configuration "
                            + configFile
                            + " is not valid JSON: "
                            + e.getMessage(),
                    e);
        } catch (IllegalArgumentException e) {
            throw new CheckpointException(e.getMessage(), e);
        }
    }

    /**
     * The tokenizer of a Hugging Face folder, checked against the model's vocabulary; the caller
     * closes it.
     */
    public static TextTokenizer tokenizer(Path dir, ModelConfig config) throws CheckpointException {
        Map<String, byte[]> tokenizerFiles = new LinkedHashMap<>();
        tokenizerFiles.put(Checkpoint.TOKENIZER, read(dir.resolve(Checkpoint.TOKENIZER)));
        for (String name :
                new String[] {
                    Checkpoint.TOKENIZER_CONFIG,
                    Checkpoint.GENERATION_CONFIG,
                    HfTokenizer.CHAT_TEMPLATE_FILE
                }) {
            if (Files.isRegularFile(dir.resolve(name))) {
                tokenizerFiles.put(name, read(dir.resolve(name)));
            }
        }
        TextTokenizer tokenizer = Checkpoint.tokenizer(tokenizerFiles, dir);
        if (tokenizer.vocabSize() > config.vocabSize()) {
            tokenizer.close();
            throw new CheckpointException(
                    "The tokenizer "
                            + dir.resolve(Checkpoint.TOKENIZER)
                            + " has "
                            + tokenizer.vocabSize()
                            + " ids but the model in "
                            + dir.resolve(Checkpoint.CONFIG)
                            + " only "
                            + config.vocabSize()
                            + ".");
        }
        return tokenizer;
    }

    /**
     * The tensors of the model among a folder's weights: a tied model's {@code lm_head.weight} and
     * rotary {@code inv_freq} buffers left out.
     */
    public static Map<String, StoredTensor> modelTensors(
            ModelConfig config, WeightFiles.Opened files) {
        Map<String, StoredTensor> tensors = new LinkedHashMap<>(files.tensors());
        if (config.tieWordEmbeddings()) {
            tensors.remove("lm_head.weight");
        }
        tensors.keySet().removeIf(name -> name.endsWith(".rotary_emb.inv_freq"));
        return tensors;
    }

    /** The largest configuration or tokenizer file read (a tokenizer.json is tens of MB). */
    private static final long MAX_FILE_BYTES = 256L << 20;

    private static byte[] read(Path file) throws CheckpointException {
        if (!Files.isRegularFile(file)) {
            throw new CheckpointException(
                    "The Hugging Face model folder "
                            + file.getParent()
                            + (Files.exists(file)
                                    ? " holds " + file.getFileName() + " as no regular file."
                                    : " lacks " + file.getFileName() + "."));
        }
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new CheckpointException(
                        "The file "
                                + file
                                + " has "
                                + Files.size(file)
                                + " bytes, more than the "
                                + (MAX_FILE_BYTES >> 20)
                                + " MiB such a file can have.");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new CheckpointException(
                    "The file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }
}
