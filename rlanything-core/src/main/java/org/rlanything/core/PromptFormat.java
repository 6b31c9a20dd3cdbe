package org.rlanything.core;

/**
 * Renders what the policy and the reward model read, and maps between responses and environment
 * commands. Environments with their own conventions (for example a compact ALFWorld prompt) plug in
 * their own implementation; the neural backend's {@code GenericPromptFormat} is its default.
 * Nothing here is neural: any text-generating backend (an endpoint too) renders its prompts with
 * it.
 */
public interface PromptFormat {

    /** The policy's prompt for the next step (the response is appended right after it). */
    String policyPrompt(PolicyContext context);

    /** The reward model's prompt for judging one step (the judgment is appended right after it). */
    String judgePrompt(JudgeRequest request);

    /**
     * The response text that stands for choosing an admissible command (default: the command
     * itself).
     */
    default String commandResponse(String command) {
        return command;
    }

    /** The environment command contained in a free-text response (default: the stripped text). */
    default String commandFromText(String response) {
        return response.strip();
    }
}
