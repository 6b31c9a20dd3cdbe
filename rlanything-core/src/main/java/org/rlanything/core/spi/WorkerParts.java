package org.rlanything.core.spi;

import java.util.Objects;
import java.util.function.Consumer;
import org.rlanything.core.Environment;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.TaskCodec;

/**
 * What a worker of a distributed rollout engine builds from the run's config: the models (whose
 * weights the trainer ships), the environment and the codec that turns the trainer's tasks back
 * into tasks.
 *
 * @param policy the policy (its weights replaced by the trainer's)
 * @param rewardModel the reward model (its weights replaced by the trainer's)
 * @param environment the environment episodes run in
 * @param codec decodes the tasks the trainer sends
 * @param log progress lines for the user
 */
public record WorkerParts(
        Policy policy,
        RewardModel rewardModel,
        Environment environment,
        TaskCodec codec,
        Consumer<String> log) {
    public WorkerParts {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(rewardModel, "rewardModel");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(log, "log");
    }
}
