package org.rlanything.linear;

import org.rlanything.core.Payload;

/**
 * How the linear policy chose: the index of the command among the step's admissible commands.
 *
 * @param index the chosen command's position in the admissible list
 */
public record LinearChoice(int index) implements Payload {}
