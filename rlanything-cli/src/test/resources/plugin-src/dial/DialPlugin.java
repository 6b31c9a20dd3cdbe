package dial;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.spi.EnvironmentConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;

/**
 * A plugin compiled by PluginsTest at test time, so that no class of it is on the tool's class
 * path: environment.kind dial (turn a dial up to a target) and policy.kind dial_random.
 */
public final class DialPlugin {

    private DialPlugin() {}

    /** A target between 1 and 3. */
    public record Target(String id, int value) implements Task {
        @Override
        public String describe() {
            return "turn the dial to " + value;
        }
    }

    /** The environment section. */
    public record Settings(Integer poolSize, Integer maxSteps) implements EnvironmentConfig {
        public Settings {
            poolSize = poolSize == null ? 3 : poolSize;
            maxSteps = maxSteps == null ? 5 : maxSteps;
        }
    }

    /** The policy section (no key). */
    public record RandomSettings() implements PolicyConfig {}

    /** environment.kind: dial. */
    public static final class Env implements EnvironmentProvider<Settings> {
        @Override
        public String kind() {
            return "dial";
        }

        @Override
        public Class<Settings> configType() {
            return Settings.class;
        }

        @Override
        public Settings defaults() {
            return new Settings(null, null);
        }

        @Override
        public EnvironmentParts create(Settings config, RunContext context) {
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < config.poolSize(); i++) {
                tasks.add(new Target("dial-" + i, 1 + i % 3));
            }
            Environment environment = (task, rng) -> new Session(((Target) task).value());
            TaskCodec codec =
                    new TaskCodec() {
                        @Override
                        public String encode(Task task) {
                            return task.id() + " " + ((Target) task).value();
                        }

                        @Override
                        public Task decode(String text) {
                            String[] parts = text.split(" ");
                            return new Target(parts[0], Integer.parseInt(parts[1]));
                        }
                    };
            return new EnvironmentParts(
                    kind(),
                    kind(),
                    environment,
                    tasks,
                    codec,
                    (request, rng) -> Optional.empty(),
                    (iteration, policy, rewardModel, seed) -> Map.of(),
                    null,
                    null,
                    ModelHooks.NONE);
        }
    }

    static final class Session implements EnvironmentSession {
        private final int target;
        private int at;
        private boolean done;

        Session(int target) {
            this.target = target;
        }

        @Override
        public String observation() {
            return "the dial shows " + at + " of " + target;
        }

        @Override
        public List<String> admissibleActions() {
            return List.of("up", "wait");
        }

        @Override
        public StepResult step(String action) {
            boolean up = action.equals("up");
            at += up ? 1 : 0;
            done = at == target;
            return new StepResult(observation(), done, done, up ? StepLabel.GOOD : StepLabel.BAD);
        }

        @Override
        public boolean done() {
            return done;
        }

        @Override
        public boolean won() {
            return done;
        }
    }

    /** policy.kind: dial_random, a uniform choice among the admissible commands. */
    public static final class RandomPolicy implements PolicyProvider<RandomSettings> {
        @Override
        public String kind() {
            return "dial_random";
        }

        @Override
        public Class<RandomSettings> configType() {
            return RandomSettings.class;
        }

        @Override
        public RandomSettings defaults() {
            return new RandomSettings();
        }

        @Override
        public Policy create(RandomSettings config, RunContext context, EnvironmentParts parts) {
            return new Uniform();
        }
    }

    static final class Uniform implements Policy, Checkpointable {
        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            List<Action> actions = new ArrayList<>();
            for (int i = 0; i < contexts.size(); i++) {
                List<String> commands = contexts.get(i).admissibleActions();
                String command = commands.get(rngs.get(i).nextInt(commands.size()));
                actions.add(new Action(command, command, -Math.log(commands.size()), null));
            }
            return actions;
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }

        @Override
        public void saveTo(Path directory) throws java.io.IOException {
            Files.createDirectories(directory);
            Files.writeString(directory.resolve("uniform.txt"), "uniform\n");
        }

        @Override
        public void loadFrom(Path directory) {}
    }
}
