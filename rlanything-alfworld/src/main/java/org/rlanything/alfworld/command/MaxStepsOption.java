package org.rlanything.alfworld.command;

import org.rlanything.alfworld.AlfworldEnvironment;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --max-steps}, shared by the commands that play ALFWorld episodes: the episode's step limit
 * (>= 1).
 */
public final class MaxStepsOption {

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    private int maxSteps = AlfworldEnvironment.DEFAULT_MAX_STEPS;

    @Option(
            names = "--max-steps",
            defaultValue = "" + AlfworldEnvironment.DEFAULT_MAX_STEPS,
            description = "Episode step limit (default ${DEFAULT-VALUE}).")
    void set(int value) {
        if (value < 1) {
            throw new ParameterException(
                    spec.commandLine(), "--max-steps (" + value + ") must be >= 1.");
        }
        maxSteps = value;
    }

    public int maxSteps() {
        return maxSteps;
    }
}
