package org.rlanything.core.judge;

import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;

/**
 * {@code reward_model.kind: label}: the controlled judge of the judge-quality sweep ({@link
 * LabelJudge}); works with any environment whose steps carry labels.
 */
public final class LabelJudgeProvider implements RewardModelProvider<LabelRewardModelConfig> {

    @Override
    public String kind() {
        return "label";
    }

    @Override
    public Class<LabelRewardModelConfig> configType() {
        return LabelRewardModelConfig.class;
    }

    @Override
    public LabelRewardModelConfig defaults() {
        return LabelRewardModelConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            LabelRewardModelConfig config, RunContext context, EnvironmentParts environment) {
        return new LabelJudge(config.flipProbability(), config.restrained());
    }
}
