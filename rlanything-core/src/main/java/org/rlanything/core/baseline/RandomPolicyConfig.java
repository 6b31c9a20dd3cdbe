package org.rlanything.core.baseline;

import org.rlanything.core.spi.PolicyConfig;

/** {@code policy.kind: random}: no keys. */
public record RandomPolicyConfig() implements PolicyConfig {}
