package org.rlanything.coding.loop;

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
 * What a coding environment ({@code coding}, {@code coding-mini}) offers the model kinds: neural
 * models for the {@code neural} kinds (embedded ones, or imported ones from {@code init} folders)
 * and its endpoint roles for the {@code openai} kinds.
 *
 * @param neural the neural models
 * @param endpoints the endpoint roles
 */
public record CodingHooks(NeuralModels neural, EndpointRoles endpoints)
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
