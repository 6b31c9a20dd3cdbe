package org.rlanything.cli.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** The {@code reward_model} section; {@code kind} selects the backend. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind", defaultImpl = TabularRewardModelConfig.class)
@JsonSubTypes({@JsonSubTypes.Type(value = TabularRewardModelConfig.class, name = "tabular"),
    @JsonSubTypes.Type(value = NeuralRewardModelConfig.class, name = "neural"),
    @JsonSubTypes.Type(value = LabelRewardModelConfig.class, name = "label")})
public interface RewardModelConfig {
}
