package org.rlanything.core.baseline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;

/**
 * A policy that picks one of the admissible commands uniformly at random and learns nothing: the
 * baseline any environment's success rates are read against, and a stand-in that lets a new
 * environment run the whole loop before a model is chosen. It refuses an environment that takes
 * free text (no command to pick).
 */
public final class RandomPolicy implements Policy, Checkpointable {

    private static final String STATE_FILE = "random-policy.txt";

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        if (contexts.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    contexts.size() + " contexts but " + rngs.size() + " generators.");
        }
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            List<String> commands = contexts.get(i).admissibleActions();
            if (commands.isEmpty()) {
                throw new IllegalArgumentException(
                        "policy.kind random picks among the admissible commands, and the"
                                + " environment lists none (it takes free text): choose another"
                                + " policy kind.");
            }
            String command = commands.get(rngs.get(i).nextInt(commands.size()));
            actions.add(new Action(command, command, -Math.log(commands.size()), null));
        }
        return actions;
    }

    /** Learns nothing. */
    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        return UpdateStats.empty();
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(STATE_FILE), "uniform\n", StandardCharsets.UTF_8);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        Path file = directory.resolve(STATE_FILE);
        if (!Files.readString(file, StandardCharsets.UTF_8).strip().equals("uniform")) {
            throw new IOException(file + " is not a random policy's state.");
        }
    }
}
