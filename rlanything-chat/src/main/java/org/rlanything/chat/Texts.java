package org.rlanything.chat;

import java.util.regex.Pattern;

/** Small text helpers shared by the role prompts. */
public final class Texts {

    private Texts() {}

    /** The stripped text, cut to {@code limit} characters with {@code ...} when longer. */
    public static String cut(String text, int limit) {
        String t = text.strip();
        return t.length() <= limit ? t : t.substring(0, Math.max(0, limit - 3)) + "...";
    }

    private static final Pattern THINKING =
            Pattern.compile("<think>.*?(</think>|\\z)", Pattern.DOTALL);

    /**
     * The reply without the {@code <think>...</think>} blocks of reasoning models (an unclosed one,
     * cut at {@code max_tokens}, runs to the end), so that an answer is read from what follows the
     * thinking only.
     */
    public static String withoutThinking(String reply) {
        return reply.contains("<think>") ? THINKING.matcher(reply).replaceAll("") : reply;
    }

    /**
     * How a step's command is shown: the command, or a note that the reply had no usable action.
     */
    public static String command(String command) {
        return command.isBlank() ? "(no valid action)" : command;
    }
}
