package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.core.loop.LearningFlags.Flag;

class LearningFlagsTest {

    @Test
    void aJudgeWithoutSamplesIsUnanimousWhenTasksWereInItsBandElseItsBandWasEmpty() {
        LearningFlags flags = new LearningFlags();
        assertEquals(
                List.of(Flag.JUDGE_UNANIMOUS),
                flags.observe(
                        1, Map.of("reward_model/samples", 0.0, "reward_model/tasks_in_band", 3.0)));
        assertEquals(
                List.of(Flag.JUDGE_BAND_EMPTY),
                flags.observe(
                        2, Map.of("reward_model/samples", 0.0, "reward_model/tasks_in_band", 0.0)));
        // a judge that got samples, or one that does not train (no such key), raises nothing
        assertEquals(List.of(), flags.observe(3, Map.of("reward_model/samples", 12.0)));
        assertEquals(List.of(), flags.observe(4, Map.of("actor/tasks_in_band", 2.0)));
        assertEquals(
                List.of(Flag.POLICY_BAND_EMPTY),
                flags.observe(5, Map.of("actor/tasks_in_band", 0.0)));
        assertEquals(
                List.of(Flag.ALL_WON),
                flags.observe(6, Map.of("actor/tasks_in_band", 0.0, "env/train_success", 1.0)));
        assertEquals(
                List.of(Flag.ALL_LOST),
                flags.observe(7, Map.of("actor/tasks_in_band", 0.0, "env/train_success", 0.0)));
        assertEquals(
                Map.of(
                        Flag.ALL_WON, List.of(6),
                        Flag.ALL_LOST, List.of(7),
                        Flag.JUDGE_UNANIMOUS, List.of(1),
                        Flag.JUDGE_BAND_EMPTY, List.of(2),
                        Flag.POLICY_BAND_EMPTY, List.of(5)),
                flags.raised());
        List<String> summary = flags.summary(7);
        assertTrue(summary.get(0).contains("(1 of 7 iterations)"), summary.toString());
        assertTrue(
                summary.get(0)
                        .endsWith("raise reward_model.temperature or algorithm.verdicts_per_step"),
                summary.toString());
    }

    @Test
    void heldOutSuccessAtOrBelowTheStartForThreeEvaluationsInARowIsFlagged() {
        String key = "val-core/game/success";
        LearningFlags flags = new LearningFlags();
        assertEquals(List.of(), flags.observe(0, Map.of(key, 0.5)));
        assertEquals(List.of(), flags.observe(5, Map.of(key, 0.5)));
        assertEquals(
                List.of(), flags.observe(6, Map.of("actor/tasks_in_band", 1.0))); // no evaluation
        assertEquals(List.of(), flags.observe(10, Map.of(key, 0.4)));
        assertEquals(List.of(Flag.HELD_OUT_NOT_ABOVE_START), flags.observe(15, Map.of(key, 0.5)));
        // rising above the start clears the count
        assertEquals(List.of(), flags.observe(20, Map.of(key, 0.6)));
        assertEquals(List.of(), flags.observe(25, Map.of(key, 0.5)));
        assertEquals(0.5, flags.start());
    }

    @Test
    void aStartThatNothingCanBeatIsNeverFlagged() {
        String key = "val-core/game/success";
        LearningFlags flags = new LearningFlags();
        for (int t = 0; t <= 20; t += 5) {
            assertEquals(List.of(), flags.observe(t, Map.of(key, 1.0)));
        }
    }
}
