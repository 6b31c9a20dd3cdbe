package org.rlanything.coding.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.IoKind;
import org.rlanything.coding.ProblemLoader;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.testfixtures.CodingData;

/** Coding tasks survive the checkpoint codec; other text is refused with a reason. */
class CodingTaskCodecTest {

    private final CodingTaskCodec codec = new CodingTaskCodec();

    @Test
    void aRealProblemAndARewrittenOneRoundTrip() throws Exception {
        CodingProblem apps =
                ProblemLoader.load(CodingData.apps()).stream()
                        .filter(p -> p.kind() == IoKind.STDIO)
                        .findFirst()
                        .orElseThrow();
        assertEquals(new CodingTask(apps), codec.decode(codec.encode(new CodingTask(apps))));
        CodingProblem rewritten =
                new CodingProblem(
                        "1607-harder-3",
                        Language.PYTHON,
                        IoKind.STDIO,
                        "Count \"QAQ\"\nsubsequences.",
                        "",
                        Optional.of("print(1)\n"),
                        List.of(new StdioTest("QAQ\n", "1\n"), new StdioTest("Q A\n", "0")));
        assertEquals(
                new CodingTask(rewritten), codec.decode(codec.encode(new CodingTask(rewritten))));
    }

    @Test
    void textThatIsNoTaskIsRefused() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> codec.decode("{\"id\": 3}"));
        assertTrue(e.getMessage().contains("expected JSON with id, statement and tests"));
    }
}
