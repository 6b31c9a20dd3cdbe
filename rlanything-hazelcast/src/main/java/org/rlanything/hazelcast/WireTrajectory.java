package org.rlanything.hazelcast;

import java.io.Serializable;
import java.util.ArrayList;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.Trajectory;

/**
 * A {@link Trajectory} as it crosses the cluster: the task as its codec's text, the steps as wire
 * steps.
 */
record WireTrajectory(String task, int rollout, ArrayList<WireStep> steps, boolean won)
        implements Serializable {

    static WireTrajectory of(Trajectory trajectory, TaskCodec codec) {
        return new WireTrajectory(
                codec.encode(trajectory.task()),
                trajectory.rollout(),
                new ArrayList<>(trajectory.steps().stream().map(WireStep::of).toList()),
                trajectory.won());
    }

    Trajectory toTrajectory(TaskCodec codec) {
        return new Trajectory(codec.decode(task), rollout, WireStep.toSteps(steps), won);
    }
}
