package org.rlanything.alfworld.plan;

import java.util.List;

/**
 * A shortest winning command sequence.
 *
 * @param commands the commands to type, in order (empty when the goal already holds)
 * @param expandedStates how many abstract states the search expanded (a cost figure)
 */
public record Plan(List<String> commands, int expandedStates) {

    public Plan {
        commands = List.copyOf(commands);
    }

    /** The number of commands. */
    public int length() {
        return commands.size();
    }
}
