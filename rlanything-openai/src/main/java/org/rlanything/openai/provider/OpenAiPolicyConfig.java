package org.rlanything.openai.provider;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.function.Function;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.Preflight;
import org.rlanything.openai.EndpointConfig;

/**
 * {@code policy.kind: openai}: a model behind an OpenAI-compatible chat-completions endpoint acts;
 * the loop does not train it (its update changes nothing) and exports its samples instead. Its keys
 * are the endpoint's ({@link OpenAiEndpoint}), at the top level of the section.
 *
 * @param endpoint the endpoint keys, at this role's defaults where the section leaves them out
 */
public record OpenAiPolicyConfig(OpenAiEndpoint endpoint) implements PolicyConfig, Preflight {

    /** Every key at its default (the model is still to be named). */
    public static final OpenAiPolicyConfig DEFAULTS = new OpenAiPolicyConfig(OpenAiEndpoint.UNSET);

    /** Fills the keys the section leaves out with this role's defaults and checks them. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public OpenAiPolicyConfig {
        endpoint = endpoint.filled("policy");
    }

    /** The section's keys (the record reads and writes them at the section's top level). */
    @Override
    @JsonValue
    public OpenAiEndpoint endpoint() {
        return endpoint;
    }

    /** The client's config; refuses a section without {@code model}. */
    EndpointConfig client() {
        return endpoint.client("policy");
    }

    @Override
    public void preflight(Function<String, String> environment) {
        endpoint.preflight("policy", environment);
    }
}
