package org.rlanything.neural.tokenizer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads the written {@code tokenizer.json} with Hugging Face's own tokenizers library (Rust,
 * through DJL) and checks that it gives the project's ids on ALFWorld texts and edge cases, and
 * decodes them back.
 */
class HfTokenizerDjlTest {

    @TempDir Path dir;

    /**
     * Ids from the Hugging Face library for {@code text}, without or with the {@code <bos>} it
     * adds.
     */
    static long[] hfIds(HuggingFaceTokenizer hf, String text, boolean special) {
        Encoding e = hf.encode(text, special, false);
        return e.getIds();
    }

    static long[] longs(int[] ids) {
        return Arrays.stream(ids).asLongStream().toArray();
    }

    @Test
    void huggingFaceTokenizersGiveTheProjectsIdsOnAlfworldTexts() throws IOException {
        Path root = TokenizerCorpus.alfworldRoot();
        List<String> texts = TokenizerCorpus.alfworldTexts(root);
        assertTrue(texts.size() > 1000, "corpus of " + texts.size() + " texts");
        BpeTokenizer tok = BpeTokenizer.train(texts.subList(0, texts.size() / 2), 600);
        assertEquals(600, tok.vocabSize());
        List<String> all = new ArrayList<>(texts);
        all.addAll(TokenizerCorpus.EDGE_CASES);
        assertEncodesAlike(tok, all);
    }

    @Test
    void huggingFaceTokenizersGiveTheProjectsIdsOnEdgeCases() throws IOException {
        List<String> train = new ArrayList<>(TokenizerCorpus.EDGE_CASES);
        train.addAll(TokenizerCorpus.EDGE_CASES);
        train.add("   x   x   x \n\n\n  \t\t ünïcödé ünïcödé 😀😀 😀😀 日本語 日本語 123 123 ١٢٣ ١٢٣");
        BpeTokenizer tok = BpeTokenizer.train(train, 400);
        assertTrue(tok.vocabSize() > 300, "merges learned: " + (tok.vocabSize() - 259));
        assertEncodesAlike(tok, TokenizerCorpus.EDGE_CASES);
        assertEncodesAlike(BpeTokenizer.bytesOnly(), TokenizerCorpus.EDGE_CASES);
    }

    /** Seeded random strings over characters where the two pre-tokenizations could part ways. */
    @Test
    void huggingFaceTokenizersGiveTheProjectsIdsOnRandomTrickyText() throws IOException {
        String[] alphabet = {
            " ", " ", " ", "\n", "\t", "\r", "\u000B", "\u0085", "\u00A0", "\u2007", "\u2028",
            "\u3000", "\u1680", "a", "Z", "é", "ß", "ǅ", "日", "ー", "\u0301", "1", "٣", "²", "Ⅻ",
            ".", ",", "'", "\"", "-", "_", "$", "😀", "👍🏽", "𝟙", "𐐷", "\uFEFF", "\u200B",
            "\u200D", "\u0000", "~", "<", "eos>", "Ġ"
        };
        java.util.SplittableRandom rng = new java.util.SplittableRandom(12);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int n = rng.nextInt(1, 25); n > 0; n--) {
                sb.append(alphabet[rng.nextInt(alphabet.length)]);
            }
            texts.add(sb.toString());
        }
        BpeTokenizer tok = BpeTokenizer.train(texts.subList(0, 1500), 700);
        assertTrue(tok.vocabSize() > 500, "merges learned: " + (tok.vocabSize() - 259));
        assertTrue(assertEncodesAlike(tok, texts) > 0, "some texts spell <eos>");
    }

    /**
     * Checks every text (see the one exception inside) and returns how many spell {@code <eos>}.
     */
    private int assertEncodesAlike(BpeTokenizer tok, List<String> texts) throws IOException {
        Path file = dir.resolve("tokenizer-" + tok.vocabSize() + ".json");
        Files.write(file, tok.toJson());
        long tokens = 0;
        int specials = 0;
        try (HuggingFaceTokenizer hf =
                HuggingFaceTokenizer.newInstance(
                        file, Map.of("truncation", "false", "padding", "false"))) {
            for (String text : texts) {
                long[] ours = longs(tok.encode(text));
                if (text.contains("<eos>")) {
                    // The one known difference: Hugging Face reads the literal text <eos> as the
                    // special token.
                    assertTrue(
                            Arrays.stream(hfIds(hf, text, false))
                                    .anyMatch(id -> id == BpeTokenizer.EOS),
                            text);
                    assertTrue(Arrays.stream(ours).noneMatch(id -> id == BpeTokenizer.EOS), text);
                    specials++;
                    continue;
                }
                assertArrayEquals(ours, hfIds(hf, text, false), () -> "ids of \"" + text + "\"");
                long[] withBos = hfIds(hf, text, true);
                assertEquals(BpeTokenizer.BOS, withBos[0], "the post-processor prepends <bos>");
                assertArrayEquals(ours, Arrays.copyOfRange(withBos, 1, withBos.length));
                assertEquals(
                        tok.decode(tok.encode(text)),
                        hf.decode(ours, true),
                        () -> "decoding \"" + text + "\"");
                tokens += ours.length;
            }
        }
        assertTrue(tokens > 0);
        return specials;
    }
}
