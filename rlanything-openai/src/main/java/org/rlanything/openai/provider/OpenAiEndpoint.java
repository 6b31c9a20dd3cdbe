package org.rlanything.openai.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.openai.EndpointConfig;

/**
 * The endpoint keys of an {@code openai} section, declared once for the three roles that read them
 * ({@code policy}, {@code reward_model} and {@code rewriter}; each role's record holds one of
 * these, with the keys at the top level of its section in YAML). A key left out takes the role's
 * default ({@link EndpointConfig#defaults(String, String)}), filled in by {@link #filled(String)}.
 *
 * @param baseUrl the API root; requests go to {@code base_url/chat/completions} (default vLLM's
 *     {@code http://localhost:8000/v1})
 * @param model the served model's name (required)
 * @param apiKeyEnv the NAME of the environment variable holding the API key (default none); the key
 *     itself is never written anywhere
 * @param temperature sampling temperature, 0 to 2 (default 0.8)
 * @param topP nucleus mass, above 0 and at most 1 (default 0.95 for the policy, 1 for the judge and
 *     the rewriter)
 * @param maxTokens the most tokens of one reply (default 2000 for the policy, 4000 for the judge,
 *     8192 for the rewriter)
 * @param timeoutS seconds one try may take (default 120)
 * @param maxConcurrency requests in flight at once (default 8)
 * @param maxRetries retries on timeouts, connection failures, 429 and 5xx (default 4)
 */
public record OpenAiEndpoint(
        String baseUrl,
        String model,
        String apiKeyEnv,
        Double temperature,
        Double topP,
        Integer maxTokens,
        Double timeoutS,
        Integer maxConcurrency,
        Integer maxRetries) {

    /** No key set: every key at its role's default, the model still to be named. */
    public static final OpenAiEndpoint UNSET =
            new OpenAiEndpoint(null, null, null, null, null, null, null, null, null);

    /**
     * These keys with the keys left out at {@code role}'s defaults, checked (each failure names its
     * key); the model may stay unset until a client is made ({@link #client(String)}).
     */
    OpenAiEndpoint filled(String role) {
        EndpointConfig filled =
                check(
                        role,
                        baseUrl,
                        model,
                        apiKeyEnv,
                        temperature,
                        topP,
                        maxTokens,
                        timeoutS,
                        maxConcurrency,
                        maxRetries);
        return new OpenAiEndpoint(
                filled.baseUrl(),
                model,
                filled.apiKeyEnv(),
                filled.temperature(),
                filled.topP(),
                filled.maxTokens(),
                filled.timeoutS(),
                filled.maxConcurrency(),
                filled.maxRetries());
    }

    /** The client's config for section {@code role}; refuses a section without {@code model}. */
    EndpointConfig client(String role) {
        return new EndpointConfig(
                baseUrl,
                require(role, model),
                apiKeyEnv,
                temperature,
                topP,
                maxTokens,
                timeoutS,
                maxConcurrency,
                maxRetries);
    }

    /**
     * Checks the endpoint of section {@code role} (its key variable, that it answers and takes the
     * key) before any local set-up.
     */
    void preflight(String role, java.util.function.Function<String, String> environment) {
        org.rlanything.openai.EndpointProbe.check(role, client(role), environment);
    }

    private static EndpointConfig check(
            String role,
            String baseUrl,
            String model,
            String apiKeyEnv,
            Double temperatureOrNull,
            Double topPOrNull,
            Integer maxTokensOrNull,
            Double timeoutSOrNull,
            Integer maxConcurrencyOrNull,
            Integer maxRetriesOrNull) {
        EndpointConfig d = EndpointConfig.defaults(role, "?");
        baseUrl = baseUrl == null ? d.baseUrl() : baseUrl;
        apiKeyEnv = apiKeyEnv == null ? d.apiKeyEnv() : apiKeyEnv;
        double temperature = temperatureOrNull == null ? d.temperature() : temperatureOrNull;
        double topP = topPOrNull == null ? d.topP() : topPOrNull;
        int maxTokens = maxTokensOrNull == null ? d.maxTokens() : maxTokensOrNull;
        double timeoutS = timeoutSOrNull == null ? d.timeoutS() : timeoutSOrNull;
        int maxConcurrency =
                maxConcurrencyOrNull == null ? d.maxConcurrency() : maxConcurrencyOrNull;
        int maxRetries = maxRetriesOrNull == null ? d.maxRetries() : maxRetriesOrNull;
        Check.between("temperature", temperature, 0.0, 0.0, 2.0);
        Check.between("max_tokens", maxTokens, 1, 1, 1_000_000);
        Check.between("max_concurrency", maxConcurrency, 1, 1, 1024);
        Check.between("max_retries", maxRetries, 0, 0, 100);
        if (!(topP > 0 && topP <= 1)) {
            throw new InvalidValueException(
                    "top_p", "expected a number > 0 and <= 1, got " + topP + ".");
        }
        Check.positive("timeout_s", timeoutS, 1.0, 3600.0);
        if (model != null && model.isBlank()) {
            throw new InvalidValueException(
                    "model", "expected the served model's name, got an empty text.");
        }
        try {
            return new EndpointConfig(
                    baseUrl,
                    model == null ? "?" : model,
                    apiKeyEnv,
                    temperature,
                    topP,
                    maxTokens,
                    timeoutS,
                    maxConcurrency,
                    maxRetries);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            String key = message.startsWith("api_key_env") ? "api_key_env" : "base_url";
            throw new InvalidValueException(key, message);
        }
    }

    /** Refuses a section without {@code model}, naming the key. */
    private static String require(String section, String model) {
        if (model == null) {
            throw new IllegalArgumentException(
                    section
                            + ".model is required: the name of the model the endpoint "
                            + "serves (for vLLM, the name given to 'vllm serve' or its --served-model-name).");
        }
        return model;
    }
}
