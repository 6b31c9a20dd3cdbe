package org.rlanything.neural.tokenizer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loads of the same {@code tokenizer.json} share one native tokenizer ({@link TokenizerCache}):
 * each load works whatever the others do, closing one leaves the others working, a tokenizer pushed
 * out of the cache while lent keeps working until closed, and a file that differs by one byte is
 * never served another's tokenizer.
 */
class TokenizerCacheTest {

    /**
     * A word-level tokenizer in Hugging Face's format with {@code a} and {@code b} at these ids.
     */
    private static Map<String, byte[]> files(int a, int b, String extraWord) {
        String json =
                "{\"version\":\"1.0\",\"truncation\":null,\"padding\":null,\"added_tokens\":"
                        + "[{\"id\":3,\"content\":\"</s>\",\"single_word\":false,\"lstrip\":false,"
                        + "\"rstrip\":false,\"normalized\":false,\"special\":true}],"
                        + "\"normalizer\":null,\"pre_tokenizer\":{\"type\":\"Whitespace\"},"
                        + "\"post_processor\":null,\"decoder\":null,\"model\":{\"type\":\"WordLevel\","
                        + "\"vocab\":{\"a\":"
                        + a
                        + ",\"b\":"
                        + b
                        + ",\"<unk>\":2,\"</s>\":3,\""
                        + extraWord
                        + "\":4},\"unk_token\":\"<unk>\"}}";
        return Map.of(
                "tokenizer.json",
                json.getBytes(StandardCharsets.UTF_8),
                "tokenizer_config.json",
                "{\"eos_token\":\"</s>\"}".getBytes(StandardCharsets.UTF_8));
    }

    private static TextTokenizer load(Map<String, byte[]> files) throws IOException {
        TextTokenizer t = Tokenizers.fromFiles(files, "test");
        assertInstanceOf(HfTokenizer.class, t);
        return t;
    }

    @Test
    void loadsOfOneFileShareATokenizerThatOutlivesEachClose() throws IOException {
        Map<String, byte[]> ab = files(0, 1, "c");
        TextTokenizer first = load(ab);
        TextTokenizer second = load(ab);
        assertArrayEquals(new int[] {0, 1, 4}, first.encode("a b c"));
        first.close();
        first.close(); // a second close returns nothing twice
        assertArrayEquals(new int[] {0, 1, 4}, second.encode("a b c"));
        assertEquals("a b", second.decode(new int[] {0, 1}));
        second.close();
        try (TextTokenizer again = load(ab)) {
            assertArrayEquals(new int[] {0, 1, 4}, again.encode("a b c"));
            assertEquals(3, again.specials().endOfResponse());
            assertEquals(5, again.vocabSize());
        }
    }

    @Test
    void aFileThatDiffersIsNeverServedAnothersTokenizer() throws IOException {
        try (TextTokenizer ab = load(files(0, 1, "c"));
                TextTokenizer ba = load(files(1, 0, "c"));
                TextTokenizer other = load(files(0, 1, "d"))) {
            assertArrayEquals(new int[] {0, 1, 4}, ab.encode("a b c"));
            assertArrayEquals(new int[] {1, 0, 4}, ba.encode("a b c"));
            assertArrayEquals(new int[] {0, 1, 2, 4}, other.encode("a b c d"));
        }
    }

    @Test
    void aTokenizerPushedOutWhileLentKeepsWorkingUntilClosed() throws IOException {
        TextTokenizer lent = load(files(0, 1, "lent"));
        List<TextTokenizer> others = new ArrayList<>();
        for (int i = 0; i < TokenizerCache.KEPT + 2; i++) {
            others.add(load(files(0, 1, "w" + i)));
        }
        for (TextTokenizer t : others) {
            t.close();
        }
        assertArrayEquals(new int[] {1, 0, 4}, lent.encode("b a lent"));
        lent.close();
        try (TextTokenizer reloaded = load(files(0, 1, "lent"))) {
            assertArrayEquals(new int[] {1, 0, 4}, reloaded.encode("b a lent"));
        }
    }
}
