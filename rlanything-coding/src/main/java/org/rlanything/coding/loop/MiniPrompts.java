package org.rlanything.coding.loop;

import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;

/**
 * The stack language's prompts, short enough for the embedded models: the policy reads the
 * statement and writes the program on one line after {@code Program:}; the test writer reads the
 * statement and writes one test after {@code TEST:} ({@code 3 4 -> 7}). Any text-generating backend
 * renders them with this format (it is offered as the environment's {@link PromptFormat}).
 */
public final class MiniPrompts implements PromptFormat {

    /** The language in one paragraph, shown to endpoint models (the embedded ones learn it). */
    public static final String LANGUAGE =
            "Programs are whitespace-separated tokens run on a stack of integers that starts as the"
                    + " input (bottom first); the final stack is the output. Tokens: integer"
                    + " literals; dup drop swap over rot; add sub mul div mod max min (pop b, pop"
                    + " a, push a op b); neg abs inc dec sq; sum (everything); size; [ ... ] times"
                    + " (pop n, run the block n times).";

    /** The policy's prompt for a problem. */
    public static String policyPrompt(MiniProblem problem) {
        return "Problem: " + problem.statement().strip() + "\nProgram:";
    }

    /** The test writer's prompt for a problem. */
    public static String testWriterPrompt(MiniProblem problem) {
        return "Problem: " + problem.statement().strip() + "\nTEST:";
    }

    /** The program in a response: its first non-blank line, stripped (empty when none). */
    public static String program(String response) {
        return response.strip().lines().findFirst().orElse("").strip();
    }

    @Override
    public String policyPrompt(PolicyContext context) {
        return context.observation();
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        return testWriterPrompt(MiniEnvironment.problem(request.task()));
    }

    @Override
    public String commandFromText(String response) {
        return program(response);
    }
}
