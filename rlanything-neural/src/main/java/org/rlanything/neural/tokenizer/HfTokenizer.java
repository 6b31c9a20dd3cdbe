package org.rlanything.neural.tokenizer;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A model's own {@code tokenizer.json} (Llama 3, Qwen2/2.5, Qwen3, ...) run by Hugging Face's
 * tokenizers library (Rust, through DJL's {@code ai.djl.huggingface:tokenizers}; its jar carries
 * the native library, so this works offline). Special tokens come from {@code
 * tokenizer_config.json} ({@code eos_token}, {@code pad_token}, {@code chat_template}) and {@code
 * generation_config.json} ({@code eos_token_id}, which may list several stop ids, and {@code
 * pad_token_id}); the ids a plain prompt starts with are those the tokenizer's own post-processor
 * adds (Llama's {@code <|begin_of_text|>}, none for Qwen). The files are kept byte for byte, so a
 * checkpoint or an export carries them unchanged. Thread-safe; close it when done (the native
 * tokenizer is shared with other loads of the same file, {@link TokenizerCache}).
 */
public final class HfTokenizer implements TextTokenizer {

    /** The file a chat template may come in instead of {@code tokenizer_config.json}. */
    public static final String CHAT_TEMPLATE_FILE = "chat_template.jinja";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final TokenizerCache.Lease lease;
    private final HuggingFaceTokenizer native_;
    private final Map<String, byte[]> files;
    private final int vocabSize;
    private final SpecialTokens specials;
    private final String chatTemplate;
    private final Map<String, String> specialTokenTexts;

    private HfTokenizer(
            TokenizerCache.Lease lease,
            Map<String, byte[]> files,
            int vocabSize,
            SpecialTokens specials,
            String chatTemplate,
            Map<String, String> specialTokenTexts) {
        this.lease = lease;
        this.native_ = lease.entry.tokenizer;
        this.files = files;
        this.vocabSize = vocabSize;
        this.specials = specials;
        this.chatTemplate = chatTemplate;
        this.specialTokenTexts = specialTokenTexts;
    }

    /**
     * Loads the tokenizer files of a Hugging Face model folder: {@code tokenizer.json} (required),
     * {@code tokenizer_config.json}, {@code generation_config.json} and {@code chat_template.jinja}
     * where present.
     */
    public static HfTokenizer load(Path dir) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name :
                new String[] {
                    "tokenizer.json",
                    "tokenizer_config.json",
                    "generation_config.json",
                    CHAT_TEMPLATE_FILE
                }) {
            Path f = dir.resolve(name);
            if (Files.isRegularFile(f)) {
                files.put(name, Files.readAllBytes(f));
            }
        }
        return fromFiles(files, dir.toString());
    }

    /**
     * The tokenizer described by {@code files} (names as in a model folder); {@code folder} names
     * the place in errors.
     */
    public static HfTokenizer fromFiles(Map<String, byte[]> files, String folder)
            throws IOException {
        byte[] json = files.get("tokenizer.json");
        String source = folder + "/tokenizer.json";
        if (json == null) {
            throw new IOException("The folder " + folder + " lacks tokenizer.json.");
        }
        String digest = TokenizerCache.key(json);
        TokenizerCache.Lease kept = TokenizerCache.kept(digest);
        int vocabSize = kept != null ? kept.entry.vocabSize : vocabSize(json, source);
        JsonNode config =
                files.containsKey("tokenizer_config.json")
                        ? readJson(
                                files.get("tokenizer_config.json"),
                                folder + "/tokenizer_config.json")
                        : JSON.createObjectNode();
        JsonNode generation =
                files.containsKey("generation_config.json")
                        ? readJson(
                                files.get("generation_config.json"),
                                folder + "/generation_config.json")
                        : JSON.createObjectNode();
        TokenizerCache.Lease lease =
                kept != null
                        ? kept
                        : TokenizerCache.lease(
                                digest,
                                () -> new TokenizerCache.Entry(newNative(json, source), vocabSize));
        HuggingFaceTokenizer tokenizer = lease.entry.tokenizer;
        try {
            Map<String, String> texts = new LinkedHashMap<>();
            String configSource = folder + "/tokenizer_config.json";
            for (String key : new String[] {"bos_token", "eos_token", "pad_token"}) {
                String text = tokenText(config.get(key), key, configSource);
                if (text != null) {
                    texts.put(key, text);
                }
            }
            SpecialTokens specials =
                    specials(tokenizer, texts, generation, folder, configSource, vocabSize);
            String template = chatTemplate(config, files, folder);
            return new HfTokenizer(lease, Map.copyOf(files), vocabSize, specials, template, texts);
        } catch (IOException | RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    /** A new native tokenizer of {@code json}: no truncation, padding or added special tokens. */
    private static HuggingFaceTokenizer newNative(byte[] json, String source) throws IOException {
        try {
            return HuggingFaceTokenizer.newInstance(
                    new ByteArrayInputStream(json),
                    Map.of("truncation", "false", "padding", "false", "addSpecialTokens", "false"));
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    "Hugging Face tokenizers cannot load " + source + ": " + e.getMessage(), e);
        }
    }

    private static SpecialTokens specials(
            HuggingFaceTokenizer tokenizer,
            Map<String, String> texts,
            JsonNode generation,
            String folder,
            String configSource,
            int vocabSize)
            throws IOException {
        String generationSource = folder + "/generation_config.json";
        Set<Integer> generationEos = new LinkedHashSet<>();
        JsonNode eosIds = generation.get("eos_token_id");
        if (eosIds != null && !eosIds.isNull()) {
            for (JsonNode id : eosIds.isArray() ? eosIds : JSON.createArrayNode().add(eosIds)) {
                generationEos.add(idIn(id, "eos_token_id", generationSource, vocabSize));
            }
        }
        int end;
        if (texts.containsKey("eos_token")) {
            end = singleId(tokenizer, texts.get("eos_token"), "eos_token", configSource);
        } else if (!generationEos.isEmpty()) {
            end = generationEos.iterator().next();
        } else {
            throw new IOException(
                    "Neither "
                            + configSource
                            + " (\"eos_token\") nor "
                            + generationSource
                            + " (\"eos_token_id\") names the token that ends a response.");
        }
        Set<Integer> stops = new LinkedHashSet<>();
        stops.add(end);
        stops.addAll(generationEos);
        int pad;
        if (texts.containsKey("pad_token")) {
            pad = singleId(tokenizer, texts.get("pad_token"), "pad_token", configSource);
        } else if (generation.hasNonNull("pad_token_id")) {
            pad = idIn(generation.get("pad_token_id"), "pad_token_id", generationSource, vocabSize);
        } else {
            pad = end;
        }
        return new SpecialTokens(
                promptPrefix(tokenizer),
                end,
                stops.stream().mapToInt(Integer::intValue).toArray(),
                pad);
    }

    /**
     * The ids the tokenizer's post-processor puts before a single text: encode "a" with and without
     * special tokens and keep what comes before the plain ids.
     */
    private static int[] promptPrefix(HuggingFaceTokenizer tokenizer) {
        long[] with = tokenizer.encode("a", true, false).getIds();
        long[] without = tokenizer.encode("a", false, false).getIds();
        for (int start = 0; start + without.length <= with.length; start++) {
            if (Arrays.equals(with, start, start + without.length, without, 0, without.length)) {
                return Arrays.stream(with, 0, start).mapToInt(Math::toIntExact).toArray();
            }
        }
        return new int[0];
    }

    private static int singleId(
            HuggingFaceTokenizer tokenizer, String text, String key, String source)
            throws IOException {
        long[] ids = tokenizer.encode(text, false, false).getIds();
        if (ids.length != 1) {
            throw new IOException(
                    source
                            + " names \""
                            + text
                            + "\" as \""
                            + key
                            + "\", but tokenizer.json encodes it as "
                            + ids.length
                            + " tokens; it must be one token of the vocabulary.");
        }
        return Math.toIntExact(ids[0]);
    }

    private static int idIn(JsonNode id, String key, String source, int vocabSize)
            throws IOException {
        if (!id.canConvertToInt() || id.asInt() < 0 || id.asInt() >= vocabSize) {
            throw new IOException(
                    source
                            + " has \""
                            + key
                            + "\": "
                            + id
                            + "; expected a token id from 0 to "
                            + (vocabSize - 1)
                            + ".");
        }
        return id.asInt();
    }

    /**
     * A special token as written in {@code tokenizer_config.json}: a string or {"content": ...}.
     */
    private static String tokenText(JsonNode v, String key, String source) throws IOException {
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isTextual()) {
            return v.asText();
        }
        if (v.isObject() && v.path("content").isTextual()) {
            return v.path("content").asText();
        }
        throw new IOException(
                source
                        + " has \""
                        + key
                        + "\": "
                        + v
                        + "; expected a string or {\"content\": ...}.");
    }

    private static String chatTemplate(JsonNode config, Map<String, byte[]> files, String folder)
            throws IOException {
        if (files.containsKey(CHAT_TEMPLATE_FILE)) {
            return new String(files.get(CHAT_TEMPLATE_FILE), StandardCharsets.UTF_8);
        }
        JsonNode t = config.get("chat_template");
        if (t == null || t.isNull()) {
            return null;
        }
        if (t.isTextual()) {
            return t.asText();
        }
        if (t.isArray()) {
            // several named templates (e.g. "default", "tool_use"): the default one
            for (JsonNode named : t) {
                if ("default".equals(named.path("name").asText())
                        && named.path("template").isTextual()) {
                    return named.path("template").asText();
                }
            }
        }
        throw new IOException(
                folder
                        + "/tokenizer_config.json has a \"chat_template\" that is neither a string"
                        + " nor a list holding one named \"default\".");
    }

    /**
     * One more than the largest id of the vocabulary and the added tokens. Streams the file (a real
     * vocabulary has 100,000+ entries; no tree is built).
     */
    private static int vocabSize(byte[] json, String source) throws IOException {
        int max = -1;
        boolean sawVocab = false;
        try (com.fasterxml.jackson.core.JsonParser p = JSON.getFactory().createParser(json)) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                throw new IOException(source + " does not hold a JSON object.");
            }
            while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                String field = p.getCurrentName();
                com.fasterxml.jackson.core.JsonToken t = p.nextToken();
                if (field.equals("model")
                        && t == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                    while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                        String key = p.getCurrentName();
                        com.fasterxml.jackson.core.JsonToken v = p.nextToken();
                        if (key.equals("vocab")
                                && v == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                            sawVocab = true;
                            while (p.nextToken()
                                    == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                                p.nextToken();
                                max = Math.max(max, p.getIntValue());
                            }
                        } else if (key.equals("vocab")
                                && v == com.fasterxml.jackson.core.JsonToken.START_ARRAY) {
                            sawVocab = true; // Unigram: a list of [piece, score]
                            int n = 0;
                            while (p.nextToken()
                                    != com.fasterxml.jackson.core.JsonToken.END_ARRAY) {
                                p.skipChildren();
                                n++;
                            }
                            max = Math.max(max, n - 1);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else if (field.equals("added_tokens")
                        && t == com.fasterxml.jackson.core.JsonToken.START_ARRAY) {
                    while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                        while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                            String key = p.getCurrentName();
                            p.nextToken();
                            if (key.equals("id")) {
                                max = Math.max(max, p.getIntValue());
                            } else {
                                p.skipChildren();
                            }
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException(
                    "The file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
        if (!sawVocab) {
            throw new IOException(source + " has no \"model.vocab\".");
        }
        return max + 1;
    }

    private static JsonNode readJson(byte[] bytes, String source) throws IOException {
        try {
            JsonNode n = JSON.readTree(bytes);
            if (n == null || !n.isObject()) {
                throw new IOException("The file " + source + " does not hold a JSON object.");
            }
            return n;
        } catch (IOException e) {
            throw new IOException(
                    "The file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    @Override
    public int[] encode(String text) {
        return Arrays.stream(native_.encode(text, false, false).getIds())
                .mapToInt(Math::toIntExact)
                .toArray();
    }

    @Override
    public String decode(int[] ids) {
        long[] longs = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] < 0 || ids[i] >= vocabSize) {
                throw new org.rlanything.core.BadInputException(
                        "Token id "
                                + ids[i]
                                + " is outside the vocabulary of "
                                + vocabSize
                                + " ids.");
            }
            longs[i] = ids[i];
        }
        return native_.decode(longs, true);
    }

    @Override
    public int vocabSize() {
        return vocabSize;
    }

    @Override
    public SpecialTokens specials() {
        return specials;
    }

    @Override
    public String chatTemplate() {
        return chatTemplate;
    }

    /**
     * The text of a special token named in {@code tokenizer_config.json} ({@code bos_token}, {@code
     * eos_token}, {@code pad_token}), or null; a chat template reads them.
     */
    public String specialTokenText(String key) {
        return specialTokenTexts.get(key);
    }

    @Override
    public Map<String, byte[]> files(int maxPositions) {
        Map<String, byte[]> out = new LinkedHashMap<>(files);
        if (!out.containsKey("generation_config.json")) {
            ObjectNode g = JSON.createObjectNode();
            g.putPOJO("eos_token_id", specials.stops());
            g.put("pad_token_id", specials.pad());
            try {
                out.put(
                        "generation_config.json",
                        JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(g));
            } catch (IOException e) {
                throw new IllegalStateException("generation_config.json could not be written.", e);
            }
        }
        return out;
    }

    @Override
    public void close() {
        lease.close(); // the native tokenizer is freed once no loan holds it (TokenizerCache)
    }
}
