package org.rlanything.openai.provider;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.function.Function;
import org.rlanything.core.spi.Preflight;
import org.rlanything.core.spi.RewriterConfig;
import org.rlanything.openai.EndpointConfig;

/**
 * {@code rewriter.kind: openai}: a model behind an OpenAI-compatible chat-completions endpoint
 * rewrites tasks in the environment's text form (its task codec); the environment verifies each
 * before it becomes a candidate. Its keys are the endpoint's ({@link OpenAiEndpoint}), at the top
 * level of the section.
 *
 * @param endpoint the endpoint keys, at this role's defaults where the section leaves them out
 */
public record OpenAiRewriterConfig(OpenAiEndpoint endpoint) implements RewriterConfig, Preflight {

    /** Every key at its default (the model is still to be named). */
    public static final OpenAiRewriterConfig DEFAULTS =
            new OpenAiRewriterConfig(OpenAiEndpoint.UNSET);

    /** Fills the keys the section leaves out with this role's defaults and checks them. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public OpenAiRewriterConfig {
        endpoint = endpoint.filled("rewriter");
    }

    /** The section's keys (the record reads and writes them at the section's top level). */
    @Override
    @JsonValue
    public OpenAiEndpoint endpoint() {
        return endpoint;
    }

    /** The client's config; refuses a section without {@code model}. */
    EndpointConfig client() {
        return endpoint.client("rewriter");
    }

    @Override
    public void preflight(Function<String, String> environment) {
        endpoint.preflight("rewriter", environment);
    }
}
