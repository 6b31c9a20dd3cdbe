package org.rlanything.demo.provider;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Task;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.demo.HeldOutCorridors;
import org.rlanything.demo.KeyLockDemo;
import org.rlanything.demo.KeyLockEnvironment;
import org.rlanything.demo.KeyLockEnvironmentConfig;
import org.rlanything.demo.KeyLockRewriter;
import org.rlanything.demo.KeyLockTaskCodec;

/** {@code environment.kind: keylock} (the default): the built-in key-lock corridors. */
public final class KeyLockEnvironmentProvider
        implements EnvironmentProvider<KeyLockEnvironmentConfig> {

    /** The kind's name. */
    public static final String KIND = "keylock";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<KeyLockEnvironmentConfig> configType() {
        return KeyLockEnvironmentConfig.class;
    }

    @Override
    public KeyLockEnvironmentConfig defaults() {
        return KeyLockEnvironmentConfig.DEFAULTS;
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return KeyLockEnvironmentConfig.ALGORITHM;
    }

    @Override
    public EnvironmentParts create(KeyLockEnvironmentConfig env, RunContext context) {
        KeyLockEnvironment environment = new KeyLockEnvironment(env.maxSteps());
        List<Task> tasks =
                new ArrayList<>(
                        KeyLockDemo.pool(
                                context.seed(), env.poolSize(), env.minDoors(), env.maxDoors()));
        return new EnvironmentParts(
                KIND,
                KIND,
                environment,
                tasks,
                new KeyLockTaskCodec(),
                new KeyLockRewriter(),
                (iteration, evaluated, rewardModel, seed) ->
                        new HeldOutCorridors(
                                        environment,
                                        env.minDoors(),
                                        env.maxDoors(),
                                        env.maxSteps(),
                                        context.engine())
                                .evaluate(evaluated, rewardModel, seed),
                null,
                null,
                new Hooks(
                        "a corridor of coloured doors, each opened by one of four buttons",
                        "",
                        "press A"));
    }

    /** What the corridors offer the model kinds: their words, and door-and-button tables. */
    private record Hooks(String description, String actionFormat, String example)
            implements org.rlanything.core.spi.EnvironmentDescription, DoorButtonTables {}
}
