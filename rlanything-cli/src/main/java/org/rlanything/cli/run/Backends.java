package org.rlanything.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rlanything.cli.config.KeyLockEnvironmentConfig;
import org.rlanything.cli.config.RunConfig;
import org.rlanything.cli.config.TabularPolicyConfig;
import org.rlanything.cli.config.TabularRewardModelConfig;
import org.rlanything.core.Task;
import org.rlanything.demo.KeyLockDemo;
import org.rlanything.demo.KeyLockEnvironment;
import org.rlanything.demo.KeyLockRewriter;
import org.rlanything.demo.KeyLockTaskCodec;
import org.rlanything.demo.TabularJudge;
import org.rlanything.demo.TabularPolicy;

/** Builds a run's components from its config: one place that knows every backend. */
public final class Backends {

    private Backends() {
    }

    public static RunComponents create(RunConfig config) {
        if (config.environment() instanceof KeyLockEnvironmentConfig) {
            return keyLock(config, (KeyLockEnvironmentConfig) config.environment());
        }
        throw new IllegalArgumentException("No backend for environment " + config.environment() + ".");
    }

    private static RunComponents keyLock(RunConfig config, KeyLockEnvironmentConfig env) {
        if (!(config.policy() instanceof TabularPolicyConfig)) {
            throw new IllegalArgumentException("environment.kind keylock needs policy.kind tabular.");
        }
        if (!(config.rewardModel() instanceof TabularRewardModelConfig)) {
            throw new IllegalArgumentException("environment.kind keylock needs reward_model.kind tabular.");
        }
        TabularPolicyConfig policy = (TabularPolicyConfig) config.policy();
        TabularRewardModelConfig judge = (TabularRewardModelConfig) config.rewardModel();
        KeyLockEnvironment environment = new KeyLockEnvironment(env.maxSteps());
        List<Task> tasks = new ArrayList<>(KeyLockDemo.pool(config.trainer().seed(), env.poolSize(), env.minDoors(),
                env.maxDoors()));
        return new RunComponents("keylock", environment, tasks, new KeyLockTaskCodec(),
                new TabularPolicy(policy.learningRate()), new TabularJudge(judge.learningRate(), judge.invalidRate()),
                new KeyLockRewriter(),
                (iteration, evaluated, rewardModel, seed) -> Map.of("val-core/keylock/success",
                        KeyLockDemo.successRate(evaluated, environment, seed, env.minDoors(), env.maxDoors(),
                                env.maxSteps())));
    }
}
