package org.rlanything.coding.neural;

import org.rlanything.coding.loop.CodingChat;
import org.rlanything.coding.loop.CodingEnvironmentProvider;
import org.rlanything.coding.loop.CodingPrompts;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.ModelHooksProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.ImportedModels;

/**
 * What the {@code neural} kinds need of {@code environment.kind: coding}: models started from their
 * sections' {@code init} folders ({@link ImportedModels}): a chat model reads {@link
 * CodingChat#PROBLEMS}, the endpoint kinds' turns and parsers, one without a template {@link
 * CodingPrompts}. No embedded starting models write Python.
 */
public final class CodingNeuralHooks implements ModelHooksProvider {

    @Override
    public String environmentKind() {
        return CodingEnvironmentProvider.KIND;
    }

    @Override
    public ModelHooks hooks(EnvironmentParts parts, RunContext context) {
        return new ImportedModels(
                CodingEnvironmentProvider.KIND,
                new CodingPrompts(),
                CodingChat.PROBLEMS,
                context.seed());
    }
}
