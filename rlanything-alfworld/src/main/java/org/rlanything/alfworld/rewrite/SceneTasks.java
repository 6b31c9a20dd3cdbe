package org.rlanything.alfworld.rewrite;

import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.Task;

/**
 * The bridge between the loop's ALFWorld tasks and scenes: reads the scene of a task and wraps a
 * verified rewrite as a task the ALFWorld environment can play.
 */
public interface SceneTasks {

    /** The scene of an ALFWorld task; fails with a full sentence when the task is not one. */
    Scene sceneOf(Task task);

    /** The task for a verified rewrite. */
    Task taskOf(RewriteProposal proposal);
}
