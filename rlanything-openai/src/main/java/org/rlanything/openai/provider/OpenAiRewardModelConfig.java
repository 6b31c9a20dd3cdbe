package org.rlanything.openai.provider;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.function.Function;
import org.rlanything.core.spi.Preflight;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.openai.EndpointConfig;

/**
 * {@code reward_model.kind: openai}: a model behind an OpenAI-compatible chat-completions endpoint
 * judges each step (method.md §4, m samples per step); the loop does not train it and exports its
 * samples instead. Its keys are the endpoint's ({@link OpenAiEndpoint}), at the top level of the
 * section.
 *
 * @param endpoint the endpoint keys, at this role's defaults where the section leaves them out
 */
public record OpenAiRewardModelConfig(OpenAiEndpoint endpoint)
        implements RewardModelConfig, Preflight {

    /** Every key at its default (the model is still to be named). */
    public static final OpenAiRewardModelConfig DEFAULTS =
            new OpenAiRewardModelConfig(OpenAiEndpoint.UNSET);

    /** Fills the keys the section leaves out with this role's defaults and checks them. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public OpenAiRewardModelConfig {
        endpoint = endpoint.filled("reward_model");
    }

    /** The section's keys (the record reads and writes them at the section's top level). */
    @Override
    @JsonValue
    public OpenAiEndpoint endpoint() {
        return endpoint;
    }

    /** The client's config; refuses a section without {@code model}. */
    EndpointConfig client() {
        return endpoint.client("reward_model");
    }

    @Override
    public void preflight(Function<String, String> environment) {
        endpoint.preflight("reward_model", environment);
    }
}
