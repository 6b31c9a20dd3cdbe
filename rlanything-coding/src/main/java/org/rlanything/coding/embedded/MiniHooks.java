package org.rlanything.coding.embedded;

import java.io.IOException;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Rewriter;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointRoles;

/**
 * What the {@code coding-mini} environment offers the model kinds: its embedded neural models for
 * the {@code neural} kinds and its stack-language endpoint roles for the {@code openai} kinds.
 *
 * @param neural the embedded models
 * @param endpoints the endpoint roles
 */
record MiniHooks(NeuralModels neural, EndpointRoles endpoints)
        implements NeuralModels, EndpointRoles {

    @Override
    public Policy policy(NeuralPolicyConfig config) throws IOException {
        return neural.policy(config);
    }

    @Override
    public RewardModel rewardModel(NeuralRewardModelConfig config) throws IOException {
        return neural.rewardModel(config);
    }

    @Override
    public Policy policy(ChatClient client) {
        return endpoints.policy(client);
    }

    @Override
    public RewardModel rewardModel(ChatClient client) {
        return endpoints.rewardModel(client);
    }

    @Override
    public Rewriter rewriter(ChatClient client) {
        return endpoints.rewriter(client);
    }
}
