package org.rlanything.neural.checkpoint;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.SafeTensors;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.ModelWeights;

/**
 * LoRA adapters in PEFT's folder layout, which Python's {@code peft} loads ({@code
 * PeftModel.from_pretrained(base, folder)}): {@code adapter_config.json} ({@code peft_type} LORA,
 * {@code r}, {@code lora_alpha}, {@code target_modules}, no dropout, no bias) and {@code
 * adapter_model.safetensors} with tensors named {@code
 * base_model.model.model.layers.N.self_attn.q_proj.lora_A.weight} ([r, in]) and {@code
 * ...lora_B.weight} ([out, r]).
 */
public final class PeftAdapter {

    public static final String CONFIG = "adapter_config.json";
    public static final String WEIGHTS = "adapter_model.safetensors";
    private static final String PREFIX = "base_model.model.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private PeftAdapter() {}

    /** The two files of {@code weights}' adapters; {@code base} goes into the config. */
    public static Map<String, byte[]> files(ModelWeights weights, String base) throws IOException {
        return files(weights.lora(), weights.adapterTensors(), base);
    }

    /** The files of adapters {@code adapters} (named as the model's) of {@code lora}'s size. */
    public static Map<String, byte[]> files(
            ModelWeights.Lora lora, Map<String, TensorData> adapters, String base)
            throws IOException {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("peft_type", "LORA");
        config.put("task_type", "CAUSAL_LM");
        config.put("base_model_name_or_path", base);
        config.put("r", lora.rank());
        config.put("lora_alpha", lora.alpha());
        config.put("lora_dropout", 0.0);
        config.put("bias", "none");
        config.put("fan_in_fan_out", false);
        config.put("inference_mode", true);
        config.put(
                "target_modules",
                ModelWeights.LORA_TARGETS.stream()
                        .map(t -> t.substring(t.indexOf('.') + 1))
                        .toList());
        Map<String, TensorData> tensors = new LinkedHashMap<>();
        adapters.forEach((name, t) -> tensors.put(PREFIX + name, t));
        for (Map.Entry<String, TensorData> t : tensors.entrySet()) {
            org.rlanything.neural.io.FiniteValues.require(
                    java.nio.ByteBuffer.wrap(t.getValue().data()),
                    t.getValue().dtype(),
                    t.getKey(),
                    WEIGHTS,
                    0);
        }
        Map<String, byte[]> out = new LinkedHashMap<>();
        out.put(CONFIG, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(config));
        out.put(WEIGHTS, SafeTensors.toBytes(tensors, Map.of("format", "pt")));
        return out;
    }

    /** LoRA's size and the adapters (named as {@link ModelWeights#adapterLayout}) of the files. */
    public record Read(ModelWeights.Lora lora, Map<String, TensorData> tensors) {}

    /** Reads the two files; {@code folder} names them in errors. */
    public static Read read(byte[] config, byte[] weights, String folder)
            throws CheckpointException {
        Map<?, ?> c;
        try {
            c = JSON.readValue(config, Map.class);
        } catch (IOException e) {
            throw new CheckpointException(
                    folder + "/" + CONFIG + " is not valid JSON: " + e.getMessage(), e);
        }
        if (!"LORA".equals(c.get("peft_type"))
                || !(c.get("r") instanceof Number r)
                || !(c.get("lora_alpha") instanceof Number alpha)) {
            throw new CheckpointException(
                    folder
                            + "/"
                            + CONFIG
                            + " must be a LORA adapter with \"r\" and \"lora_alpha\".");
        }
        if (c.get("target_modules") instanceof List<?> targets
                && !targets.equals(
                        ModelWeights.LORA_TARGETS.stream()
                                .map(t -> t.substring(t.indexOf('.') + 1))
                                .toList())) {
            throw new CheckpointException(
                    folder
                            + "/"
                            + CONFIG
                            + " adapts "
                            + targets
                            + "; this project adapts q, k, v, o, gate, up and down projections.");
        }
        Map<String, TensorData> tensors = new LinkedHashMap<>();
        for (Map.Entry<String, TensorData> e :
                SafeTensors.parse(weights, folder + "/" + WEIGHTS).tensors().entrySet()) {
            String name = e.getKey();
            tensors.put(
                    name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name, e.getValue());
        }
        try {
            return new Read(new ModelWeights.Lora(r.intValue(), alpha.doubleValue()), tensors);
        } catch (IllegalArgumentException e) {
            throw new CheckpointException(folder + "/" + CONFIG + ": " + e.getMessage(), e);
        }
    }
}
