package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EndpointConfigTest {

    private static String error(Map<String, ?> values) {
        Map<String, Object> withModel = new java.util.HashMap<>(values);
        withModel.putIfAbsent("model", "qwen");
        return assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                EndpointConfig.fromMap(
                                        "policy", "policy", withModel, List.of("kind")))
                .getMessage();
    }

    @Test
    void readsASectionOverTheDefaults() {
        EndpointConfig c =
                EndpointConfig.fromMap(
                        "policy",
                        "policy",
                        Map.of(
                                "kind",
                                "openai",
                                "model",
                                "qwen",
                                "base_url",
                                "http://h:1/v1/",
                                "temperature",
                                0.2,
                                "max_retries",
                                1,
                                "api_key_env",
                                "OPENAI_API_KEY"),
                        List.of("kind"));
        assertEquals("http://h:1/v1", c.baseUrl());
        assertEquals("qwen", c.model());
        assertEquals(0.2, c.temperature());
        assertEquals(1, c.maxRetries());
        assertEquals(0.95, c.topP());
        assertEquals("http://h:1/v1/chat/completions", c.chatCompletionsUri().toString());
        assertEquals("http://h:1/v1 (model qwen)", c.endpoint());
    }

    @Test
    void roleDefaultsFollowTheMethod() {
        assertEquals(2000, EndpointConfig.defaults("policy", "m").maxTokens());
        assertEquals(4000, EndpointConfig.defaults("reward_model", "m").maxTokens());
        assertEquals(8192, EndpointConfig.defaults("rewriter", "m").maxTokens());
        assertEquals(1.0, EndpointConfig.defaults("rewriter", "m").topP());
        assertThrows(IllegalArgumentException.class, () -> EndpointConfig.defaults("critic", "m"));
    }

    @Test
    void errorsNameTheKey() {
        assertTrue(
                error(Map.of("temprature", 1.0))
                        .startsWith("policy.temprature is not an endpoint key"));
        assertTrue(
                error(Map.of("temperature", 3.0))
                        .startsWith("policy.temperature (3) must be between 0 and 2"));
        assertTrue(error(Map.of("top_p", 0.0)).startsWith("policy.top_p (0)"));
        assertTrue(error(Map.of("max_tokens", 0)).startsWith("policy.max_tokens (0)"));
        assertTrue(
                error(Map.of("max_tokens", 2.5))
                        .startsWith("policy.max_tokens must be an integer"));
        assertTrue(error(Map.of("timeout_s", "5")).startsWith("policy.timeout_s must be a number"));
        assertTrue(error(Map.of("max_concurrency", 0)).startsWith("policy.max_concurrency (0)"));
        assertTrue(error(Map.of("max_retries", -1)).startsWith("policy.max_retries (-1)"));
        assertTrue(
                error(Map.of("base_url", "localhost:8000"))
                        .startsWith("policy.base_url must be an http"));
        assertTrue(
                error(Map.of("base_url", "http://u:p@h/v1"))
                        .startsWith("policy.base_url must not hold credentials"));
        assertTrue(error(Map.of("model", " ")).startsWith("policy.model"));
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        EndpointConfig.fromMap(
                                                "reward_model",
                                                "reward_model",
                                                Map.of(),
                                                List.of()))
                        .getMessage()
                        .startsWith("reward_model.model is required"));
        assertEquals(
                4000,
                EndpointConfig.fromMap(
                                "reward_model", "reward_model", Map.of("model", "j"), List.of())
                        .maxTokens());
    }
}
