package org.rlanything.core.spi;

/**
 * What an environment offers the model kinds besides its parts: one object that implements the
 * hand-off interfaces the model kinds declare in their own modules (the neural kinds' {@code
 * NeuralModels}: how to make neural models for this environment's prompts; the openai kinds' {@code
 * EndpointRoles}: this environment's own endpoint roles). A model kind asks with a type pattern
 * ({@code environment.hooks() instanceof NeuralModels models}) and refuses, or uses its own generic
 * form, when the environment offers none; the module that offers a hook names the module that
 * declares it in its pom. No map of classes, no cast. This is the one way a kind says that it needs
 * something of the environment (the element kinds' {@code ElementLists}, the tabular kinds' {@code
 * DoorButtonTables}): no compare of kind names, no test of the environment's class; a kind that
 * finds no hook refuses with {@link EnvironmentParts#refuses}.
 */
public interface ModelHooks {

    /** An environment that offers no hook. */
    ModelHooks NONE = new ModelHooks() {};
}
