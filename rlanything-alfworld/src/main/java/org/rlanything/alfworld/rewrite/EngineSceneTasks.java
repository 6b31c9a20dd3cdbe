package org.rlanything.alfworld.rewrite;

import java.util.Objects;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.world.MalformedGameException;
import org.rlanything.core.Task;

/**
 * The {@link SceneTasks} of the ALFWorld environment: tasks are the engine's {@link AlfworldTask}s;
 * a task's scene is read from its game file with {@link SceneReader}, and a rewrite becomes a task
 * by compiling its game file with the engine.
 */
public final class EngineSceneTasks implements SceneTasks {

    @Override
    public Scene sceneOf(Task task) {
        Objects.requireNonNull(task, "task");
        if (!(task instanceof AlfworldTask alfworld)) {
            throw new IllegalArgumentException(
                    "The ALFWorld rewriter rewrites AlfworldTask tasks, not "
                            + task.getClass().getName()
                            + ".");
        }
        return SceneReader.read(alfworld.game().file());
    }

    @Override
    public Task taskOf(RewriteProposal proposal) {
        try {
            return new AlfworldTask(AlfworldGame.compile(proposal.file()));
        } catch (MalformedGameException e) {
            throw new IllegalStateException(
                    "The engine cannot load the rewritten game "
                            + proposal.file().source()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
