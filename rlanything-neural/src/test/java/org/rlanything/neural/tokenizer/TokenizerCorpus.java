package org.rlanything.neural.tokenizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.rlanything.testfixtures.SharedData;

/**
 * Texts for tokenizer tests: ALFWorld game texts (from {@code shared/data/alfworld}) and edge
 * cases.
 */
final class TokenizerCorpus {

    /** Unicode and white-space edge cases of the project's pre-tokenization. */
    static final List<String> EDGE_CASES =
            List.of(
                    "",
                    " ",
                    "  ",
                    "   x",
                    "a  b, c1d\n\n e",
                    "\t\ttab\t",
                    "x \n y",
                    "trailing   ",
                    "\r\n",
                    "ünïcödé 😀 ok",
                    "😀😀a1",
                    "emoji👍🏽 mixed",
                    "日本語のテキスト 123",
                    "١٢٣ arabic digits",
                    "𝟙𝟚 math digits",
                    "non\u00A0breaking",
                    "thin\u2009space",
                    "ideographic\u3000space",
                    "line\u2028sep",
                    "control\u001Fchar",
                    "\u000B\f",
                    "mixed...!!!?? (1.5)",
                    " .x",
                    "-- --",
                    "C++ & Java's \"quotes\"",
                    "a\u0301e\u0301 combining",
                    "ＦＵＬＬ ｗｉｄｔｈ",
                    "ǅ titlecase",
                    "x²³ superscripts");

    private TokenizerCorpus() {}

    /**
     * The ALFWorld data folder ({@link SharedData}: the test is skipped without it, and fails under
     * {@code CI=true}).
     */
    static Path alfworldRoot() {
        return SharedData.require("alfworld/games").getParent();
    }

    /**
     * Every string value in the JSON files under {@code root} (game annotations, observations,
     * transcripts).
     */
    static List<String> alfworldTexts(Path root) {
        List<String> out = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                collect(json.readTree(p.toFile()), out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isTextual()) {
            out.add(node.asText());
        }
        node.forEach(child -> collect(child, out));
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(out::add);
        }
    }
}
