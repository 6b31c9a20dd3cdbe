package org.rlanything.gui;

/**
 * How one episode played outside the loop ended.
 *
 * @param task the task family
 * @param seed the episode seed (the page's problem and the policy's choices)
 * @param instruction the instruction shown at the start
 * @param reward the page's reward (0 when the step limit came first)
 * @param rawReward the page's reward before its time discount
 * @param done whether the page ended the episode (false: cut at the step limit)
 * @param steps actions taken
 * @param attempts browsers it took: 1, or more when a browser died under it and it was re-run
 */
public record EpisodeResult(
        String task,
        long seed,
        String instruction,
        double reward,
        double rawReward,
        boolean done,
        int steps,
        int attempts) {}
