package org.rlanything.coding.openai;

import org.rlanything.coding.loop.CodingEnvironmentProvider;
import org.rlanything.coding.loop.CodingRewriterHook;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.ModelHooksProvider;
import org.rlanything.core.spi.RunContext;

/**
 * What the {@code openai} kinds need of {@code environment.kind: coding}: its {@link
 * CodingEndpointRoles} for Python problems, whose rewriter is the environment's own over the
 * endpoint ({@link CodingRewriterHook}).
 */
public final class CodingEndpointHooks implements ModelHooksProvider {

    @Override
    public String environmentKind() {
        return CodingEnvironmentProvider.KIND;
    }

    @Override
    public ModelHooks hooks(EnvironmentParts parts, RunContext context) {
        if (!(parts.hooks() instanceof CodingRewriterHook rewriting)) {
            throw new IllegalStateException(
                    "The coding environment offers no CodingRewriterHook: " + parts.hooks());
        }
        return new CodingEndpointRoles(rewriting);
    }
}
