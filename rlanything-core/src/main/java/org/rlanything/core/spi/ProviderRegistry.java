package org.rlanything.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The kinds that exist, by section, as the {@link Provider}s and {@link RolloutEngineProvider}s
 * that {@link ServiceLoader} finds on the class path. Nothing else lists kinds: the config loader
 * and the command line learn them from here. Two providers of the same kind in a section, or two
 * defaults, are refused when the registry loads, naming both classes.
 */
public final class ProviderRegistry {

    private static volatile ProviderRegistry installed;

    private final Map<Section, Map<String, Provider<?>>> providers = new EnumMap<>(Section.class);
    private final Map<String, RolloutEngineProvider> engines = new TreeMap<>();

    private ProviderRegistry(
            Iterable<Provider<?>> found, Iterable<RolloutEngineProvider> foundEngines) {
        for (Section section : Section.values()) {
            providers.put(section, new TreeMap<>());
        }
        for (Provider<?> provider : found) {
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
            Provider<?> before =
                    providers.get(provider.section()).putIfAbsent(provider.kind(), provider);
            if (before != null) {
                throw new IllegalStateException(
                        "Two providers of "
                                + provider.section().key()
                                + ".kind "
                                + provider.kind()
                                + ": "
                                + before.getClass().getName()
                                + " and "
                                + provider.getClass().getName()
                                + "; remove one module from the class path.");
            }
        }
        for (Section section : Section.values()) {
            List<String> defaults =
                    providers.get(section).values().stream()
                            .filter(Provider::isDefault)
                            .map(p -> p.getClass().getName())
                            .toList();
            if (defaults.size() > 1) {
                throw new IllegalStateException(
                        "Several default kinds of " + section.key() + ": " + defaults + ".");
            }
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

    /** The providers {@link ServiceLoader} finds with {@code loader}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static ProviderRegistry load(ClassLoader loader) {
        List<Provider<?>> found = new ArrayList<>();
        for (Provider provider : ServiceLoader.load(Provider.class, loader)) {
            found.add(provider);
        }
        List<RolloutEngineProvider> foundEngines = new ArrayList<>();
        ServiceLoader.load(RolloutEngineProvider.class, loader).forEach(foundEngines::add);
        return new ProviderRegistry(found, foundEngines);
    }

    /** The kinds of {@code section}, sorted by name. */
    public List<String> kinds(Section section) {
        return List.copyOf(providers.get(section).keySet());
    }

    /** Every provider of {@code section}, by kind. */
    public Map<String, Provider<?>> providers(Section section) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(providers.get(section)));
    }

    /** The provider of {@code kind} in {@code section}, if one exists. */
    public Optional<Provider<?>> find(Section section, String kind) {
        return Optional.ofNullable(providers.get(section).get(kind));
    }

    /**
     * The provider of {@code kind}; else an {@link IllegalArgumentException} listing the kinds that
     * exist.
     */
    public Provider<?> require(Section section, String kind) {
        return find(section, kind)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "Unknown "
                                                + section.key()
                                                + ".kind '"
                                                + kind
                                                + "'; expected one of "
                                                + String.join(", ", kinds(section))
                                                + "."));
    }

    /** The kind used when {@code section} names none, if a provider declares itself the default. */
    public Optional<Provider<?>> defaultProvider(Section section) {
        return providers.get(section).values().stream().filter(Provider::isDefault).findFirst();
    }

    /**
     * The settings of the default kind of {@code section}; refused when no provider is the default.
     */
    public Object defaultConfig(Section section) {
        return defaultProvider(section)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "No default kind of "
                                                + section.key()
                                                + " is on the class path; name one of "
                                                + kinds(section)
                                                + "."))
                .defaults();
    }

    /** The provider whose settings record is {@code config}'s class. */
    public Provider<?> providerOf(Object config) {
        for (Map<String, Provider<?>> bySection : providers.values()) {
            for (Provider<?> provider : bySection.values()) {
                if (provider.configType() == config.getClass()) {
                    return provider;
                }
            }
        }
        throw new IllegalArgumentException(
                "No provider declares the settings record " + config.getClass().getName() + ".");
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
            throw new IllegalArgumentException(
                    "Unknown trainer.rollout_engine '"
                            + name
                            + "'; expected one of "
                            + String.join(", ", engines())
                            + ".");
        }
        return engine;
    }
}
