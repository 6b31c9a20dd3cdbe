package org.rlanything.neural.tokenizer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Hugging Face {@code tokenizer.json} written and read in Java (DJL's Rust reader: {@link
 * HfTokenizerDjlTest}).
 */
class HfTokenizerFormatTest {

    private static final List<String> CORPUS =
            List.of(
                    "go to countertop 1",
                    "take apple 1 from countertop 1",
                    "go to fridge 1",
                    "open fridge 1",
                    "put apple 1 in/on fridge 1",
                    "You arrive at countertop 1. On the countertop 1, you see an apple 1.",
                    "ünïcödé ünïcödé 😀😀 ...  ...");

    @Test
    void pieceRegexCutsTextExactlyAsThePiecesMethod() {
        Pattern regex = Pattern.compile(HfTokenizerFormat.PIECE_REGEX);
        List<String> texts = new ArrayList<>(TokenizerCorpus.EDGE_CASES);
        texts.addAll(CORPUS);
        for (int c = 0; c < 0x3100; c++) {
            texts.add("a" + (char) c + " " + (char) c + (char) c + "  " + (char) c + "1 ");
        }
        for (String text : texts) {
            List<String> cut = new ArrayList<>();
            Matcher m = regex.matcher(text);
            int end = 0;
            while (m.find()) {
                assertEquals(end, m.start(), "the regex skipped text in " + text);
                cut.add(m.group());
                end = m.end();
            }
            assertEquals(text.length(), end, "the regex left the end of " + text);
            assertEquals(BpeTokenizer.pieces(text), cut, "pieces of " + text);
        }
    }

    @Test
    void writesAHuggingFaceByteLevelBpeThatReadsBackToTheSameIds() throws IOException {
        BpeTokenizer tok = BpeTokenizer.train(CORPUS, 330);
        JsonNode root = new ObjectMapper().readTree(tok.toJson());
        assertEquals("BPE", root.path("model").path("type").asText());
        assertEquals(tok.vocabSize(), root.path("model").path("vocab").size());
        assertEquals(tok.vocabSize() - 259, root.path("model").path("merges").size());
        assertEquals(2, root.path("model").path("vocab").path("<eos>").asInt());
        assertEquals(
                3 + ' ',
                root.path("model").path("vocab").path("\u0120").asInt(),
                "space is Ġ in GPT-2's alphabet");
        assertEquals("<bos>", root.path("added_tokens").get(1).path("content").asText());
        BpeTokenizer back = BpeTokenizer.fromJson(tok.toJson(), "tokenizer.json");
        assertArrayEquals(tok.toJson(), back.toJson());
        for (String s : TokenizerCorpus.EDGE_CASES) {
            assertArrayEquals(tok.encode(s), back.encode(s), s);
        }
    }

    @Test
    void readsThePrivateFormatOfOlderCheckpoints() throws IOException {
        BpeTokenizer tok = BpeTokenizer.train(CORPUS, 330);
        byte[] legacy = tok.toLegacyJson();
        assertTrue(new String(legacy, StandardCharsets.UTF_8).contains("\"rlanything-byte-bpe\""));
        BpeTokenizer back = BpeTokenizer.fromJson(legacy, "old/tokenizer.json");
        assertArrayEquals(tok.toJson(), back.toJson());
        assertArrayEquals(
                tok.encode("take apple 1 from countertop 1"),
                back.encode("take apple 1 from countertop 1"));
    }

    /**
     * Merges join ids, so two can spell the same bytes: such a tokenizer keeps the private format.
     */
    @Test
    void aTokenizerWithTwoMergesSpellingTheSameBytesKeepsThePrivateFormat() throws IOException {
        int a = 3 + 'a';
        int b = 3 + 'b';
        int c = 3 + 'c';
        String legacy =
                "{\"format\":\"rlanything-byte-bpe\",\"version\":1,\"special_tokens\":[\"<pad>\",\"<bos>\",\"<eos>\"],"
                        + "\"byte_offset\":3,\"merges\":[["
                        + a
                        + ","
                        + b
                        + "],[259,"
                        + c
                        + "],["
                        + b
                        + ","
                        + c
                        + "],["
                        + a
                        + ",261]]}";
        BpeTokenizer tok =
                BpeTokenizer.fromJson(
                        legacy.getBytes(StandardCharsets.UTF_8), "dup/tokenizer.json");
        assertTrue(
                tok.huggingFaceProblem().contains("Tokens 260 and 262 both stand for \"abc\""),
                tok.huggingFaceProblem());
        assertTrue(
                new String(tok.toJson(), StandardCharsets.UTF_8)
                        .contains("\"rlanything-byte-bpe\""));
        assertArrayEquals(
                tok.encode("abc bc"),
                BpeTokenizer.fromJson(tok.toJson(), "again").encode("abc bc"));
        assertEquals(null, BpeTokenizer.train(CORPUS, 330).huggingFaceProblem());
    }

    @Test
    void refusesAForeignHuggingFaceTokenizerNamingTheKey() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(BpeTokenizer.train(CORPUS, 300).toJson());
        ((ObjectNode) root.path("pre_tokenizer").path("pretokenizers").get(1))
                .put("use_regex", true);
        IOException e =
                assertThrows(
                        IOException.class,
                        () ->
                                BpeTokenizer.fromJson(
                                        json.writeValueAsBytes(root), "qwen/tokenizer.json"));
        assertTrue(
                e.getMessage().contains("qwen/tokenizer.json")
                        && e.getMessage().contains("\"pre_tokenizer\""),
                e.getMessage());

        ObjectNode shifted = (ObjectNode) json.readTree(BpeTokenizer.train(CORPUS, 300).toJson());
        ((ObjectNode) shifted.path("model").path("vocab")).put("!", 300);
        e =
                assertThrows(
                        IOException.class,
                        () ->
                                BpeTokenizer.fromJson(
                                        json.writeValueAsBytes(shifted), "x/tokenizer.json"));
        assertTrue(
                e.getMessage().contains("\"!\"") && e.getMessage().contains("id 36"),
                e.getMessage());
    }
}
