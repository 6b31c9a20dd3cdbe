package org.rlanything.neural;

import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.ModelHooks;

/**
 * {@link GenericPromptFormat}s for an environment that says what it is ({@link
 * EnvironmentDescription}): the judge's prompt opens with one line built from the description, the
 * action format and the example ("You judge one step of an agent in DESCRIPTION. An action is
 * FORMAT, for example: EXAMPLE."), then the judge's generic prompt; the policy's prompt is its
 * generic one (its window is spent on the state). Without a description the judge's prompt is the
 * generic one too. The policy and the judge may show different lengths of history.
 *
 * @param base the policy's generic format (the commands too)
 * @param judge the judge's generic format
 * @param preamble the judge's opening line with its newline; empty for none
 */
public record DescribedPromptFormat(
        GenericPromptFormat base, GenericPromptFormat judge, String preamble)
        implements PromptFormat {

    public DescribedPromptFormat {
        java.util.Objects.requireNonNull(base, "base");
        java.util.Objects.requireNonNull(judge, "judge");
        preamble = preamble == null ? "" : preamble;
    }

    /**
     * The formats {@code policy} and {@code judge} with the preamble of what {@code hooks}
     * describe, if they describe anything.
     */
    public static DescribedPromptFormat of(
            GenericPromptFormat policy, GenericPromptFormat judge, ModelHooks hooks) {
        return new DescribedPromptFormat(
                policy, judge, hooks instanceof EnvironmentDescription d ? preamble(d) : "");
    }

    /** The judge's opening line for {@code d}; empty when its description is blank. */
    public static String preamble(EnvironmentDescription d) {
        String description = strip(d.description());
        if (description.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("You judge one step of an agent in ");
        sb.append(description).append('.');
        String format = strip(d.actionFormat());
        if (!format.isEmpty()) {
            sb.append(" An action is ").append(format);
            String example = strip(d.example());
            sb.append(example.isEmpty() ? "." : ", for example: " + example + ".");
        }
        return sb.append('\n').toString();
    }

    private static String strip(String text) {
        if (text == null) {
            return "";
        }
        String s = text.strip();
        return s.endsWith(".") ? s.substring(0, s.length() - 1).strip() : s;
    }

    @Override
    public String policyPrompt(PolicyContext context) {
        return base.policyPrompt(context);
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        return preamble + judge.judgePrompt(request);
    }

    @Override
    public String commandResponse(String command) {
        return base.commandResponse(command);
    }

    @Override
    public String commandFromText(String response) {
        return base.commandFromText(response);
    }
}
