package org.rlanything.openai.provider;

import java.util.Objects;
import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.openai.EndpointConfig;
import org.rlanything.openai.PromptText;

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
 * @param prompt the environment's words in the policy's and the judge's system messages: {@code
 *     description} (a noun phrase), {@code action_format} and {@code example}; each one set here
 *     replaces what the environment says about itself (default: the environment's words)
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
        Integer maxRetries,
        PromptText prompt) {

    /** No key set: every key at its role's default, the model still to be named. */
    public static final OpenAiEndpoint UNSET =
            new OpenAiEndpoint(null, null, null, null, null, null, null, null, null, null);

    /**
     * These keys with the keys left out at {@code role}'s defaults, checked (each failure names its
     * key); the model may stay unset until a client is made ({@link #client(String)}).
     */
    OpenAiEndpoint filled(String role) {
        EndpointConfig filled = checked(role);
        return new OpenAiEndpoint(
                filled.baseUrl(),
                model,
                filled.apiKeyEnv(),
                filled.temperature(),
                filled.topP(),
                filled.maxTokens(),
                filled.timeoutS(),
                filled.maxConcurrency(),
                filled.maxRetries(),
                prompt);
    }

    /** The prompt's words: the config's where set, the environment's ({@code hooks}) elsewhere. */
    PromptText promptText(org.rlanything.core.spi.ModelHooks hooks) {
        PromptText environment = PromptText.of(hooks);
        return prompt == null ? environment : prompt.over(environment);
    }

    /** The client's config for section {@code role}; refuses a section without {@code model}. */
    EndpointConfig client(String role) {
        return config(require(role, model));
    }

    /**
     * Checks the endpoint of section {@code role} (its key variable, that it answers and takes the
     * key) before any local set-up.
     */
    void preflight(String role, java.util.function.Function<String, String> environment) {
        org.rlanything.openai.EndpointProbe.check(role, client(role), environment);
    }

    /**
     * These keys over {@code role}'s defaults, checked key by key (temperature, max_tokens,
     * max_concurrency, max_retries, top_p, timeout_s, model, then the address and the key
     * variable); an unset model reads "?".
     */
    private EndpointConfig checked(String role) {
        EndpointConfig d = EndpointConfig.defaults(role, "?");
        double checkedTemperature =
                Check.between("temperature", temperature, d.temperature(), 0.0, 2.0);
        int checkedMaxTokens = Check.between("max_tokens", maxTokens, d.maxTokens(), 1, 1_000_000);
        int checkedConcurrency =
                Check.between("max_concurrency", maxConcurrency, d.maxConcurrency(), 1, 1024);
        int checkedRetries = Check.between("max_retries", maxRetries, d.maxRetries(), 0, 100);
        double checkedTopP = topP == null ? d.topP() : topP;
        if (!(checkedTopP > 0 && checkedTopP <= 1)) {
            throw new InvalidValueException(
                    "top_p", "expected a number > 0 and <= 1, got " + checkedTopP + ".");
        }
        double checkedTimeout = Check.positive("timeout_s", timeoutS, d.timeoutS(), 3600.0);
        if (model != null && model.isBlank()) {
            throw new InvalidValueException(
                    "model", "expected the served model's name, got an empty text.");
        }
        OpenAiEndpoint withDefaults =
                new OpenAiEndpoint(
                        Objects.requireNonNullElse(baseUrl, d.baseUrl()),
                        model,
                        Objects.requireNonNullElse(apiKeyEnv, d.apiKeyEnv()),
                        checkedTemperature,
                        checkedTopP,
                        checkedMaxTokens,
                        checkedTimeout,
                        checkedConcurrency,
                        checkedRetries,
                        prompt);
        try {
            return withDefaults.config(model == null ? "?" : model);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            String key = message.startsWith("api_key_env") ? "api_key_env" : "base_url";
            throw new InvalidValueException(key, message);
        }
    }

    /** These keys (all set) as the config of an endpoint serving {@code servedModel}. */
    private EndpointConfig config(String servedModel) {
        return new EndpointConfig(
                baseUrl,
                servedModel,
                apiKeyEnv,
                temperature,
                topP,
                maxTokens,
                timeoutS,
                maxConcurrency,
                maxRetries);
    }

    /** Refuses a section without {@code model}, naming the key. */
    private static String require(String section, String model) {
        if (model == null) {
            throw new org.rlanything.core.BadInputException(
                    section
                            + ".model is required: the name of the model the endpoint "
                            + "serves (for vLLM, the name given to 'vllm serve' or its --served-model-name).");
        }
        return model;
    }
}
