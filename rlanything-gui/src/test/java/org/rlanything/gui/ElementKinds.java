package org.rlanything.gui;

import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.core.spi.RunContext;
import org.rlanything.gui.provider.MiniwobEnvironmentConfig;
import org.rlanything.gui.provider.MiniwobEnvironmentProvider;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.provider.ElementJudgeConfig;
import org.rlanything.linear.provider.ElementJudgeProvider;
import org.rlanything.linear.provider.ElementPolicyConfig;
import org.rlanything.linear.provider.ElementPolicyProvider;
import org.rlanything.testfixtures.SharedData;

/**
 * The {@code element} policy and judge as a MiniWoB++ run makes them: the linear kinds' presets on
 * the parts of {@code environment.kind: miniwob} (its step-features hook), for the tests of what
 * they learn from element lists. No browser starts.
 */
final class ElementKinds {

    private static final RunContext CONTEXT =
            new RunContext(
                    10086,
                    new MiniwobEnvironmentProvider().algorithmDefaults(),
                    5,
                    null,
                    new PolicyConfig() {},
                    new RewardModelConfig() {},
                    line -> {},
                    new LockstepRollouts(),
                    6);

    private ElementKinds() {}

    /** The miniwob kind's parts over the shared MiniWoB++ pages. */
    static EnvironmentParts miniwob() {
        return new MiniwobEnvironmentProvider()
                .create(
                        new MiniwobEnvironmentConfig(
                                SharedData.require("miniwob/html/miniwob").toString(),
                                null,
                                null,
                                null,
                                5,
                                1,
                                1,
                                null),
                        null);
    }

    /** {@code policy.kind: element} with these settings. */
    static LinearPolicy policy(double learningRate, double temperature) {
        return (LinearPolicy)
                new ElementPolicyProvider()
                        .create(
                                new ElementPolicyConfig(learningRate, temperature),
                                CONTEXT,
                                miniwob());
    }

    /** {@code reward_model.kind: element} with these settings. */
    static LinearJudge judge(double learningRate, double temperature) {
        return (LinearJudge)
                new ElementJudgeProvider()
                        .create(
                                new ElementJudgeConfig(learningRate, temperature),
                                CONTEXT,
                                miniwob());
    }
}
