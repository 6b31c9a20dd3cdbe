package org.rlanything.core;

import java.util.List;

/**
 * Plays trajectories with the current policy. The default runs in-process ({@link LockstepRollouts});
 * a cluster engine distributes the same requests and must return the same trajectories.
 */
public interface RolloutEngine {

    /**
     * Rolls out every request with at most {@code maxSteps} steps each; returns the trajectories in
     * request order.
     */
    List<Trajectory> rollOut(List<RolloutRequest> requests, Policy policy, Environment environment, int maxSteps);
}
