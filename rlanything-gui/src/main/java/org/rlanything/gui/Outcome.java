package org.rlanything.gui;

/**
 * The page's own verdict on the episode so far (MiniWoB++'s {@code WOB_REWARD_GLOBAL}, {@code
 * WOB_RAW_REWARD_GLOBAL}, {@code WOB_DONE_GLOBAL}, {@code WOB_REWARD_REASON}).
 *
 * @param reward the reward in [-1, 1], shrunk by the time taken on pages that reward speed
 * @param rawReward the reward before the time discount (depends on the actions only)
 * @param done whether the page ended the episode
 * @param reason the page's reason, or null
 */
public record Outcome(double reward, double rawReward, boolean done, String reason) {

    /** Whether the page's checker reports success: done with a positive raw reward. */
    public boolean won() {
        return done && rawReward > 0;
    }
}
