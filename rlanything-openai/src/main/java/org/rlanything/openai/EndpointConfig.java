package org.rlanything.openai;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One OpenAI-compatible chat-completions endpoint as a role (policy, judge or rewriter) uses it.
 * Immutable and validated on construction; every message names the offending key.
 *
 * <p>The API key itself is never part of the config: {@code api_key_env} names the environment
 * variable that holds it, and {@link #apiKey(Function)} reads it at the moment a client is made. So
 * the key cannot reach a run folder, a log line or {@link #toString()} through the config.
 *
 * @param baseUrl {@code base_url}: the server's API root, for example {@code
 *     http://localhost:8000/v1} (vLLM); requests go to {@code base_url + "/chat/completions"}
 * @param model {@code model}: the model name the server expects
 * @param apiKeyEnv {@code api_key_env}: the NAME of the environment variable holding the key; empty
 *     for a server without authentication
 * @param temperature {@code temperature}: sampling temperature, 0 to 2
 * @param topP {@code top_p}: nucleus sampling mass, above 0 and at most 1
 * @param maxTokens {@code max_tokens}: the most tokens one reply may have
 * @param timeoutS {@code timeout_s}: seconds one try may take (connecting and receiving the reply)
 * @param maxConcurrency {@code max_concurrency}: the most requests in flight at once
 * @param maxRetries {@code max_retries}: retries after the first try (timeouts, connection
 *     failures, 429, 5xx)
 */
public record EndpointConfig(
        String baseUrl,
        String model,
        String apiKeyEnv,
        double temperature,
        double topP,
        int maxTokens,
        double timeoutS,
        int maxConcurrency,
        int maxRetries) {

    /** The config keys, in the order of the record's components. */
    public static final List<String> KEYS =
            List.of(
                    "base_url",
                    "model",
                    "api_key_env",
                    "temperature",
                    "top_p",
                    "max_tokens",
                    "timeout_s",
                    "max_concurrency",
                    "max_retries");

    /** vLLM's default address. */
    public static final String DEFAULT_BASE_URL = "http://localhost:8000/v1";

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public EndpointConfig {
        Objects.requireNonNull(baseUrl, "base_url");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKeyEnv, "api_key_env");
        baseUrl = baseUrl.strip();
        while (baseUrl.endsWith("/")) {
            baseUrl = baseUrl.substring(0, baseUrl.length() - 1);
        }
        checkUrl(baseUrl);
        if (model.isBlank()) {
            throw new org.rlanything.core.BadInputException(
                    "model must name the served model, got an empty name.");
        }
        if (!apiKeyEnv.isEmpty() && !ENV_NAME.matcher(apiKeyEnv).matches()) {
            throw new org.rlanything.core.BadInputException(
                    "api_key_env must be the NAME of an environment variable (letters, "
                            + "digits, _), not the key itself; got a value of "
                            + apiKeyEnv.length()
                            + " characters.");
        }
        check(temperature >= 0 && temperature <= 2, "temperature", temperature, "between 0 and 2");
        check(topP > 0 && topP <= 1, "top_p", topP, "above 0 and at most 1");
        check(
                maxTokens >= 1 && maxTokens <= 1_000_000,
                "max_tokens",
                maxTokens,
                "between 1 and 1000000");
        check(timeoutS > 0 && timeoutS <= 3600, "timeout_s", timeoutS, "above 0 and at most 3600");
        check(
                maxConcurrency >= 1 && maxConcurrency <= 1024,
                "max_concurrency",
                maxConcurrency,
                "between 1 and 1024");
        check(maxRetries >= 0 && maxRetries <= 100, "max_retries", maxRetries, "between 0 and 100");
    }

    /**
     * The defaults for {@code model}: vLLM's address, no key, temperature 0.8, top_p 0.95, 2000
     * tokens (method.md §7, text games' policy), 120 s per try, 8 requests in flight, 4 retries.
     */
    public static EndpointConfig defaults(String model) {
        return new EndpointConfig(DEFAULT_BASE_URL, model, "", 0.8, 0.95, 2000, 120, 8, 4);
    }

    /**
     * The defaults of a role, from method.md §7 (text games): {@code policy} as {@link #defaults};
     * the judge ({@code reward_model}) and the {@code rewriter} at temperature 0.8, top_p 1, and
     * 4000 and 8192 tokens.
     */
    public static EndpointConfig defaults(String role, String model) {
        EndpointConfig d = defaults(model);
        switch (role) {
            case "policy":
                return d;
            case "reward_model":
                return wholeNucleus(d, 4000);
            case "rewriter":
                return wholeNucleus(d, 8192);
            default:
                throw new org.rlanything.core.BadInputException(
                        "An endpoint role is policy, reward_model or rewriter, got '"
                                + role
                                + "'.");
        }
    }

    /**
     * {@code d} sampling the whole distribution (top_p 1) with replies of up to {@code maxTokens}.
     */
    private static EndpointConfig wholeNucleus(EndpointConfig d, int maxTokens) {
        return new EndpointConfig(
                d.baseUrl,
                d.model,
                d.apiKeyEnv,
                d.temperature,
                1.0,
                maxTokens,
                d.timeoutS,
                d.maxConcurrency,
                d.maxRetries);
    }

    /**
     * Reads a config section ({@code policy:} of a run config) over the defaults of {@code role}
     * ({@link #defaults(String, String)}): unknown keys, wrong types and a missing {@code model}
     * are refused with the key's full name ({@code policy.top_p}). Keys that the role itself reads
     * (for example {@code kind}) are passed in {@code ignored}.
     */
    public static EndpointConfig fromMap(
            String section, String role, Map<String, ?> values, List<String> ignored) {
        Map<String, Object> v = new LinkedHashMap<>();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (!KEYS.contains(e.getKey()) && !ignored.contains(e.getKey())) {
                throw new org.rlanything.core.BadInputException(
                        section
                                + "."
                                + e.getKey()
                                + " is not an endpoint key; the keys "
                                + "are "
                                + String.join(", ", KEYS)
                                + ".");
            }
            v.put(e.getKey(), e.getValue());
        }
        if (v.get("model") == null) {
            throw new org.rlanything.core.BadInputException(
                    section + ".model is required: the name of the served model.");
        }
        try {
            EndpointConfig defaults = defaults(role, text(section, v, "model", ""));
            return new EndpointConfig(
                    text(section, v, "base_url", defaults.baseUrl()),
                    text(section, v, "model", defaults.model()),
                    text(section, v, "api_key_env", defaults.apiKeyEnv()),
                    number(section, v, "temperature", defaults.temperature()),
                    number(section, v, "top_p", defaults.topP()),
                    integer(section, v, "max_tokens", defaults.maxTokens()),
                    number(section, v, "timeout_s", defaults.timeoutS()),
                    integer(section, v, "max_concurrency", defaults.maxConcurrency()),
                    integer(section, v, "max_retries", defaults.maxRetries()));
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(section + ".")) {
                throw e;
            }
            throw new org.rlanything.core.BadInputException(section + "." + e.getMessage(), e);
        }
    }

    /** {@code base_url (model NAME)}: how errors name this endpoint. */
    public String endpoint() {
        return baseUrl + " (model " + model + ")";
    }

    /** The chat-completions address. */
    public URI chatCompletionsUri() {
        return URI.create(baseUrl + "/chat/completions");
    }

    /**
     * The key from the variable {@code api_key_env} names, looked up in {@code environment} (in
     * production {@code System::getenv}); empty when {@code api_key_env} is empty.
     *
     * @throws IllegalArgumentException naming the variable (never a value) when it is unset or
     *     blank
     */
    public Optional<String> apiKey(Function<String, String> environment) {
        if (apiKeyEnv.isEmpty()) {
            return Optional.empty();
        }
        String key = environment.apply(apiKeyEnv);
        if (key == null || key.isBlank()) {
            throw new org.rlanything.core.BadInputException(
                    "api_key_env names the environment variable "
                            + apiKeyEnv
                            + " for the key of "
                            + endpoint()
                            + ", and it is not set.");
        }
        return Optional.of(key.strip());
    }

    private static void checkUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            if (scheme == null
                    || !(scheme.equals("http") || scheme.equals("https"))
                    || uri.getHost() == null) {
                throw new org.rlanything.core.BadInputException(
                        "base_url must be an http:// or https:// address with a host, "
                                + "got '"
                                + url
                                + "'.");
            }
            if (uri.getUserInfo() != null || uri.getQuery() != null) {
                throw new org.rlanything.core.BadInputException(
                        "base_url must not hold credentials or a query (put the key in "
                                + "the variable api_key_env names); got an address with "
                                + (uri.getUserInfo() != null ? "user information." : "a query."));
            }
        } catch (URISyntaxException e) {
            throw new org.rlanything.core.BadInputException(
                    "base_url is not a valid address: " + e.getReason() + ".", e);
        }
    }

    private static void check(boolean ok, String key, double value, String range) {
        if (!ok || Double.isNaN(value)) {
            throw new org.rlanything.core.BadInputException(
                    key + " (" + format(value) + ") must be " + range + ".");
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }

    private static String text(String section, Map<String, Object> v, String key, String fallback) {
        Object value = Objects.requireNonNullElse(v.get(key), fallback);
        if (!(value instanceof String text)) {
            throw new org.rlanything.core.BadInputException(
                    section + "." + key + " must be text, got " + value + ".");
        }
        return text;
    }

    private static double number(
            String section, Map<String, Object> v, String key, double fallback) {
        Object value = Objects.requireNonNullElse(v.get(key), fallback);
        if (!(value instanceof Number number)) {
            throw new org.rlanything.core.BadInputException(
                    section + "." + key + " must be a number, got '" + value + "'.");
        }
        return number.doubleValue();
    }

    private static int integer(String section, Map<String, Object> v, String key, int fallback) {
        Object value = Objects.requireNonNullElse(v.get(key), fallback);
        if (!(value instanceof Integer || value instanceof Long || value instanceof Short)) {
            throw new org.rlanything.core.BadInputException(
                    section + "." + key + " must be an integer, got '" + value + "'.");
        }
        long n = ((Number) value).longValue();
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw new org.rlanything.core.BadInputException(
                    section + "." + key + " (" + n + ") is out of range.");
        }
        return (int) n;
    }
}
