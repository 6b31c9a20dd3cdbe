package org.rlanything.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Environment;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Rewriter;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RunParticipant;

/**
 * Everything a run needs from its providers, built from the config by {@link Backends}.
 *
 * @param parts the environment side (environment, tasks, codec, rewriter, evaluator, data manifest)
 * @param policy the policy, which must also be {@link Checkpointable}
 * @param rewardModel the reward model, which must also be {@link Checkpointable}
 * @param engine the rollout engine ({@code trainer.rollout_engine}) the loop and the evaluation use
 */
public record RunComponents(
        EnvironmentParts parts, Policy policy, RewardModel rewardModel, RolloutEngine engine)
        implements AutoCloseable {
    public RunComponents {
        Objects.requireNonNull(parts, "parts");
        Objects.requireNonNull(engine, "engine");
        if (!(policy instanceof Checkpointable) || !(rewardModel instanceof Checkpointable)) {
            throw new IllegalArgumentException(
                    "The policy and the reward model must be checkpointable.");
        }
    }

    /** A short name for metrics ({@code val-core/<name>/...}) and the report. */
    public String environmentName() {
        return parts.name();
    }

    public Environment environment() {
        return parts.environment();
    }

    /** The original tasks, one slot each. */
    public List<Task> tasks() {
        return parts.tasks();
    }

    public TaskCodec codec() {
        return parts.codec();
    }

    public Rewriter rewriter() {
        return parts.rewriter();
    }

    public Evaluator evaluator() {
        return parts.evaluator();
    }

    /** The data manifest the environment reads, or null. */
    public Path dataManifest() {
        return parts.dataManifest();
    }

    public Checkpointable policyState() {
        return (Checkpointable) policy;
    }

    public Checkpointable rewardModelState() {
        return (Checkpointable) rewardModel;
    }

    /** The components that take part in the run folder ({@link RunParticipant}), each once. */
    public List<RunParticipant> participants() {
        java.util.Set<RunParticipant> found = new java.util.LinkedHashSet<>();
        for (Object component : List.of(policy, rewardModel, parts.rewriter())) {
            if (component instanceof RunParticipant participant) {
                found.add(participant);
            }
        }
        return List.copyOf(found);
    }

    /**
     * Releases the rollout engine and an environment that holds resources (a remote environment's
     * server process). What fails to close goes with the process.
     */
    @Override
    public void close() {
        engine.close();
        if (environment() instanceof AutoCloseable resources) {
            try {
                resources.close();
            } catch (Exception e) {
                // ended anyway: what it held goes with the process
            }
        }
    }

    /** Every participant's figures since the last drain, by name. */
    public java.util.Map<String, Double> drainParticipantMetrics() {
        java.util.Map<String, Double> figures = new java.util.TreeMap<>();
        participants().forEach(p -> figures.putAll(p.drainMetrics()));
        return figures;
    }
}
