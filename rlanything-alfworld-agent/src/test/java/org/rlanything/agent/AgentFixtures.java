package org.rlanything.agent;

import java.util.List;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.testfixtures.SharedData;

/** Shared, lazily built test data: the game sets (skips a test when the data folder is missing). */
final class AgentFixtures {

    private static AlfworldGames games;
    private static List<AlfworldTask> training;

    private AgentFixtures() {}

    static synchronized AlfworldGames games() {
        if (games == null) {
            AlfworldData data;
            try {
                data = AlfworldData.locate();
            } catch (IllegalStateException e) {
                data = null;
            }
            SharedData.require(data != null, "The ALFWorld data folder (shared/data/alfworld)");
            games = AlfworldGames.of(data);
        }
        return games;
    }

    /** Training games 0..11 of seed 3. */
    static synchronized List<AlfworldTask> training() {
        if (training == null) {
            training = games().training(3, 12);
        }
        return training;
    }

    /** Tiny pretraining settings: a handful of games, a very small model, a few steps. */
    static PretrainSettings tinyPretrain(long seed) {
        return new PretrainSettings(
                seed,
                6,
                0.3,
                12,
                320,
                32,
                1,
                2,
                48,
                160,
                120,
                6,
                8,
                1e-2,
                1,
                3,
                3,
                4,
                8,
                1e-2,
                0.25,
                AlfworldPromptFormat.defaults(),
                0,
                0);
    }
}
