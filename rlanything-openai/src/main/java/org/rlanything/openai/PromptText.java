package org.rlanything.openai;

import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.ModelHooks;

/**
 * The environment's words in the endpoint kinds' system prompts: what the environment is (a noun
 * phrase), how an action is written, and an example action. They come from the environment ({@link
 * EnvironmentDescription}, from its hooks), and a config's {@code prompt} keys override each one;
 * an environment that says nothing gets {@link #GENERIC}.
 *
 * @param description the environment as a noun phrase ("a text-based household environment")
 * @param actionFormat how an action is written; empty: the listed actions speak for themselves
 * @param example one example action; empty: none is shown
 */
public record PromptText(String description, String actionFormat, String example) {

    /** ALFWorld's words (the endpoint kinds' only text before environments had their own). */
    public static final PromptText HOUSEHOLD =
            new PromptText("a text-based household environment", "", "go to countertop 1");

    /** The words for an environment that says nothing about itself. */
    public static final PromptText GENERIC = new PromptText("a text-based environment", "", "");

    public PromptText {
        description = description == null ? "" : description.strip();
        actionFormat = actionFormat == null ? "" : actionFormat.strip();
        example = example == null ? "" : example.strip();
    }

    /** What the environment of {@code hooks} says, its empty parts {@link #GENERIC}'s. */
    public static PromptText of(ModelHooks hooks) {
        if (hooks instanceof EnvironmentDescription described) {
            return new PromptText(
                            described.description(), described.actionFormat(), described.example())
                    .over(GENERIC);
        }
        return GENERIC;
    }

    /** These words where set (not empty), {@code base}'s elsewhere. */
    public PromptText over(PromptText base) {
        return new PromptText(
                description.isEmpty() ? base.description : description,
                actionFormat.isEmpty() ? base.actionFormat : actionFormat,
                example.isEmpty() ? base.example : example);
    }

    /** The policy's system message. */
    String policySystem() {
        return "You are an agent in "
                + withoutFinalStop(description)
                + ". Each turn you see your task, what happened so far, the current observation and"
                + " the admissible actions. Think briefly about what to do next, then give exactly"
                + " one admissible action inside \\boxed{}"
                + (actionFormat.isEmpty() ? "" : " (" + withoutFinalStop(actionFormat) + ")")
                + (example.isEmpty() ? "" : ", for example \\boxed{" + example + "}")
                + ".";
    }

    /** The judge's system message. */
    String judgeSystem() {
        return "You judge single steps of an agent acting in "
                + withoutFinalStop(description)
                + ".";
    }

    private static String withoutFinalStop(String text) {
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }
}
