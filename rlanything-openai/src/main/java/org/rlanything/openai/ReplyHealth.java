package org.rlanything.openai;

/**
 * Counts one client's replies that held no usable sample, to end a run its endpoint cannot serve
 * instead of training on nothing but failed samples (a server answering every request with an HTML
 * page gave exit 0, all-zero figures and about 1,450 warnings).
 *
 * <p>How: a reply is usable when at least one of its choices has text. {@link #FIRST} unusable
 * replies before any usable one mean the address or model is wrong ({@link
 * EndpointUnusableException}, bad input); {@link #LATER} in a row after usable ones mean the server
 * broke during the run ({@link EndpointException}, exit 1). Single unusable replies, which a
 * working server gives now and then, only count as {@code invalid_replies}.
 */
final class ReplyHealth {

    /** Unusable replies, with none usable before them, that end the run as bad input. */
    static final int FIRST = 8;

    /** Unusable replies in a row, after usable ones, that end the run as failed. */
    static final int LATER = 32;

    private final String endpoint;
    private final String role;
    private long usable;
    private int inARow;

    ReplyHealth(String endpoint, String role) {
        this.endpoint = endpoint;
        this.role = role;
    }

    /** Records one reply; {@code why} says what was wrong with it (null when usable). */
    synchronized void record(boolean ok, String why) {
        if (ok) {
            usable++;
            inARow = 0;
            return;
        }
        inARow++;
        if (usable == 0 && inARow >= FIRST) {
            throw new EndpointUnusableException(
                    "The endpoint "
                            + endpoint
                            + " ("
                            + role
                            + "): its first "
                            + inARow
                            + " replies held no usable answer (the last: "
                            + why
                            + "); it does not answer OpenAI chat completions as the run needs:"
                            + " check "
                            + role
                            + ".base_url and "
                            + role
                            + ".model.");
        }
        if (usable > 0 && inARow >= LATER) {
            throw new EndpointException(
                    "The endpoint "
                            + endpoint
                            + " ("
                            + role
                            + "): "
                            + inARow
                            + " replies in a row held no usable answer after "
                            + usable
                            + " usable ones (the last: "
                            + why
                            + "); the server stopped serving the run.",
                    200,
                    1,
                    null);
        }
    }
}
