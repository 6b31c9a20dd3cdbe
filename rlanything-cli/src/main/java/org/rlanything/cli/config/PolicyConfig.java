package org.rlanything.cli.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** The {@code policy} section; {@code kind} selects the backend. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind", defaultImpl = TabularPolicyConfig.class)
@JsonSubTypes({@JsonSubTypes.Type(value = TabularPolicyConfig.class, name = "tabular"),
    @JsonSubTypes.Type(value = NeuralPolicyConfig.class, name = "neural")})
public interface PolicyConfig {
}
