package org.rlanything.neural.tokenizer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BpeTokenizerTest {

    private static final List<String> CORPUS =
            List.of(
                    "go to countertop 1",
                    "take apple 1 from countertop 1",
                    "go to fridge 1",
                    "open fridge 1",
                    "put apple 1 in/on fridge 1",
                    "You arrive at countertop 1. On the countertop 1, you see an apple 1.");

    @Test
    void roundTripsAnyTextAndCompresses() {
        BpeTokenizer tok = BpeTokenizer.train(CORPUS, 320);
        assertTrue(tok.vocabSize() > 259 && tok.vocabSize() <= 320);
        for (String s :
                List.of("go to countertop 1", "  odd  spacing\n\ttabs ", "ünïcödé 😀 ok", "")) {
            assertEquals(s, tok.decode(tok.encode(s)));
        }
        String line = "take apple 1 from countertop 1";
        assertTrue(tok.encode(line).length < line.getBytes(StandardCharsets.UTF_8).length / 2);
    }

    @Test
    void isDeterministicAndSurvivesSerialisation() throws IOException {
        BpeTokenizer a = BpeTokenizer.train(CORPUS, 300);
        BpeTokenizer b = BpeTokenizer.train(CORPUS, 300);
        assertArrayEquals(a.toJson(), b.toJson());
        BpeTokenizer c = BpeTokenizer.fromJson(a.toJson(), "tokenizer.json");
        assertArrayEquals(
                a.encode("open fridge 1 then go to countertop 2"),
                c.encode("open fridge 1 then go to countertop 2"));
    }

    @Test
    void rejectsForeignJsonWithTheFileName() {
        IOException e =
                assertThrows(
                        IOException.class,
                        () ->
                                BpeTokenizer.fromJson(
                                        "{\"format\":\"other\"}".getBytes(StandardCharsets.UTF_8),
                                        "x/tokenizer.json"));
        assertTrue(e.getMessage().contains("x/tokenizer.json"), e.getMessage());
    }

    @Test
    void piecesConcatenateToTheText() {
        String s = "a  b, c1d\n\n e";
        assertEquals(s, String.join("", BpeTokenizer.pieces(s)));
    }
}
