package org.rlanything.core;

/**
 * Turns an environment's tasks into text and back, so that the task pool (originals, accepted
 * rewrites, pending candidates) can be checkpointed. {@code decode(encode(t))} must equal {@code
 * t}.
 */
public interface TaskCodec {

    String encode(Task task);

    /**
     * @throws IllegalArgumentException with a message naming what is wrong when the text is not a
     *     task
     */
    Task decode(String text);
}
