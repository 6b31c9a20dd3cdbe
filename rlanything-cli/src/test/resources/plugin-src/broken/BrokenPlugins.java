package broken;

import dial.DialPlugin;
import java.util.List;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;
import org.rlanything.core.spi.EnvironmentConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;

/**
 * Plugins that break, compiled by HostilePluginsTest at test time (with DialPlugin, whose
 * environment and policy they reuse): a provider whose constructor, kind() or static initialiser
 * throws, kinds claimed twice or claimed from the tool, and an environment whose create or step
 * throws while a run trains.
 */
public final class BrokenPlugins {

    private BrokenPlugins() {}

    /** The dial environment under another kind's name. */
    public abstract static class Named implements EnvironmentProvider<DialPlugin.Settings> {
        @Override
        public Class<DialPlugin.Settings> configType() {
            return DialPlugin.Settings.class;
        }

        @Override
        public DialPlugin.Settings defaults() {
            return new DialPlugin.Settings(null, null);
        }

        @Override
        public EnvironmentParts create(DialPlugin.Settings config, RunContext context) {
            EnvironmentParts dial = new DialPlugin.Env().create(config, context);
            return new EnvironmentParts(
                    kind(),
                    kind(),
                    environment(dial.environment()),
                    dial.tasks(),
                    dial.codec(),
                    dial.rewriter(),
                    dial.evaluator(),
                    null,
                    null,
                    dial.hooks());
        }

        /** The environment episodes are played in: the dial's. */
        Environment environment(Environment dial) {
            return dial;
        }
    }

    /** environment.kind twin: put in two jars, it is claimed twice. */
    public static final class Twin extends Named {
        @Override
        public String kind() {
            return "twin";
        }
    }

    /** environment.kind keylock, which the tool has. */
    public static final class Keylock extends Named {
        @Override
        public String kind() {
            return "keylock";
        }
    }

    /** A constructor that throws. */
    public static final class ConstructorThrows extends Named {
        public ConstructorThrows() {
            throw new IllegalStateException("no licence on this machine");
        }

        @Override
        public String kind() {
            return "constructor-throws";
        }
    }

    /** A kind() that throws. */
    public static final class KindThrows extends Named {
        @Override
        public String kind() {
            throw new UnsupportedOperationException("kind() is not ready");
        }
    }

    /** A static initialiser that throws. */
    public static final class StaticThrows extends Named {
        private static final int READY = fail();

        private static int fail() {
            throw new IllegalStateException("static set-up failed");
        }

        @Override
        public String kind() {
            return "static-throws" + READY;
        }
    }

    /** The settings of create-throws (a kind's settings record is its own). */
    public record CreateSettings(Integer poolSize, Integer maxSteps) implements EnvironmentConfig {}

    /** A create() that throws when the run starts. */
    public static final class CreateThrows implements EnvironmentProvider<CreateSettings> {
        @Override
        public String kind() {
            return "create-throws";
        }

        @Override
        public Class<CreateSettings> configType() {
            return CreateSettings.class;
        }

        @Override
        public CreateSettings defaults() {
            return new CreateSettings(null, null);
        }

        @Override
        public EnvironmentParts create(CreateSettings config, RunContext context) {
            throw new IllegalStateException("create failed on purpose");
        }
    }

    /** An environment whose step() throws in the first episode. */
    public static final class StepThrows extends Named {
        @Override
        public String kind() {
            return "step-throws";
        }

        @Override
        Environment environment(Environment dial) {
            return (task, rng) -> new Failing(dial.start(task, rng));
        }
    }

    static final class Failing implements EnvironmentSession {
        private final EnvironmentSession inner;

        Failing(EnvironmentSession inner) {
            this.inner = inner;
        }

        @Override
        public String observation() {
            return inner.observation();
        }

        @Override
        public List<String> admissibleActions() {
            return inner.admissibleActions();
        }

        @Override
        public StepResult step(String action) {
            throw new IllegalStateException("step failed on purpose");
        }

        @Override
        public boolean done() {
            return inner.done();
        }

        @Override
        public boolean won() {
            return inner.won();
        }
    }
}
