package org.rlanything.openai.provider;

import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.openai.EndpointConfig;

/**
 * {@code reward_model.kind: openai}: a model behind an OpenAI-compatible chat-completions endpoint
 * judges each step (method.md §4, m samples per step); the loop does not train it and exports its
 * samples instead.
 *
 * @param baseUrl the API root; requests go to {@code base_url/chat/completions} (default vLLM's
 *     {@code http://localhost:8000/v1})
 * @param model the served model's name (required)
 * @param apiKeyEnv the NAME of the environment variable holding the API key (default none); the key
 *     itself is never written anywhere
 * @param temperature sampling temperature, 0 to 2 (default 0.8)
 * @param topP nucleus mass, above 0 and at most 1 (default 1)
 * @param maxTokens the most tokens of one reply (default 4000)
 * @param timeoutS seconds one try may take (default 120)
 * @param maxConcurrency requests in flight at once (default 8)
 * @param maxRetries retries on timeouts, connection failures, 429 and 5xx (default 4)
 */
public record OpenAiRewardModelConfig(
        String baseUrl,
        String model,
        String apiKeyEnv,
        Double temperature,
        Double topP,
        Integer maxTokens,
        Double timeoutS,
        Integer maxConcurrency,
        Integer maxRetries)
        implements RewardModelConfig, org.rlanything.core.spi.Preflight {

    /** Every key at its default (the model is still to be named). */
    public static final OpenAiRewardModelConfig DEFAULTS =
            new OpenAiRewardModelConfig(null, null, null, null, null, null, null, null, null);

    public OpenAiRewardModelConfig {
        EndpointConfig filled =
                EndpointSettings.check(
                        "reward_model",
                        baseUrl,
                        model,
                        apiKeyEnv,
                        temperature,
                        topP,
                        maxTokens,
                        timeoutS,
                        maxConcurrency,
                        maxRetries);
        baseUrl = filled.baseUrl();
        apiKeyEnv = filled.apiKeyEnv();
        temperature = filled.temperature();
        topP = filled.topP();
        maxTokens = filled.maxTokens();
        timeoutS = filled.timeoutS();
        maxConcurrency = filled.maxConcurrency();
        maxRetries = filled.maxRetries();
    }

    /** The client's config; refuses a section without {@code model}. */
    EndpointConfig endpoint() {
        return new EndpointConfig(
                baseUrl,
                EndpointSettings.require("reward_model", model),
                apiKeyEnv,
                temperature,
                topP,
                maxTokens,
                timeoutS,
                maxConcurrency,
                maxRetries);
    }

    /** Checks the endpoint (its key variable, that it answers and takes the key) first. */
    @Override
    public void preflight(java.util.function.Function<String, String> environment) {
        org.rlanything.openai.EndpointProbe.check("reward_model", endpoint(), environment);
    }
}
