package org.rlanything.chat;

/**
 * The chat form every environment without its own roles is served with: the {@code openai} kinds
 * send it (the endpoint policy and judge over {@link TaskText}, with {@link HouseholdPrompts}), and
 * a local chat model reads the same turns ({@link #PROMPTS}). ALFWorld and MiniWoB++ use it: the
 * task, recent steps, the observation and the numbered admissible commands; the command or its
 * index in {@code \boxed{}}, the verdict {@code \boxed{1}} or {@code \boxed{-1}}, read after any
 * thinking.
 */
public final class HouseholdChat {

    /** Earlier steps a policy prompt shows. */
    public static final int POLICY_HISTORY = 10;

    /** Earlier steps a judge prompt shows. */
    public static final int JUDGE_HISTORY = 20;

    /** Observations are cut to this many characters. */
    public static final int MAX_OBSERVATION_CHARS = 1000;

    /** The turns and reply parsers of the endpoint kinds, for a local chat model. */
    public static final ChatPrompts PROMPTS =
            ChatPrompts.household(
                    TaskText::of, POLICY_HISTORY, JUDGE_HISTORY, MAX_OBSERVATION_CHARS);

    private HouseholdChat() {}
}
