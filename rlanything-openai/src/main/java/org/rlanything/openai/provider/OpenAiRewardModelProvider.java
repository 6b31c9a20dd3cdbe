package org.rlanything.openai.provider;

import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointRoles;

/**
 * {@code reward_model.kind: openai}: the step judge is a model behind an OpenAI-compatible
 * endpoint.
 */
public final class OpenAiRewardModelProvider
        implements RewardModelProvider<OpenAiRewardModelConfig> {

    @Override
    public String kind() {
        return OpenAiPolicyProvider.KIND;
    }

    @Override
    public Class<OpenAiRewardModelConfig> configType() {
        return OpenAiRewardModelConfig.class;
    }

    @Override
    public OpenAiRewardModelConfig defaults() {
        return OpenAiRewardModelConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            OpenAiRewardModelConfig config, RunContext context, EnvironmentParts environment) {
        ChatClient client = ChatClient.builder(config.client()).role("reward_model").build();
        return environment.hooks() instanceof EndpointRoles roles
                ? new OpenAiJudge(client, roles.rewardModel(client))
                : new OpenAiJudge(client, config.endpoint().promptText(environment.hooks()));
    }
}
