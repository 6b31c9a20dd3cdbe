package org.rlanything.linear.provider;

import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.Optimizer;

/**
 * {@code reward_model.kind: element}: a {@link LinearJudge} on the environment's own {@code
 * StepFeatures} (refused where it offers none), with plain SGD, one step per update and no penalty,
 * starting as a coin (zero weights) and taught by the consistency reward alone. The name is the one
 * MiniWoB++'s configs have always used for its embedded judge.
 */
public final class ElementJudgeProvider implements RewardModelProvider<ElementJudgeConfig> {

    @Override
    public String kind() {
        return ElementPolicyProvider.KIND;
    }

    @Override
    public Class<ElementJudgeConfig> configType() {
        return ElementJudgeConfig.class;
    }

    @Override
    public ElementJudgeConfig defaults() {
        return ElementJudgeConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            ElementJudgeConfig config, RunContext context, EnvironmentParts environment) {
        var features =
                LinearRewardModelProvider.ownFeatures(
                        Section.REWARD_MODEL, ElementPolicyProvider.KIND, environment, context);
        return new LinearJudge(features, Optimizer.Kind.SGD, config.learningRate(), 1, 0)
                .withTemperature(config.temperature());
    }
}
