package org.rlanything.neural.provider;

import java.io.IOException;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/**
 * {@code reward_model.kind: neural}: the small generative judge, made by the environment's {@link
 * NeuralModels}, or an imported chat model reading the household chat form ({@link
 * EnvironmentModels}).
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
        return EnvironmentModels.of(environment, context, Section.REWARD_MODEL, config.init())
                .rewardModel(config);
    }
}
