package org.rlanything.core.spi;

import java.io.IOException;

/**
 * The hooks a bridge module adds to an environment kind for a model kind: a module named for a
 * setting and a model (rlanything-coding-neural, rlanything-coding-openai) implements this and
 * lists the class in {@code META-INF/services/org.rlanything.core.spi.ModelHooksProvider}, found by
 * {@link java.util.ServiceLoader} as the kinds are. {@link ProviderRegistry#createEnvironment}
 * joins the environment's own hooks and every bridge's for its kind ({@link ModelHooks#combine}),
 * so a model kind finds its hook with {@code environment.hooks() instanceof ...} whichever module
 * offers it. This is how a setting module and a model module stay apart: the setting offers what
 * any model may use, and what needs a model's own types lives in the bridge.
 */
public interface ModelHooksProvider {

    /** The environment kind whose hooks this adds to ({@code environment.kind}). */
    String environmentKind();

    /**
     * The hooks for one run's environment.
     *
     * @param parts the environment side the kind made (its own hooks, its rewriter, ...)
     * @param context the run's seed, starting-models folder and log
     */
    ModelHooks hooks(EnvironmentParts parts, RunContext context) throws IOException;

    /**
     * Makes what the hooks need once before runs (starting models), as {@link
     * EnvironmentProvider#prepare} does; a no-op by default.
     */
    default void prepare(RunContext context) throws IOException {}
}
