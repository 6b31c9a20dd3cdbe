package org.rlanything.linear.provider;

import java.nio.file.Path;
import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.Optimizer;
import org.rlanything.linear.StepSizing;

/**
 * {@code policy.kind: linear}: a softmax policy over the environment's step features (its {@code
 * StepFeatures} hook, else hashed words).
 */
public final class LinearPolicyProvider implements PolicyProvider<LinearPolicyConfig> {

    @Override
    public String kind() {
        return LinearRewardModelProvider.KIND;
    }

    @Override
    public Class<LinearPolicyConfig> configType() {
        return LinearPolicyConfig.class;
    }

    @Override
    public LinearPolicyConfig defaults() {
        return LinearPolicyConfig.DEFAULTS;
    }

    @Override
    public Policy create(
            LinearPolicyConfig config, RunContext context, EnvironmentParts environment) {
        var features =
                LinearRewardModelProvider.features(
                        "policy", environment, config.hashDimension(), context);
        LinearPolicy policy =
                new LinearPolicy(
                        features,
                        ChoiceKey.constant(Optimizer.Kind.class, config.optimizer()),
                        config.learningRate(),
                        config.optimizerSteps(),
                        config.temperature(),
                        config.l2(),
                        config.clip());
        policy.withKlToStart(config.klToStart());
        policy.withEntropyBonus(config.entropyBonus()).withEntropyTarget(config.entropyTarget());
        policy.withStepSizing(ChoiceKey.constant(StepSizing.class, config.stepSizing()));
        if (config.init() != null) {
            policy.startFrom(Path.of(config.init()));
        } else {
            LinearStart start = LinearStart.of(environment, context);
            if (start != null) {
                policy.startWith(start.policy());
            }
        }
        return policy;
    }
}
