package org.rlanything.cli.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** The {@code environment} section; {@code kind} selects the environment. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind", defaultImpl = KeyLockEnvironmentConfig.class)
@JsonSubTypes({@JsonSubTypes.Type(value = KeyLockEnvironmentConfig.class, name = "keylock"),
    @JsonSubTypes.Type(value = AlfworldEnvironmentConfig.class, name = "alfworld")})
public interface EnvironmentConfig {

    /** H, the step limit of a training rollout. */
    Integer maxSteps();

    /** Slots of the task pool (original tasks). */
    Integer poolSize();
}
