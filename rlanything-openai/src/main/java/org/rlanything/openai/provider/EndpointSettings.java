package org.rlanything.openai.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.openai.EndpointConfig;

/** The checks and conversion shared by the endpoint kinds' settings records. */
final class EndpointSettings {

    private EndpointSettings() {}

    /**
     * Fills the keys a section leaves out with {@code role}'s defaults, checks them (each failure
     * names its key) and returns the client's config; {@code model} may still be null here (a
     * section's defaults, shown as "?"), then {@link #require} refuses it when a model is made.
     */
    static EndpointConfig check(
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
    static String require(String section, String model) {
        if (model == null) {
            throw new IllegalArgumentException(
                    section
                            + ".model is required: the name of the model the endpoint "
                            + "serves (for vLLM, the name given to 'vllm serve' or its --served-model-name).");
        }
        return model;
    }
}
