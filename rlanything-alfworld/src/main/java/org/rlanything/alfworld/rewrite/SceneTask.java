package org.rlanything.alfworld.rewrite;

import org.rlanything.alfworld.GameFile;
import java.util.Objects;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.Task;

/**
 * An ALFWorld task known by its scene: a generated game or a rewrite.
 *
 * @param id the task id (the PDDL problem name)
 * @param scene the scene
 * @param file the game file the engine plays
 */
public record SceneTask(String id, Scene scene, GameFile file) implements Task {
    public SceneTask {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(file, "file");
    }

    @Override
    public String describe() {
        return scene.goal().text() + " (FloorPlan" + scene.floorPlan() + ", " + scene.goal().type().id() + ")";
    }
}
