package org.rlanything.coding.neural;

import java.io.IOException;
import org.rlanything.coding.embedded.MiniEnvironmentProvider;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.ModelHooksProvider;
import org.rlanything.core.spi.RunContext;

/**
 * What the {@code neural} kinds need of {@code environment.kind: coding-mini}: the embedded models
 * ({@link MiniNeuralModels}), loaded from {@code trainer.starting_models}, which {@link #prepare}
 * makes from the run seed unless they exist.
 */
public final class MiniNeuralHooks implements ModelHooksProvider {

    @Override
    public String environmentKind() {
        return MiniEnvironmentProvider.KIND;
    }

    @Override
    public ModelHooks hooks(EnvironmentParts parts, RunContext context) {
        return new MiniNeuralModels(
                context.startingModels(), MiniLessons.defaults(context.seed()), context.log());
    }

    @Override
    public void prepare(RunContext context) throws IOException {
        if (context.startingModels() != null) {
            MiniStartingModels.ensure(
                    context.startingModels(), MiniLessons.defaults(context.seed()), context.log());
        }
    }
}
