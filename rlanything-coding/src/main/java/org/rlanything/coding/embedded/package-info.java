/**
 * The embedded (neural) models of the stack language and the {@code coding-mini} environment kind
 * that offers them (issue 15, item 5): {@link org.rlanything.coding.embedded.MiniWarmStart} and
 * {@link org.rlanything.coding.embedded.MiniStartingModels} make a small policy and test writer
 * from a seed, once, into a starting-models folder; {@link
 * org.rlanything.coding.embedded.MiniNeuralModels} loads them for {@code policy.kind: neural} and
 * {@code reward_model.kind: neural}; {@link org.rlanything.coding.embedded.MiniRewriter} makes
 * harder or easier variants within a family; {@link org.rlanything.coding.embedded.MiniEvaluation}
 * scores the policy and the test writer on three held-out sets beside two trivial judges.
 */
package org.rlanything.coding.embedded;
