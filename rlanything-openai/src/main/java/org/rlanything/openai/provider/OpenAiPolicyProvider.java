package org.rlanything.openai.provider;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointRoles;

/** {@code policy.kind: openai}: the policy is a model behind an OpenAI-compatible endpoint. */
public final class OpenAiPolicyProvider implements PolicyProvider<OpenAiPolicyConfig> {

    /** The kind's name (the judge's too). */
    public static final String KIND = "openai";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<OpenAiPolicyConfig> configType() {
        return OpenAiPolicyConfig.class;
    }

    @Override
    public OpenAiPolicyConfig defaults() {
        return OpenAiPolicyConfig.DEFAULTS;
    }

    @Override
    public Policy create(
            OpenAiPolicyConfig config, RunContext context, EnvironmentParts environment) {
        ChatClient client = ChatClient.builder(config.client()).role("policy").build();
        return environment.hooks() instanceof EndpointRoles roles
                ? new OpenAiPolicy(client, roles.policy(client))
                : new OpenAiPolicy(client, config.endpoint().promptText(environment.hooks()));
    }
}
