package org.rlanything.alfworld;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.rlanything.core.Task;

/** An ALFWorld game as a task of the loop: the compiled game; its id is the game's content hash. */
public final class AlfworldTask implements Task {

    private final AlfworldGame game;

    public AlfworldTask(AlfworldGame game) {
        this.game = Objects.requireNonNull(game, "game");
    }

    /** Loads the game at {@code path} (the file or its folder). */
    public static AlfworldTask load(Path path) throws IOException {
        return new AlfworldTask(GameLoader.load(path));
    }

    public AlfworldGame game() {
        return game;
    }

    @Override
    public String id() {
        return game.id();
    }

    @Override
    public String describe() {
        return game.goalText() + " [" + game.source() + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AlfworldTask && ((AlfworldTask) o).game.id().equals(game.id());
    }

    @Override
    public int hashCode() {
        return game.id().hashCode();
    }

    @Override
    public String toString() {
        return "AlfworldTask[" + id() + ", " + game.goalText() + "]";
    }
}
