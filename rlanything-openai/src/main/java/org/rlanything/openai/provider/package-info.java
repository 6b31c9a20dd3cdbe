/**
 * The endpoint kinds for the provider registry: {@code policy.kind: openai} ({@link
 * org.rlanything.openai.provider.OpenAiPolicyProvider}), {@code reward_model.kind: openai} ({@link
 * org.rlanything.openai.provider.OpenAiRewardModelProvider}) and {@code rewriter.kind: openai}
 * ({@link org.rlanything.openai.provider.OpenAiRewriterProvider}), their settings records, and the
 * run-folder side of a role ({@link org.rlanything.openai.provider.EndpointRole}: response log,
 * counters, export).
 */
package org.rlanything.openai.provider;
