package org.rlanything.coding.loop;

import org.rlanything.coding.EndpointCodingModels;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;

/**
 * The Python problems' prompts as plain text, for a model without a chat template: the policy reads
 * the environment's observation ({@link EndpointCodingModels#policyPrompt}: the statement and the
 * answer format) and its program is the last fenced block of its answer; the test writer reads
 * {@link EndpointCodingModels#testWriterPrompt}. A chat model reads {@link
 * CodingEndpointRoles#PROBLEMS}, the same contents as system and user turns.
 */
public final class CodingPrompts implements PromptFormat {

    @Override
    public String policyPrompt(PolicyContext context) {
        return context.observation();
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        return EndpointCodingModels.testWriterPrompt(CodingEnvironment.problem(request.task()));
    }

    @Override
    public String commandFromText(String response) {
        return CodingEnvironment.program(response);
    }
}
