package org.rlanything.core.spi;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The kinds of one config section, by name, typed by the section: its settings records implement
 * {@code C} and its providers are {@code P}s ({@link ProviderRegistry#environments()} holds {@code
 * EnvironmentConfig} and {@code EnvironmentProvider}s, and so on), so a lookup needs no cast.
 *
 * @param <C> the interface every settings record of the section implements
 * @param <P> the provider type of the section
 */
public final class Kinds<C, P extends Provider<? extends C>> {

    /**
     * How a kind that is not there is added, appended to every unknown-kind message: a kind comes
     * from a jar on the class path or in a plugin folder.
     */
    public static final String HOW_TO_ADD =
            "A new kind comes from a jar whose provider is listed in"
                    + " META-INF/services/org.rlanything.core.spi.Provider: put the jar in plugins/"
                    + " beside the config, or name its folder with --plugins DIR or"
                    + " RLANYTHING_PLUGINS (docs/afternoon.md); an environment in another language"
                    + " is environment.kind: remote.";

    private final Section section;
    private final Map<String, P> byName = new TreeMap<>();

    Kinds(Section section) {
        this.section = section;
    }

    /** Adds a provider; refuses a second provider of the same kind, naming both classes. */
    void add(P provider) {
        P before = byName.putIfAbsent(provider.kind(), provider);
        if (before != null) {
            throw new IllegalStateException(
                    "Two providers of "
                            + section.key()
                            + ".kind "
                            + provider.kind()
                            + ": "
                            + before.getClass().getName()
                            + " and "
                            + provider.getClass().getName()
                            + "; remove one module from the class path.");
        }
    }

    /** Refuses a section with several default kinds. */
    void checkOneDefault() {
        List<String> defaults =
                byName.values().stream()
                        .filter(Provider::isDefault)
                        .map(p -> p.getClass().getName())
                        .toList();
        if (defaults.size() > 1) {
            throw new IllegalStateException(
                    "Several default kinds of " + section.key() + ": " + defaults + ".");
        }
    }

    /** The section these kinds belong to. */
    public Section section() {
        return section;
    }

    /** The kinds' names, sorted. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** Every provider, by kind, sorted by kind. */
    public Map<String, P> all() {
        return Collections.unmodifiableMap(byName);
    }

    /** The provider of {@code kind}, if one exists. */
    public Optional<P> find(String kind) {
        return Optional.ofNullable(byName.get(kind));
    }

    /**
     * The provider of {@code kind}; else an {@link IllegalArgumentException} listing the kinds that
     * exist.
     */
    public P require(String kind) {
        return find(kind)
                .orElseThrow(
                        () ->
                                new org.rlanything.core.BadInputException(
                                        "Unknown "
                                                + section.key()
                                                + ".kind '"
                                                + kind
                                                + "'; expected one of "
                                                + String.join(", ", names())
                                                + ". "
                                                + HOW_TO_ADD));
    }

    /** The kind used when the section names none, if a provider declares itself the default. */
    public Optional<P> defaultProvider() {
        return byName.values().stream().filter(Provider::isDefault).findFirst();
    }

    /** The settings of the default kind; refused when no provider is the default. */
    public C defaultConfig() {
        return defaultProvider()
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "No default kind of "
                                                + section.key()
                                                + " is on the class path; name one of "
                                                + names()
                                                + "."))
                .defaults();
    }

    /** The provider whose settings record is {@code config}'s class. */
    public P of(C config) {
        for (P provider : byName.values()) {
            if (provider.configType() == config.getClass()) {
                return provider;
            }
        }
        throw new org.rlanything.core.BadInputException(
                "No provider of "
                        + section.key()
                        + " declares the settings record "
                        + config.getClass().getName()
                        + ".");
    }
}
