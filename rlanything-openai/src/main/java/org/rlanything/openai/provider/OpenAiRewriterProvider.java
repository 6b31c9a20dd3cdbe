package org.rlanything.openai.provider;

import org.rlanything.core.Rewriter;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewriterProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointRoles;

/**
 * {@code rewriter.kind: openai}: tasks are rewritten by a model behind an OpenAI-compatible
 * endpoint.
 */
public final class OpenAiRewriterProvider implements RewriterProvider<OpenAiRewriterConfig> {

    @Override
    public String kind() {
        return OpenAiPolicyProvider.KIND;
    }

    @Override
    public Class<OpenAiRewriterConfig> configType() {
        return OpenAiRewriterConfig.class;
    }

    @Override
    public OpenAiRewriterConfig defaults() {
        return OpenAiRewriterConfig.DEFAULTS;
    }

    @Override
    public Rewriter create(
            OpenAiRewriterConfig config, RunContext context, EnvironmentParts environment) {
        ChatClient client = ChatClient.builder(config.client()).role("rewriter").build();
        return environment.hooks() instanceof EndpointRoles roles
                ? new OpenAiRewriter(client, roles.rewriter(client))
                : new OpenAiRewriter(client, environment.codec());
    }
}
