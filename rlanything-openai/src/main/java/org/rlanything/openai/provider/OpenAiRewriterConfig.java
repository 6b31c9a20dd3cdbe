package org.rlanything.openai.provider;

import org.rlanything.core.spi.RewriterConfig;
import org.rlanything.openai.EndpointConfig;

/**
 * {@code rewriter.kind: openai}: a model behind an OpenAI-compatible chat-completions endpoint
 * rewrites tasks in the environment's text form (its task codec); the environment verifies each
 * before it becomes a candidate.
 *
 * @param baseUrl the API root; requests go to {@code base_url/chat/completions} (default vLLM's
 *     {@code http://localhost:8000/v1})
 * @param model the served model's name (required)
 * @param apiKeyEnv the NAME of the environment variable holding the API key (default none); the key
 *     itself is never written anywhere
 * @param temperature sampling temperature, 0 to 2 (default 0.8)
 * @param topP nucleus mass, above 0 and at most 1 (default 1)
 * @param maxTokens the most tokens of one reply (default 8192)
 * @param timeoutS seconds one try may take (default 120)
 * @param maxConcurrency requests in flight at once (default 8)
 * @param maxRetries retries on timeouts, connection failures, 429 and 5xx (default 4)
 */
public record OpenAiRewriterConfig(
        String baseUrl,
        String model,
        String apiKeyEnv,
        Double temperature,
        Double topP,
        Integer maxTokens,
        Double timeoutS,
        Integer maxConcurrency,
        Integer maxRetries)
        implements RewriterConfig, org.rlanything.core.spi.Preflight {

    /** Every key at its default (the model is still to be named). */
    public static final OpenAiRewriterConfig DEFAULTS =
            new OpenAiRewriterConfig(null, null, null, null, null, null, null, null, null);

    public OpenAiRewriterConfig {
        EndpointConfig filled =
                EndpointSettings.check(
                        "rewriter",
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
                EndpointSettings.require("rewriter", model),
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
        org.rlanything.openai.EndpointProbe.check("rewriter", endpoint(), environment);
    }
}
