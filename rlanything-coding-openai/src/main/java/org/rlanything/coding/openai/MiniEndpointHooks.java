package org.rlanything.coding.openai;

import org.rlanything.coding.embedded.MiniEnvironmentProvider;
import org.rlanything.coding.loop.CodingChat;
import org.rlanything.core.Rewriter;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.ModelHooksProvider;
import org.rlanything.core.spi.RunContext;

/**
 * What the {@code openai} kinds need of {@code environment.kind: coding-mini}: the stack language's
 * {@link CodingEndpointRoles}; the rewriter stays the environment's rule-based one.
 */
public final class MiniEndpointHooks implements ModelHooksProvider {

    @Override
    public String environmentKind() {
        return MiniEnvironmentProvider.KIND;
    }

    @Override
    public ModelHooks hooks(EnvironmentParts parts, RunContext context) {
        Rewriter own = parts.rewriter();
        return new CodingEndpointRoles(CodingChat.STACK_LANGUAGE, client -> own);
    }
}
