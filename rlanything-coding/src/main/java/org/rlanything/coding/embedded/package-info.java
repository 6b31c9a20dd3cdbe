/**
 * The {@code coding-mini} environment kind, the stack language in the loop (issue 15, item 5):
 * {@link org.rlanything.coding.embedded.MiniEnvironmentProvider} makes the pool from the run seed,
 * {@link org.rlanything.coding.embedded.MiniRewriter} makes harder or easier variants within a
 * family, {@link org.rlanything.coding.embedded.MiniEvaluation} scores the policy and the test
 * writer on three held-out sets beside two trivial judges. Its embedded neural models live in the
 * bridge module rlanything-coding-neural ({@code org.rlanything.coding.neural}).
 */
package org.rlanything.coding.embedded;
