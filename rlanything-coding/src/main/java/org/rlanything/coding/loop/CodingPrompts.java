package org.rlanything.coding.loop;

import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.UnitTestParser;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;

/**
 * The Python problems' prompts: the texts every model kind reads (the policy's system message and
 * prompt, the test writer's, the rewriter's system message), and as a {@link PromptFormat} the
 * plain text for a model without a chat template: the policy reads the environment's observation
 * ({@link #policyPrompt(CodingProblem)}: the statement and the answer format) and its program is
 * the last fenced block of its answer; the test writer reads {@link #testWriterPrompt}. A chat
 * model reads {@link CodingChat#PROBLEMS}, the same contents as system and user turns.
 */
public final class CodingPrompts implements PromptFormat {

    /** The policy's system message. */
    public static final String POLICY_SYSTEM =
            "You are an expert programmer. You solve programming problems with complete Python 3"
                    + " programs.";

    /** The test writer's system message. */
    public static final String TEST_WRITER_SYSTEM =
            "You write unit tests for programming problems: an input and its exact expected output.";

    /** The rewriter's system message. */
    public static final String REWRITER_SYSTEM =
            "You rewrite programming problems to make them harder or easier, keeping them valid and"
                    + " solvable.";

    /** The policy's prompt: the statement and the answer format (the last fenced block counts). */
    public static String policyPrompt(CodingProblem problem) {
        return problem.statement().strip()
                + "\n\nWrite a complete Python 3 program that reads standard input and writes"
                + " standard output. End your answer with the program in one ```python code block.";
    }

    /** The test writer's prompt: the statement and the test format {@link UnitTestParser} reads. */
    public static String testWriterPrompt(CodingProblem problem) {
        return problem.statement().strip()
                + "\n\nWrite one unit test for this problem. Think about what a wrong program would"
                + " get wrong, work out the exact expected output, then end your answer with:\n"
                + UnitTestParser.format(new StdioTest("<input>", "<expected output>"));
    }

    @Override
    public String policyPrompt(PolicyContext context) {
        return context.observation();
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        return testWriterPrompt(CodingEnvironment.problem(request.task()));
    }

    @Override
    public String commandFromText(String response) {
        return CodingEnvironment.program(response);
    }
}
