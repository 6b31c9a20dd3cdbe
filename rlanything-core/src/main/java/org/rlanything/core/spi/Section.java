package org.rlanything.core.spi;

/**
 * A section of a run configuration whose {@code kind} key selects a provider, with the type every
 * settings record of that section implements.
 */
public enum Section {
    ENVIRONMENT("environment", EnvironmentConfig.class),
    POLICY("policy", PolicyConfig.class),
    REWARD_MODEL("reward_model", RewardModelConfig.class),
    /**
     * Optional: without the section a run uses the environment's own rewriter (no kind is the
     * default).
     */
    REWRITER("rewriter", RewriterConfig.class);

    private final String key;
    private final Class<?> configType;

    Section(String key, Class<?> configType) {
        this.key = key;
        this.configType = configType;
    }

    /** The section's key in a config file ({@code reward_model}). */
    public String key() {
        return key;
    }

    /** The interface every settings record of this section implements. */
    public Class<?> configType() {
        return configType;
    }
}
