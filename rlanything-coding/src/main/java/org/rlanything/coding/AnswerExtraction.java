package org.rlanything.coding;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The policy's program is the last fenced code block of its answer (method.md §7, the reference's
 * rule): a block opened by three back-ticks with an optional language tag and closed by three
 * back-ticks. An answer without a complete block has no program.
 */
public final class AnswerExtraction {

    private static final Pattern FENCE =
            Pattern.compile("```[ \\t]*([A-Za-z0-9_+#-]*)[^\\n]*\\n(.*?)```", Pattern.DOTALL);

    private AnswerExtraction() {}

    /** The code of the last fenced block, or empty when there is none. */
    public static Optional<String> lastCodeBlock(String answer) {
        Matcher m = FENCE.matcher(answer);
        String last = null;
        while (m.find()) {
            last = m.group(2);
        }
        return Optional.ofNullable(last);
    }
}
