/**
 * The endpoint kinds for the provider registry: {@code policy.kind: openai}
 * ({@link org.rlanything.openai.provider.OpenAiPolicyProvider}) and {@code reward_model.kind: openai}
 * ({@link org.rlanything.openai.provider.OpenAiRewardModelProvider}), their settings records, and the run-folder
 * side of a role ({@link org.rlanything.openai.provider.EndpointRole}: response log, counters, export).
 */
package org.rlanything.openai.provider;
