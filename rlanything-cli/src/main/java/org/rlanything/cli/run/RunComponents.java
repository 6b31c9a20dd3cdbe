package org.rlanything.cli.run;

import java.util.List;
import java.util.Objects;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Environment;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.Evaluator;

/**
 * Everything a run needs from its backends, built from the config by {@link Backends}.
 *
 * @param environmentName a short name for metrics ({@code val-core/<name>/...}) and the report
 * @param environment the environment
 * @param tasks the original tasks, one slot each
 * @param codec turns tasks into text for checkpoints
 * @param policy the policy, which must also be {@link Checkpointable}
 * @param rewardModel the reward model, which must also be {@link Checkpointable}
 * @param rewriter the rewriter
 * @param evaluator the held-out evaluation
 */
public record RunComponents(String environmentName, Environment environment, List<Task> tasks, TaskCodec codec,
                            Policy policy, RewardModel rewardModel, Rewriter rewriter, Evaluator evaluator) {
    public RunComponents {
        Objects.requireNonNull(environment, "environment");
        tasks = List.copyOf(tasks);
        if (!(policy instanceof Checkpointable) || !(rewardModel instanceof Checkpointable)) {
            throw new IllegalArgumentException("The policy and the reward model must be checkpointable.");
        }
    }

    public Checkpointable policyState() {
        return (Checkpointable) policy;
    }

    public Checkpointable rewardModelState() {
        return (Checkpointable) rewardModel;
    }
}
