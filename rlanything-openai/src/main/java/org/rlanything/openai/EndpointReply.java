package org.rlanything.openai;

import org.rlanything.chat.ActionParser;

/**
 * The payload an endpoint role attaches to an {@link org.rlanything.core.Action} or a {@link
 * org.rlanything.core.Judgment}: how the reply was read, so that a step without a usable answer is
 * recorded as such.
 *
 * @param text the reply's text (empty when the server's reply was unusable)
 * @param error why the reply had no text, or {@code null}
 * @param answer what was read as the answer (the action, the verdict, the task), empty if nothing
 * @param match how a policy's answer was mapped to a command; {@code null} for other roles
 */
public record EndpointReply(String text, String error, String answer, ActionParser.Match match)
        implements org.rlanything.core.Payload {}
