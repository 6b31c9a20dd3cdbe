package org.rlanything.core.spi;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The kinds that exist, by section, as the {@link Provider}s and {@link RolloutEngineProvider}s
 * that {@link ServiceLoader} finds on the class path, with typed lookups per section ({@link
 * #environments()}, {@link #policies()}, {@link #rewardModels()}, {@link #rewriters()}). Nothing
 * else lists kinds: the config loader and the command line learn them from here. Two providers of
 * the same kind in a section, or two defaults, are refused when the registry loads, naming both
 * classes. The hooks that bridge modules add to an environment kind ({@link ModelHooksProvider})
 * are found the same way and joined to the environment's own by {@link #createEnvironment}.
 */
public final class ProviderRegistry {

    private static volatile ProviderRegistry installed;

    private final Kinds<EnvironmentConfig, EnvironmentProvider<?>> environments =
            new Kinds<>(Section.ENVIRONMENT);
    private final Kinds<PolicyConfig, PolicyProvider<?>> policies = new Kinds<>(Section.POLICY);
    private final Kinds<RewardModelConfig, RewardModelProvider<?>> rewardModels =
            new Kinds<>(Section.REWARD_MODEL);
    private final Kinds<RewriterConfig, RewriterProvider<?>> rewriters =
            new Kinds<>(Section.REWRITER);
    private final Map<String, RolloutEngineProvider> engines = new TreeMap<>();
    private final List<ModelHooksProvider> bridges = new ArrayList<>();

    private ProviderRegistry(
            Iterable<Provider<?>> found,
            Iterable<RolloutEngineProvider> foundEngines,
            Iterable<ModelHooksProvider> foundBridges) {
        foundBridges.forEach(bridges::add);
        for (Provider<?> provider : found) {
            add(provider);
        }
        for (Section section : Section.values()) {
            section(section).checkOneDefault();
        }
        for (RolloutEngineProvider engine : foundEngines) {
            RolloutEngineProvider before = engines.putIfAbsent(engine.name(), engine);
            if (before != null) {
                throw new IllegalStateException(
                        "Two rollout engines named "
                                + engine.name()
                                + ": "
                                + before.getClass().getName()
                                + " and "
                                + engine.getClass().getName()
                                + ".");
            }
        }
    }

    /** Files a provider under its section, by the provider interface it implements. */
    private void add(Provider<?> provider) {
        if (!provider.section().configType().isAssignableFrom(provider.configType())) {
            throw new IllegalStateException(
                    "The provider "
                            + provider.getClass().getName()
                            + " of "
                            + provider.section().key()
                            + ".kind "
                            + provider.kind()
                            + " declares the settings record "
                            + provider.configType().getName()
                            + ", which does not implement "
                            + provider.section().configType().getName()
                            + ".");
        }
        if (provider instanceof EnvironmentProvider<?> environment) {
            environments.add(environment);
        } else if (provider instanceof PolicyProvider<?> policy) {
            policies.add(policy);
        } else if (provider instanceof RewardModelProvider<?> rewardModel) {
            rewardModels.add(rewardModel);
        } else if (provider instanceof RewriterProvider<?> rewriter) {
            rewriters.add(rewriter);
        } else {
            throw new IllegalStateException(
                    "The provider "
                            + provider.getClass().getName()
                            + " implements none of EnvironmentProvider, PolicyProvider,"
                            + " RewardModelProvider and RewriterProvider.");
        }
    }

    /** The registry of this class loader's class path (loaded once). */
    public static ProviderRegistry get() {
        ProviderRegistry registry = installed;
        if (registry == null) {
            synchronized (ProviderRegistry.class) {
                if (installed == null) {
                    installed = load(ProviderRegistry.class.getClassLoader());
                }
                registry = installed;
            }
        }
        return registry;
    }

    /**
     * Makes {@link #get()} answer with the providers {@code loader} finds from now on: the launcher
     * calls it with a class loader over the plugin jars (whose parent holds this class), and with
     * {@code null} to go back to this class's own class path. Returns the installed registry.
     */
    public static ProviderRegistry install(ClassLoader loader) {
        synchronized (ProviderRegistry.class) {
            installed = load(loader == null ? ProviderRegistry.class.getClassLoader() : loader);
            return installed;
        }
    }

    /** The providers {@link ServiceLoader} finds with {@code loader}. */
    public static ProviderRegistry load(ClassLoader loader) {
        List<Provider<?>> found = new ArrayList<>();
        ServiceLoader.load(Provider.class, loader).forEach(found::add);
        List<RolloutEngineProvider> foundEngines = new ArrayList<>();
        ServiceLoader.load(RolloutEngineProvider.class, loader).forEach(foundEngines::add);
        List<ModelHooksProvider> foundBridges = new ArrayList<>();
        ServiceLoader.load(ModelHooksProvider.class, loader).forEach(foundBridges::add);
        return new ProviderRegistry(found, foundEngines, foundBridges);
    }

    /**
     * The environment side of a run: what its kind's provider makes, with the hooks every bridge
     * module adds to that kind joined to the environment's own ({@link ModelHooksProvider}).
     */
    public EnvironmentParts createEnvironment(EnvironmentConfig config, RunContext context)
            throws IOException {
        EnvironmentParts parts = environments.of(config).createFrom(config, context);
        List<ModelHooksProvider> added = bridges(parts.kind());
        if (added.isEmpty()) {
            return parts;
        }
        List<ModelHooks> hooks = new ArrayList<>();
        if (parts.hooks() != ModelHooks.NONE) {
            hooks.add(parts.hooks());
        }
        for (ModelHooksProvider bridge : added) {
            hooks.add(bridge.hooks(parts, context));
        }
        return parts.withHooks(ModelHooks.combine(hooks.toArray(ModelHooks[]::new)));
    }

    /**
     * Makes what the environment kind and its bridges need before runs ({@link
     * EnvironmentProvider#prepare}, {@link ModelHooksProvider#prepare}).
     */
    public void prepareEnvironment(EnvironmentConfig config, RunContext context)
            throws IOException {
        EnvironmentProvider<?> provider = environments.of(config);
        provider.prepareFrom(config, context);
        for (ModelHooksProvider bridge : bridges(provider.kind())) {
            bridge.prepare(context);
        }
    }

    /** The bridges that add hooks to {@code environmentKind}, in the order they were found. */
    public List<ModelHooksProvider> bridges(String environmentKind) {
        return bridges.stream().filter(b -> b.environmentKind().equals(environmentKind)).toList();
    }

    /** The {@code environment} kinds. */
    public Kinds<EnvironmentConfig, EnvironmentProvider<?>> environments() {
        return environments;
    }

    /** The {@code policy} kinds. */
    public Kinds<PolicyConfig, PolicyProvider<?>> policies() {
        return policies;
    }

    /** The {@code reward_model} kinds. */
    public Kinds<RewardModelConfig, RewardModelProvider<?>> rewardModels() {
        return rewardModels;
    }

    /** The {@code rewriter} kinds. */
    public Kinds<RewriterConfig, RewriterProvider<?>> rewriters() {
        return rewriters;
    }

    /** The kinds of {@code section}, for code that treats every section alike. */
    public Kinds<?, ? extends Provider<?>> section(Section section) {
        return switch (section) {
            case ENVIRONMENT -> environments;
            case POLICY -> policies;
            case REWARD_MODEL -> rewardModels;
            case REWRITER -> rewriters;
        };
    }

    /** The kinds of {@code section}, sorted by name. */
    public List<String> kinds(Section section) {
        return section(section).names();
    }

    /** The rollout engine names, sorted. */
    public List<String> engines() {
        return List.copyOf(engines.keySet());
    }

    /**
     * The rollout engine named {@code name}; else an {@link IllegalArgumentException} listing the
     * names.
     */
    public RolloutEngineProvider engine(String name) {
        RolloutEngineProvider engine = engines.get(name);
        if (engine == null) {
            throw new org.rlanything.core.BadInputException(
                    "Unknown trainer.rollout_engine '"
                            + name
                            + "'; expected one of "
                            + String.join(", ", engines())
                            + ".");
        }
        return engine;
    }
}
