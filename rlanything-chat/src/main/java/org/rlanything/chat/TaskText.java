package org.rlanything.chat;

import java.util.regex.Pattern;
import org.rlanything.core.Task;

/**
 * A task as the endpoint prompts show it: {@link Task#describe} without a trailing bookkeeping tag,
 * a bracketed word without spaces such as ALFWorld's {@code [plan_gen_s10086_i01015]} (the game's
 * source: it tells the model nothing and would only make prompts differ).
 */
public final class TaskText {

    private static final Pattern TAG = Pattern.compile("\\s*\\[[^\\]\\s]+\\]$");

    private TaskText() {}

    /** The task text the endpoint prompts show. */
    public static String of(Task task) {
        String text = task.describe().strip();
        String stripped = TAG.matcher(text).replaceFirst("");
        return stripped.isBlank() ? text : stripped;
    }
}
