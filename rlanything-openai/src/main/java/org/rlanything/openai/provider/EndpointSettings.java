package org.rlanything.openai.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.openai.EndpointConfig;

/** The checks and conversion shared by the endpoint kinds' settings records. */
final class EndpointSettings {

    private EndpointSettings() {}

    /**
     * Checks the keys (each failure names its key) and returns the client's config; {@code model}
     * may still be null here (a section's defaults), then {@link #require} refuses it when a model
     * is made.
     */
    static EndpointConfig check(
            String baseUrl,
            String model,
            String apiKeyEnv,
            double temperature,
            double topP,
            int maxTokens,
            double timeoutS,
            int maxConcurrency,
            int maxRetries) {
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
