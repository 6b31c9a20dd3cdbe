package org.rlanything.core;

import java.util.Objects;

/**
 * What the policy produced at one step.
 *
 * @param command the action sent to the environment (for list-based environments: one admissible
 *     command)
 * @param response the full text the policy generated (reasoning plus action); what the update
 *     trains on
 * @param logProb log-probability of the response under the sampling policy
 * @param payload the backend's record of how the response was produced (for example prompt and
 *     response token ids), so that the update trains on exactly the tokens that were produced; may
 *     be null
 */
public record Action(String command, String response, double logProb, Payload payload) {
    public Action {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(response, "response");
    }

    /** The payload as {@code type} (see {@link Payload#as}). */
    public <P extends Payload> P payload(Class<P> type) {
        return Payload.as(payload, type, "an action");
    }
}
