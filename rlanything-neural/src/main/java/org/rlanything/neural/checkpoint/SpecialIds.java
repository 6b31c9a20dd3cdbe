package org.rlanything.neural.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.rlanything.neural.tokenizer.SpecialTokens;
import org.rlanything.neural.tokenizer.TextTokenizer;

/**
 * The special token ids a {@code config.json} states, taken from the tokenizer: {@code
 * generation_config.json}'s {@code bos_token_id}, {@code eos_token_id} (one id or a list) and
 * {@code pad_token_id} where it names them, else the ids the tokenizer frames text with (the prompt
 * prefix when it is one token, the stop ids, the padding id).
 *
 * @param bos the beginning-of-text id, or null when the tokenizer has none (Qwen)
 * @param eos one id or a list of ids
 * @param pad the padding id, or null
 */
record SpecialIds(Integer bos, Object eos, Integer pad) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The ids of {@code tokenizer} (its files for a model of {@code maxPositions} positions). */
    static SpecialIds of(TextTokenizer tokenizer, int maxPositions) throws IOException {
        SpecialTokens specials = tokenizer.specials();
        byte[] file = tokenizer.files(maxPositions).get("generation_config.json");
        JsonNode g = file == null ? JSON.createObjectNode() : JSON.readTree(file);
        Integer bos =
                g.hasNonNull("bos_token_id")
                        ? Integer.valueOf(g.get("bos_token_id").asInt())
                        : specials.promptPrefix().length == 1 ? specials.promptPrefix()[0] : null;
        Object eos;
        if (g.hasNonNull("eos_token_id")) {
            JsonNode e = g.get("eos_token_id");
            eos =
                    e.isArray()
                            ? (Object) JSON.convertValue(e, List.class)
                            : Integer.valueOf(e.asInt());
        } else {
            int[] stops = specials.stops();
            eos = stops.length == 1 ? (Object) stops[0] : Arrays.stream(stops).boxed().toList();
        }
        Integer pad =
                g.hasNonNull("pad_token_id")
                        ? Integer.valueOf(g.get("pad_token_id").asInt())
                        : Integer.valueOf(specials.pad());
        return new SpecialIds(bos, eos, pad);
    }

    /** Sets (or, for an id there is none of, removes) the three keys in {@code config}. */
    void putInto(Map<String, Object> config) {
        config.remove("bos_token_id");
        config.remove("eos_token_id");
        config.remove("pad_token_id");
        if (bos != null) {
            config.put("bos_token_id", bos);
        }
        config.put("eos_token_id", eos);
        if (pad != null) {
            config.put("pad_token_id", pad);
        }
    }
}
