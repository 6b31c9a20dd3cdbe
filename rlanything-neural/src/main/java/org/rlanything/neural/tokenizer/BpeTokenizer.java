package org.rlanything.neural.tokenizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A deterministic byte-level BPE tokenizer learned from a corpus.
 *
 * <p><b>Layout of ids.</b> 0 = {@code <pad>}, 1 = {@code <bos>}, 2 = {@code <eos>}, then the 256
 * byte values (so every string is encodable and decoding is exact), then one id per learned merge
 * in the order learned.
 *
 * <p><b>Training.</b> Text is cut into pieces (a run of letters, of digits, or of other symbols,
 * each with at most one leading space; line breaks and other white space stand alone); merges never
 * cross pieces. Each round merges the most frequent adjacent pair, ties going to the pair with the
 * smallest (left, right) ids, until the vocabulary is full or no pair occurs twice. The result
 * depends only on the corpus and the target size.
 *
 * <p><b>File.</b> {@link #toJson()} writes a Hugging Face {@code tokenizer.json} that gives the
 * same ids ({@link HfTokenizerFormat}); {@link #fromJson} also reads the private format of older
 * checkpoints.
 */
public final class BpeTokenizer implements TextTokenizer {

    public static final int PAD = 0;
    public static final int BOS = 1;
    public static final int EOS = 2;
    private static final int BYTE_OFFSET = 3;
    private static final int FIRST_MERGE = BYTE_OFFSET + 256;
    private static final String FORMAT = "rlanything-byte-bpe";
    private static final List<String> SPECIALS = List.of("<pad>", "<bos>", "<eos>");

    private final int[][] merges;
    private final Map<Long, Integer> mergeRank = new HashMap<>();
    private final byte[][] idBytes;
    private final Map<String, int[]> cache = new ConcurrentHashMap<>();

    private BpeTokenizer(int[][] merges) {
        this.merges = merges;
        idBytes = new byte[FIRST_MERGE + merges.length][];
        for (int i = 0; i < SPECIALS.size(); i++) {
            idBytes[i] = new byte[0];
        }
        for (int b = 0; b < 256; b++) {
            idBytes[BYTE_OFFSET + b] = new byte[] {(byte) b};
        }
        for (int i = 0; i < merges.length; i++) {
            int left = merges[i][0];
            int right = merges[i][1];
            if (left < BYTE_OFFSET
                    || right < BYTE_OFFSET
                    || left >= FIRST_MERGE + i
                    || right >= FIRST_MERGE + i) {
                throw new org.rlanything.core.BadInputException(
                        "Merge "
                                + i
                                + " joins ids "
                                + left
                                + " and "
                                + right
                                + ", which are not byte or earlier merge ids.");
            }
            byte[] joined = new byte[idBytes[left].length + idBytes[right].length];
            System.arraycopy(idBytes[left], 0, joined, 0, idBytes[left].length);
            System.arraycopy(
                    idBytes[right], 0, joined, idBytes[left].length, idBytes[right].length);
            idBytes[FIRST_MERGE + i] = joined;
            mergeRank.put(key(left, right), i);
        }
    }

    /** A tokenizer with no merges (pure bytes). */
    public static BpeTokenizer bytesOnly() {
        return new BpeTokenizer(new int[0][]);
    }

    /**
     * Learns merges from {@code corpus} until the vocabulary has {@code vocabSize} ids (or no pair
     * repeats).
     */
    public static BpeTokenizer train(List<String> corpus, int vocabSize) {
        if (vocabSize < FIRST_MERGE) {
            throw new org.rlanything.core.BadInputException(
                    "A byte-level BPE vocabulary needs at least "
                            + FIRST_MERGE
                            + " ids, got "
                            + vocabSize
                            + ".");
        }
        Map<String, Integer> pieceCounts = new TreeMap<>();
        for (String text : corpus) {
            for (String piece : pieces(text)) {
                pieceCounts.merge(piece, 1, Integer::sum);
            }
        }
        List<int[]> words = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (Map.Entry<String, Integer> e : pieceCounts.entrySet()) {
            words.add(byteIds(e.getKey()));
            counts.add(e.getValue());
        }
        List<int[]> learned = new ArrayList<>();
        while (FIRST_MERGE + learned.size() < vocabSize) {
            Map<Long, Long> pairCounts = new HashMap<>();
            for (int w = 0; w < words.size(); w++) {
                int[] ids = words.get(w);
                for (int i = 0; i + 1 < ids.length; i++) {
                    pairCounts.merge(key(ids[i], ids[i + 1]), (long) counts.get(w), Long::sum);
                }
            }
            long bestKey = Long.MAX_VALUE;
            long bestCount = 1;
            for (Map.Entry<Long, Long> e : pairCounts.entrySet()) {
                long c = e.getValue();
                if (c > bestCount || (c == bestCount && c > 1 && e.getKey() < bestKey)) {
                    bestCount = c;
                    bestKey = e.getKey();
                }
            }
            if (bestCount < 2) {
                break;
            }
            int left = (int) (bestKey >>> 32);
            int right = (int) bestKey;
            int newId = FIRST_MERGE + learned.size();
            learned.add(new int[] {left, right});
            for (int w = 0; w < words.size(); w++) {
                words.set(w, applyMerge(words.get(w), left, right, newId));
            }
        }
        return new BpeTokenizer(learned.toArray(new int[0][]));
    }

    @Override
    public int vocabSize() {
        return FIRST_MERGE + merges.length;
    }

    private static final SpecialTokens SPECIAL_IDS =
            new SpecialTokens(new int[] {BOS}, EOS, new int[] {EOS}, PAD);

    /** {@code <bos>} before prompts, {@code <eos>} after responses, {@code <pad>} as filler. */
    @Override
    public SpecialTokens specials() {
        return SPECIAL_IDS;
    }

    @Override
    public Map<String, byte[]> files(int maxPositions) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        out.put("tokenizer.json", toJson());
        out.put("tokenizer_config.json", HfTokenizerFormat.tokenizerConfig(maxPositions));
        try {
            out.put(
                    "generation_config.json",
                    new ObjectMapper()
                            .writerWithDefaultPrettyPrinter()
                            .writeValueAsBytes(
                                    new TreeMap<>(
                                            Map.of(
                                                    "bos_token_id",
                                                    BOS,
                                                    "eos_token_id",
                                                    EOS,
                                                    "pad_token_id",
                                                    PAD))));
        } catch (IOException e) {
            throw new IllegalStateException("generation_config.json could not be written.", e);
        }
        return out;
    }

    /** Token ids of {@code text}, without special tokens. */
    @Override
    public int[] encode(String text) {
        List<int[]> parts = new ArrayList<>();
        int total = 0;
        for (String piece : pieces(text)) {
            int[] ids = cache.computeIfAbsent(piece, this::encodePiece);
            parts.add(ids);
            total += ids.length;
        }
        int[] out = new int[total];
        int at = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** The text of {@code ids}; special tokens are skipped, invalid UTF-8 becomes U+FFFD. */
    @Override
    public String decode(int[] ids) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int id : ids) {
            if (id < 0 || id >= idBytes.length) {
                throw new org.rlanything.core.BadInputException(
                        "Token id "
                                + id
                                + " is outside the vocabulary of "
                                + idBytes.length
                                + " ids.");
            }
            out.writeBytes(idBytes[id]);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * The tokenizer as a Hugging Face {@code tokenizer.json} (see {@link HfTokenizerFormat}); it
     * gives the same ids in Hugging Face's {@code tokenizers} as {@link #encode} here. In the rare
     * case that it has no Hugging Face form ({@link #huggingFaceProblem()}), the private format, so
     * that saving a checkpoint never fails on it.
     */
    public byte[] toJson() {
        return huggingFaceProblem() == null
                ? HfTokenizerFormat.write(merges, idBytes)
                : toLegacyJson();
    }

    /**
     * Why this tokenizer cannot be written as a Hugging Face {@code tokenizer.json}, or null when
     * it can.
     */
    @Override
    public String huggingFaceProblem() {
        return HfTokenizerFormat.problem(idBytes);
    }

    /**
     * The tokenizer in the private format that checkpoints written before the Hugging Face format
     * hold.
     */
    byte[] toLegacyJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("version", 1);
        m.put("special_tokens", SPECIALS);
        m.put("byte_offset", BYTE_OFFSET);
        m.put("merges", merges);
        try {
            return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(m);
        } catch (IOException e) {
            throw new IllegalStateException("The tokenizer could not be serialised.", e);
        }
    }

    /**
     * Reads {@link #toJson()} output, or the private {@code rlanything-byte-bpe} format of older
     * checkpoints; {@code source} names the file in errors.
     */
    public static BpeTokenizer fromJson(byte[] json, String source) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new IOException(
                    "The tokenizer file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
        int[][] merges =
                HfTokenizerFormat.isHfFormat(root)
                        ? HfTokenizerFormat.readMerges(root, source)
                        : legacyMerges(root, source);
        try {
            return new BpeTokenizer(merges);
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    "The tokenizer file " + source + " is inconsistent: " + e.getMessage(), e);
        }
    }

    private static int[][] legacyMerges(JsonNode root, String source) throws IOException {
        if (!root.isObject()
                || !FORMAT.equals(root.path("format").asText())
                || root.path("version").asInt() != 1) {
            throw new IOException(
                    "The tokenizer file "
                            + source
                            + " is neither a Hugging Face tokenizer.json (it has no"
                            + " \"model\") nor a "
                            + FORMAT
                            + " tokenizer of version 1.");
        }
        Map<?, ?> m = new ObjectMapper().convertValue(root, Map.class);
        if (!SPECIALS.equals(m.get("special_tokens"))
                || !Integer.valueOf(BYTE_OFFSET).equals(m.get("byte_offset"))
                || !(m.get("merges") instanceof List)) {
            throw new IOException(
                    "The tokenizer file "
                            + source
                            + " is not a "
                            + FORMAT
                            + " tokenizer of version 1.");
        }
        List<?> list = (List<?>) m.get("merges");
        int[][] merges = new int[list.size()][];
        for (int i = 0; i < merges.length; i++) {
            if (!(list.get(i) instanceof List) || ((List<?>) list.get(i)).size() != 2) {
                throw new IOException(
                        "Merge "
                                + i
                                + " in the tokenizer file "
                                + source
                                + " is not a pair of ids.");
            }
            List<?> pair = (List<?>) list.get(i);
            merges[i] =
                    new int[] {
                        ((Number) pair.get(0)).intValue(), ((Number) pair.get(1)).intValue()
                    };
        }
        return merges;
    }

    public static BpeTokenizer load(Path file) throws IOException {
        return fromJson(Files.readAllBytes(file), file.toString());
    }

    private int[] encodePiece(String piece) {
        int[] ids = byteIds(piece);
        while (ids.length > 1) {
            int bestRank = Integer.MAX_VALUE;
            int bestAt = -1;
            for (int i = 0; i + 1 < ids.length; i++) {
                Integer rank = mergeRank.get(key(ids[i], ids[i + 1]));
                if (rank != null && rank < bestRank) {
                    bestRank = rank;
                    bestAt = i;
                }
            }
            if (bestAt < 0) {
                break;
            }
            ids = applyMerge(ids, ids[bestAt], ids[bestAt + 1], FIRST_MERGE + bestRank);
        }
        return ids;
    }

    private static int[] applyMerge(int[] ids, int left, int right, int newId) {
        int[] out = new int[ids.length];
        int n = 0;
        for (int i = 0; i < ids.length; i++) {
            if (i + 1 < ids.length && ids[i] == left && ids[i + 1] == right) {
                out[n++] = newId;
                i++;
            } else {
                out[n++] = ids[i];
            }
        }
        return n == ids.length ? ids : java.util.Arrays.copyOf(out, n);
    }

    private static int[] byteIds(String piece) {
        byte[] bytes = piece.getBytes(StandardCharsets.UTF_8);
        int[] ids = new int[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            ids[i] = BYTE_OFFSET + (bytes[i] & 0xFF);
        }
        return ids;
    }

    private static long key(int left, int right) {
        return ((long) left << 32) | (right & 0xFFFFFFFFL);
    }

    /** Cuts text into merge-isolated pieces; their concatenation is the text. */
    static List<String> pieces(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int start = i;
            char c = text.charAt(i);
            if (c == ' ' && i + 1 < n && kind(text.charAt(i + 1)) > 0) {
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
                if (c == ' ') {
                    while (i < n
                            && text.charAt(i) == ' '
                            && !(i + 1 < n && kind(text.charAt(i + 1)) > 0)) {
                        i++;
                    }
                }
                out.add(text.substring(start, i));
                continue;
            }
            int k = kind(text.charAt(i));
            while (i < n && kind(text.charAt(i)) == k) {
                i++;
            }
            out.add(text.substring(start, i));
        }
        return out;
    }

    /** 1 letter, 2 digit, 3 other visible symbol, 0 white space. */
    private static int kind(char c) {
        if (Character.isWhitespace(c)) {
            return 0;
        }
        if (Character.isLetter(c) || Character.isSurrogate(c)) {
            return 1;
        }
        return Character.isDigit(c) ? 2 : 3;
    }
}
