package org.rlanything.neural.tokenizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;

/**
 * Chooses the tokenizer of a model folder: the project's own byte-level BPE when {@code
 * tokenizer.json} is laid out as this project writes it (or holds its older private format), a
 * model's own tokenizer run by Hugging Face tokenizers ({@link HfTokenizer}) otherwise.
 */
public final class Tokenizers {

    private Tokenizers() {}

    /**
     * The tokenizer described by {@code files} (by name as in a model folder: {@code
     * tokenizer.json} and optionally {@code tokenizer_config.json}, {@code generation_config.json},
     * {@code chat_template.jinja}); {@code folder} names the place in errors.
     */
    public static TextTokenizer fromFiles(Map<String, byte[]> files, String folder)
            throws IOException {
        byte[] json = files.get("tokenizer.json");
        if (json == null) {
            throw new IOException("The folder " + folder + " lacks tokenizer.json.");
        }
        // a real vocabulary's file is some 10 MB: its layout is read once per content
        String key = TokenizerCache.key(json);
        Boolean projectLayout = TokenizerCache.projectLayout(key);
        if (projectLayout == null) {
            JsonNode root;
            try {
                root = new ObjectMapper().readTree(json);
            } catch (IOException e) {
                throw new IOException(
                        "The tokenizer file "
                                + folder
                                + "/tokenizer.json is not valid JSON: "
                                + e.getMessage(),
                        e);
            }
            projectLayout = root == null || HfTokenizerFormat.isProjectLayout(root);
            TokenizerCache.projectLayout(key, projectLayout);
        }
        if (projectLayout) {
            return BpeTokenizer.fromJson(json, folder + "/tokenizer.json");
        }
        return HfTokenizer.fromFiles(files, folder);
    }
}
