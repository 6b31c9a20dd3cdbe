package org.rlanything.neural.tokenizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link BpeTokenizer} in the Hugging Face {@code tokenizers} JSON format ({@code tokenizer.json}),
 * so that {@code tokenizers.Tokenizer.from_file}, {@code transformers.AutoTokenizer} and DJL's
 * {@code HuggingFaceTokenizer} produce the project's ids.
 *
 * <p><b>How the project's tokenizer is expressed.</b> The model is a byte-level {@code BPE}: ids
 * 0-2 are the special tokens {@code <pad> <bos> <eos>} (also listed as {@code added_tokens}), ids
 * 3-258 the 256 bytes in the GPT-2 byte-to-unicode alphabet, then one id per merge, merges in rank
 * order. The project's pre-tokenization is not GPT-2's, so the pre-tokenizer is a {@code Sequence}
 * of a {@code Split} with {@link #PIECE_REGEX} (behavior {@code Isolated}: the regex reproduces
 * {@link BpeTokenizer#pieces} exactly and covers every character) and a {@code ByteLevel} with
 * {@code use_regex: false} and no prefix space (it only maps bytes to the alphabet). The
 * post-processor prepends {@code <bos>}, as the project's prompts do; the decoder is {@code
 * ByteLevel}.
 *
 * <p><b>Known difference.</b> Hugging Face extracts added tokens before pre-tokenization, so the
 * literal text {@code <eos>} becomes id 2 there while the project encodes its bytes. Training text
 * holds no such strings.
 */
public final class HfTokenizerFormat {

    /** White space as {@link Character#isWhitespace(char)} defines it (Unicode 13, Java 17). */
    private static final String WS =
            "\\t\\n\\x{0B}\\f\\r\\x{1C}-\\x{1F} \\x{1680}\\x{2000}-\\x{2006}"
                    + "\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}";

    /**
     * Letters: {@link Character#isLetter(char)}, and every supplementary character (its
     * surrogates).
     */
    private static final String LETTER = "[\\p{L}\\x{10000}-\\x{10FFFF}]";

    private static final String DIGIT = "[\\p{Nd}&&[^\\x{10000}-\\x{10FFFF}]]";
    private static final String OTHER = "[^" + WS + "\\p{L}\\p{Nd}\\x{10000}-\\x{10FFFF}]";

    /**
     * The project's pieces as one regex (Oniguruma and {@code java.util.regex} read it alike),
     * alternatives tried in order: a space with the run of letters, digits or other symbols after
     * it; a space not followed by a non-space character, with the spaces after it that are not
     * followed by one either; one other white-space character; a run of letters, digits or other
     * symbols.
     */
    public static final String PIECE_REGEX =
            " "
                    + LETTER
                    + "+| "
                    + DIGIT
                    + "+| "
                    + OTHER
                    + "+"
                    + "| (?: (?![^"
                    + WS
                    + "]))*|["
                    + WS
                    + "]|"
                    + LETTER
                    + "+|"
                    + DIGIT
                    + "+|"
                    + OTHER
                    + "+";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> SPECIALS = List.of("<pad>", "<bos>", "<eos>");
    private static final int BYTE_OFFSET = 3;
    private static final String[] BYTE_CHARS = byteChars();

    private HfTokenizerFormat() {}

    /**
     * {@code tokenizer.json} bytes for the tokenizer with these merges (pairs of ids, in rank
     * order).
     */
    static byte[] write(int[][] merges, byte[][] idBytes) {
        ObjectNode root = NODES.objectNode();
        root.put("version", "1.0");
        root.putNull("truncation");
        root.putNull("padding");
        ArrayNode added = root.putArray("added_tokens");
        for (int i = 0; i < SPECIALS.size(); i++) {
            ObjectNode t = added.addObject();
            t.put("id", i);
            t.put("content", SPECIALS.get(i));
            t.put("single_word", false);
            t.put("lstrip", false);
            t.put("rstrip", false);
            t.put("normalized", false);
            t.put("special", true);
        }
        root.putNull("normalizer");
        root.set("pre_tokenizer", preTokenizer());
        root.set("post_processor", postProcessor());
        root.set("decoder", byteLevel());
        ObjectNode model = root.putObject("model");
        model.put("type", "BPE");
        model.putNull("dropout");
        model.putNull("unk_token");
        model.putNull("continuing_subword_prefix");
        model.putNull("end_of_word_suffix");
        model.put("fuse_unk", false);
        model.put("byte_fallback", false);
        model.put("ignore_merges", false);
        String problem = problem(idBytes);
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        ObjectNode vocab = model.putObject("vocab");
        String[] tokens = tokens(idBytes);
        for (int id = 0; id < idBytes.length; id++) {
            vocab.put(tokens[id], id);
        }
        ArrayNode mergeList = model.putArray("merges");
        for (int[] m : merges) {
            mergeList.add(tokens[m[0]] + " " + tokens[m[1]]);
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalStateException("The tokenizer could not be serialised.", e);
        }
    }

    /**
     * Why these tokens cannot be a Hugging Face BPE vocabulary, or null when they can: two merges
     * that spell the same bytes (possible in principle, since a merge joins ids rather than
     * strings), or a merge that spells a special token.
     */
    static String problem(byte[][] idBytes) {
        String[] tokens = tokens(idBytes);
        Map<String, Integer> seen = new HashMap<>();
        for (int id = 0; id < tokens.length; id++) {
            Integer earlier = seen.putIfAbsent(tokens[id], id);
            if (earlier != null) {
                return "Tokens "
                        + earlier
                        + " and "
                        + id
                        + " both stand for \""
                        + tokens[id]
                        + "\"; a Hugging Face BPE "
                        + "vocabulary needs distinct strings, so this tokenizer has no Hugging Face form.";
            }
        }
        return null;
    }

    private static String[] tokens(byte[][] idBytes) {
        String[] tokens = new String[idBytes.length];
        for (int id = 0; id < idBytes.length; id++) {
            tokens[id] = id < SPECIALS.size() ? SPECIALS.get(id) : toChars(idBytes[id]);
        }
        return tokens;
    }

    /**
     * {@code tokenizer_config.json}: lets {@code AutoTokenizer} load {@code tokenizer.json} as it
     * is.
     */
    public static byte[] tokenizerConfig(int modelMaxLength) {
        ObjectNode root = NODES.objectNode();
        root.put("tokenizer_class", "PreTrainedTokenizerFast");
        root.put("bos_token", "<bos>");
        root.put("eos_token", "<eos>");
        root.put("pad_token", "<pad>");
        root.put("model_max_length", modelMaxLength);
        root.put("clean_up_tokenization_spaces", false);
        root.put("padding_side", "left");
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalStateException("The tokenizer config could not be serialised.", e);
        }
    }

    /**
     * True when {@code root} looks like a Hugging Face {@code tokenizer.json} (it has a "model").
     */
    static boolean isHfFormat(JsonNode root) {
        return root.isObject() && root.has("model");
    }

    /**
     * True when {@code root} is laid out as this project writes it (its pre-tokenizer), so that
     * {@link BpeTokenizer} runs it; any other {@code tokenizer.json} is a model's own.
     */
    static boolean isProjectLayout(JsonNode root) {
        return !isHfFormat(root) || preTokenizer().equals(root.path("pre_tokenizer"));
    }

    /**
     * The merges of a {@code tokenizer.json} written by {@link #write}. Only the project's layout
     * is accepted (a foreign tokenizer, say Llama's or Qwen2's, has other rules this class cannot
     * run): the error names the file and the key that differs.
     */
    static int[][] readMerges(JsonNode root, String source) throws IOException {
        JsonNode model = root.path("model");
        if (!"BPE".equals(model.path("type").asText())) {
            throw notOurs(source, "model.type", "\"BPE\"", model.path("type"));
        }
        for (String flag : List.of("byte_fallback", "ignore_merges", "fuse_unk")) {
            if (model.path(flag).asBoolean(false)) {
                throw notOurs(source, "model." + flag, "false", model.path(flag));
            }
        }
        for (String key : List.of("continuing_subword_prefix", "end_of_word_suffix", "dropout")) {
            if (!model.path(key).isMissingNode() && !model.path(key).isNull()) {
                throw notOurs(source, "model." + key, "null", model.path(key));
            }
        }
        if (!preTokenizer().equals(root.path("pre_tokenizer"))) {
            throw notOurs(
                    source,
                    "pre_tokenizer",
                    "the project's Split regex then ByteLevel without regex",
                    root.path("pre_tokenizer"));
        }
        if (!root.path("normalizer").isMissingNode() && !root.path("normalizer").isNull()) {
            throw notOurs(source, "normalizer", "null", root.path("normalizer"));
        }
        JsonNode vocab = model.path("vocab");
        if (!vocab.isObject()) {
            throw new IOException(
                    "The tokenizer file " + source + " has no \"model.vocab\" object.");
        }
        for (int i = 0; i < SPECIALS.size(); i++) {
            expectId(vocab, SPECIALS.get(i), i, source);
        }
        for (int b = 0; b < 256; b++) {
            expectId(vocab, BYTE_CHARS[b], BYTE_OFFSET + b, source);
        }
        JsonNode list = model.path("merges");
        if (!list.isArray()) {
            throw new IOException(
                    "The tokenizer file " + source + " has no \"model.merges\" list.");
        }
        int[][] merges = new int[list.size()][];
        for (int i = 0; i < merges.length; i++) {
            String[] pair = mergePair(list.get(i), i, source);
            int left = vocab.path(pair[0]).asInt(-1);
            int right = vocab.path(pair[1]).asInt(-1);
            int joined = vocab.path(pair[0] + pair[1]).asInt(-1);
            if (left < 0 || right < 0 || joined != BYTE_OFFSET + 256 + i) {
                throw new IOException(
                        "Merge "
                                + i
                                + " (\""
                                + pair[0]
                                + " "
                                + pair[1]
                                + "\") in the tokenizer file "
                                + source
                                + " must join two vocabulary tokens into token id "
                                + (BYTE_OFFSET + 256 + i)
                                + ", the project's layout; it yields id "
                                + joined
                                + ".");
            }
            merges[i] = new int[] {left, right};
        }
        if (vocab.size() != BYTE_OFFSET + 256 + merges.length) {
            throw new IOException(
                    "The tokenizer file "
                            + source
                            + " has "
                            + vocab.size()
                            + " vocabulary entries; "
                            + "3 special tokens, 256 bytes and "
                            + merges.length
                            + " merges make "
                            + (BYTE_OFFSET + 256 + merges.length)
                            + ".");
        }
        return merges;
    }

    private static String[] mergePair(JsonNode m, int i, String source) throws IOException {
        if (m.isTextual()) {
            String[] parts = m.asText().split(" ", -1);
            if (parts.length == 2) {
                return parts;
            }
        } else if (m.isArray() && m.size() == 2 && m.get(0).isTextual() && m.get(1).isTextual()) {
            return new String[] {m.get(0).asText(), m.get(1).asText()};
        }
        throw new IOException(
                "Merge "
                        + i
                        + " in the tokenizer file "
                        + source
                        + " is neither \"left right\" nor [\"left\", \"right\"]: "
                        + m
                        + ".");
    }

    private static void expectId(JsonNode vocab, String token, int id, String source)
            throws IOException {
        if (vocab.path(token).asInt(-1) != id || !vocab.path(token).isIntegralNumber()) {
            throw new IOException(
                    "The tokenizer file "
                            + source
                            + " maps \""
                            + token
                            + "\" to "
                            + vocab.path(token)
                            + " in \"model.vocab\"; the project's layout needs id "
                            + id
                            + ".");
        }
    }

    private static IOException notOurs(String source, String key, String expected, JsonNode found) {
        String shown = found.isMissingNode() ? "nothing" : found.toString();
        if (shown.length() > 200) {
            shown = shown.substring(0, 200) + "...";
        }
        return new IOException(
                "The tokenizer file "
                        + source
                        + " is not a byte-level BPE tokenizer this project "
                        + "can run: \""
                        + key
                        + "\" must be "
                        + expected
                        + ", found "
                        + shown
                        + ".");
    }

    private static ObjectNode preTokenizer() {
        ObjectNode seq = NODES.objectNode();
        seq.put("type", "Sequence");
        ArrayNode list = seq.putArray("pretokenizers");
        ObjectNode split = list.addObject();
        split.put("type", "Split");
        split.putObject("pattern").put("Regex", PIECE_REGEX);
        split.put("behavior", "Isolated");
        split.put("invert", false);
        list.add(byteLevel());
        return seq;
    }

    private static ObjectNode byteLevel() {
        ObjectNode b = NODES.objectNode();
        b.put("type", "ByteLevel");
        b.put("add_prefix_space", false);
        b.put("trim_offsets", false);
        b.put("use_regex", false);
        return b;
    }

    private static ObjectNode postProcessor() {
        ObjectNode p = NODES.objectNode();
        p.put("type", "TemplateProcessing");
        ArrayNode single = p.putArray("single");
        single.addObject().putObject("SpecialToken").put("id", "<bos>").put("type_id", 0);
        single.addObject().putObject("Sequence").put("id", "A").put("type_id", 0);
        ArrayNode pair = p.putArray("pair");
        pair.addObject().putObject("SpecialToken").put("id", "<bos>").put("type_id", 0);
        pair.addObject().putObject("Sequence").put("id", "A").put("type_id", 0);
        pair.addObject().putObject("Sequence").put("id", "B").put("type_id", 1);
        ObjectNode bos = p.putObject("special_tokens").putObject("<bos>");
        bos.put("id", "<bos>");
        bos.putArray("ids").add(1);
        bos.putArray("tokens").add("<bos>");
        return p;
    }

    private static String toChars(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(BYTE_CHARS[b & 0xFF]);
        }
        return sb.toString();
    }

    /**
     * GPT-2's byte-to-unicode table: printable Latin-1 bytes stand for themselves, the rest from
     * U+0100 on.
     */
    private static String[] byteChars() {
        String[] out = new String[256];
        List<Integer> direct = new ArrayList<>();
        for (int b = '!'; b <= '~'; b++) {
            direct.add(b);
        }
        for (int b = 0xA1; b <= 0xAC; b++) {
            direct.add(b);
        }
        for (int b = 0xAE; b <= 0xFF; b++) {
            direct.add(b);
        }
        int next = 256;
        for (int b = 0; b < 256; b++) {
            out[b] = String.valueOf((char) (direct.contains(b) ? b : next++));
        }
        return out;
    }
}
