package org.rlanything.linear;

import org.rlanything.core.Payload;

/**
 * What the linear judge drew: GOOD ({@code true}) or BAD.
 *
 * @param good whether the verdict is GOOD
 */
public record LinearVerdict(boolean good) implements Payload {}
