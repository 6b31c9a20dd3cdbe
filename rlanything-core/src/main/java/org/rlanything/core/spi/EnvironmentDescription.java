package org.rlanything.core.spi;

/**
 * What an environment says about itself for the prompts of the model kinds that read text (the
 * endpoint kinds' system prompts): a hook an environment's {@link ModelHooks} object implements.
 * Each part may be empty; a model kind then uses its own generic words, and a config may override
 * each part in the model kind's section.
 */
public interface EnvironmentDescription extends ModelHooks {

    /**
     * The environment as a noun phrase, as in "You are an agent in DESCRIPTION." (for example "a
     * text-based household environment").
     */
    String description();

    /** How an action is written (for example "one of the listed commands, as written"). */
    String actionFormat();

    /** One example action, written as the environment expects it. */
    String example();

    /** A description of these three parts. */
    static EnvironmentDescription of(String description, String actionFormat, String example) {
        return new Text(description, actionFormat, example);
    }

    /** The plain form of {@link #of}. */
    record Text(String description, String actionFormat, String example)
            implements EnvironmentDescription {}
}
