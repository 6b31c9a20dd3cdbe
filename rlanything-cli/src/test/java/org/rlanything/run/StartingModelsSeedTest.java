package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import org.rlanything.testfixtures.SharedData;

/**
 * The linear kinds' starting models (a clone of the environment's solver) are made before a
 * benchmark's workers start, from the config's own seed, not by whichever seed's job comes first.
 */
class StartingModelsSeedTest {

    @TempDir Path dir;

    @Test
    void theLinearStartIsMadeFromTheConfigsOwnSeedBeforeAnyRun() throws Exception {
        Path gripper = SharedData.require("pddl/gripper");
        Path start = dir.resolve("start");
        Path config =
                Files.writeString(
                        dir.resolve("gripper.yaml"),
                        String.join(
                                "\n",
                                "trainer: {seed: 7, iterations: 1, starting_models: " + start + "}",
                                "environment: {kind: pddl, domain: "
                                        + gripper.resolve("domain.pddl")
                                        + ", problems: "
                                        + gripper.resolve("prob01.pddl")
                                        + ", held_out: "
                                        + gripper.resolve("prob02.pddl")
                                        + ", max_steps: 40}",
                                "policy: {kind: linear, imitation: {tasks: 2, episodes: 1,"
                                        + " rounds: 1, validation_tasks: 1,"
                                        + " validation_episodes: 1}}",
                                "reward_model: {kind: linear}",
                                ""));
        RunConfig loaded = ConfigLoader.load(config, List.of());

        Backends.ensureStartingModels(loaded);

        Path origin = start.resolve("linear-start/origin.json");
        assertTrue(Files.isRegularFile(origin), "made before any run: " + origin);
        assertEquals(7, new ObjectMapper().readTree(origin.toFile()).get("seed").asLong());
    }
}
