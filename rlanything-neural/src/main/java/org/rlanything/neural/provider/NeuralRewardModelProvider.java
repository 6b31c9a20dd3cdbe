package org.rlanything.neural.provider;

import java.io.IOException;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/**
 * {@code reward_model.kind: neural}: the small generative judge, made by the environment's {@link
 * NeuralModels}.
 */
public final class NeuralRewardModelProvider
        implements RewardModelProvider<NeuralRewardModelConfig> {

    @Override
    public String kind() {
        return NeuralPolicyProvider.KIND;
    }

    @Override
    public Class<NeuralRewardModelConfig> configType() {
        return NeuralRewardModelConfig.class;
    }

    @Override
    public NeuralRewardModelConfig defaults() {
        return NeuralRewardModelConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            NeuralRewardModelConfig config, RunContext context, EnvironmentParts environment)
            throws IOException {
        if (environment.hooks() instanceof NeuralModels models) {
            return models.rewardModel(config);
        }
        throw environment.refuses(Section.REWARD_MODEL, NeuralPolicyProvider.KIND, "NeuralModels");
    }
}
