package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The policy's program is the last fenced block; outputs compare after collapsing whitespace. */
class AnswerAndOutputTest {

    @Test
    void theLastFencedBlockIsTheProgram() {
        String answer =
                "First try:\n```python\nprint(1)\n```\nBetter:\n```python3\nprint(2)\n```\nDone.";
        assertEquals(Optional.of("print(2)\n"), AnswerExtraction.lastCodeBlock(answer));
        assertEquals(Optional.of("x = 1\n"), AnswerExtraction.lastCodeBlock("```\nx = 1\n```"));
        assertEquals(Optional.empty(), AnswerExtraction.lastCodeBlock("print(1)"));
        assertEquals(
                Optional.of("a\n"),
                AnswerExtraction.lastCodeBlock("```py\na\n```\n```python\nunclosed"),
                "an unclosed block is not a program");
    }

    @Test
    void whitespaceIsCollapsedBeforeComparing() {
        assertTrue(OutputComparison.matches("1  2\n3\n\n", " 1 2 3"));
        assertTrue(OutputComparison.matches("", "  \n"));
        assertFalse(OutputComparison.matches("1 2", "12"));
        assertFalse(OutputComparison.matches("1 2 3", "1 2"));
        assertEquals("a b c", OutputComparison.collapse("\ta\r\n b  c "));
    }
}
