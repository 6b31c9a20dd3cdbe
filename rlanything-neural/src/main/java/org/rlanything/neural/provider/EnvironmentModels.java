package org.rlanything.neural.provider;

import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.neural.ChatForm;
import org.rlanything.neural.GenericPromptFormat;

/**
 * Who makes the neural models of a run: the environment's own {@link NeuralModels} when it offers
 * them (ALFWorld, the coding settings); else, for a section whose {@code init} names a model
 * folder, {@link ImportedModels} reading the household chat form ({@link ChatForm#HOUSEHOLD}), the
 * turns and parsers the {@code openai} kinds serve such an environment with (MiniWoB++: the
 * instruction, the element list and the numbered legal actions). So a setting served by the
 * endpoint kinds is served by a local chat model alike, and its module need not depend on this one.
 * A model without a chat template reads {@link GenericPromptFormat#defaults} (an environment with a
 * prompt format of its own offers its own {@link NeuralModels}). A section without {@code init} of
 * an environment without its own gets the generic models ({@link GenericModels}: starting models
 * made from the environment's demonstrator and step labels, or from scratch).
 */
final class EnvironmentModels {

    private EnvironmentModels() {}

    /** The neural models for {@code section} (whose {@code init} is {@code init}) of a run. */
    static NeuralModels of(
            EnvironmentParts environment, RunContext context, Section section, String init) {
        if (environment.hooks() instanceof NeuralModels models) {
            return models;
        }
        if (init == null) {
            return GenericModels.of(environment, context);
        }
        return new ImportedModels(
                environment.kind(),
                GenericPromptFormat.defaults(),
                ChatForm.HOUSEHOLD,
                context.seed());
    }
}
