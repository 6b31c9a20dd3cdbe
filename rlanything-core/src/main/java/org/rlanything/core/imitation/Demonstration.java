package org.rlanything.core.imitation;

import java.util.Objects;
import org.rlanything.core.PolicyContext;

/**
 * One behaviour-cloning target: what the policy saw in a state and the command the environment's
 * solver ({@link org.rlanything.core.spi.Demonstrator}) would take there.
 *
 * @param context the policy's view of the state
 * @param command the demonstrator's command, one of {@code context}'s admissible commands
 */
public record Demonstration(PolicyContext context, String command) {
    public Demonstration {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(command, "command");
    }

    /** The index of {@link #command} in the context's admissible commands (−1 if absent). */
    public int index() {
        return context.admissibleActions().indexOf(command);
    }
}
