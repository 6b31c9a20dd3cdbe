package org.rlanything.core.baseline;

import org.rlanything.core.spi.PolicyConfig;

/** {@code policy.kind: demonstrator}: no keys. */
public record DemonstratorPolicyConfig() implements PolicyConfig {}
