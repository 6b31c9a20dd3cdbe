package org.rlanything.core.spi;

/**
 * One kind of a config section, found by {@link java.util.ServiceLoader} (a provider module lists
 * its providers in {@code META-INF/services/org.rlanything.core.spi.Provider}): the kind's name,
 * its settings record and its factory (in the sub-interfaces). The settings record is a Java record
 * whose components are the section's keys (in snake case in YAML); its canonical constructor fills
 * the defaults and checks ranges with {@link org.rlanything.core.config.Check}, so each setting is
 * declared once, there.
 *
 * @param <C> the settings record
 */
public interface Provider<C> {

    /** The config section this kind belongs to. */
    Section section();

    /** The kind's name, as written after {@code kind:} (unique within its section). */
    String kind();

    /** The settings record. */
    Class<C> configType();

    /**
     * The settings with every default (what an absent section means when this kind is the default).
     */
    C defaults();

    /**
     * Whether this kind is used when a config's section names no kind (at most one per section).
     */
    default boolean isDefault() {
        return false;
    }
}
