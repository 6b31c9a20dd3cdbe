package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.LoopConfig;

class ProgressListenerTest {

    @Test
    void theLineWarnsOnceMuHasStayedBelowTheThresholdForFiveIterations() {
        double[] mus = {1.10, 1.01, 1.00, 1.015, 1.0, Double.NaN, 1.01, 1.00, 1.2, 1.0};
        int streak = 0;
        int[] streaks = new int[mus.length];
        for (int t = 0; t < mus.length; t++) {
            streak = ProgressListener.lowMuStreak(streak, Double.isNaN(mus[t]) ? null : mus[t]);
            streaks[t] = streak;
        }
        // An iteration without a μ (no judged rollouts) neither breaks nor extends the run.
        assertEquals("[0, 1, 2, 3, 4, 4, 5, 6, 0, 1]", java.util.Arrays.toString(streaks));
        Map<String, Double> m = Map.of("env/train_success", 0.5, "reward_model/mu", 1.004);
        String quiet = ProgressListener.summary(m, 4);
        assertFalse(quiet.contains("WARNING"), quiet);
        assertTrue(quiet.contains(" rm_mu 1.004"), quiet);
        String warned = ProgressListener.summary(m, 6);
        assertTrue(
                warned.endsWith(" WARNING judge collapsing: mu < 1.02 for 6 iterations"), warned);
    }

    @Test
    void aJudgeImprovingFromChanceIsNotCollapsing() {
        // μ below the threshold for five iterations, but rising from where the streak began
        assertFalse(ProgressListener.collapsing(5, 1.000, 1.016));
        // flat or falling: it warns
        assertTrue(ProgressListener.collapsing(5, 1.010, 1.010));
        assertTrue(ProgressListener.collapsing(6, 1.015, 1.001));
        // too short a streak never warns
        assertFalse(ProgressListener.collapsing(4, 1.010, 1.000));
    }

    @Test
    void aRunWhoseJudgeTrainsOnOneVerdictPerStepIsToldItWillNotLearn() {
        String note =
                ProgressListener.untrainedJudgeNote(loop(Ablation.POLICY_REWARD_ENV, 1))
                        .orElseThrow();
        assertTrue(note.contains("verdicts_per_step is 1"), note);
        assertTrue(note.contains("2 or more"), note);
        // two verdicts give the judge samples; an arm that never trains the judge needs none
        assertTrue(
                ProgressListener.untrainedJudgeNote(loop(Ablation.POLICY_REWARD_ENV, 2)).isEmpty());
        assertTrue(ProgressListener.untrainedJudgeNote(loop(Ablation.OUTCOME_ONLY, 1)).isEmpty());
    }

    private static LoopConfig loop(Ablation arm, int m) {
        return new LoopConfig(
                1, AlgorithmConfig.builder().arm(arm).verdictsPerStep(m).build(), 10, 0);
    }
}
