package org.rlanything.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopState;

/**
 * End-to-end: the full loop with a tabular policy and a tabular judge on key-lock corridors learns
 * in seconds, and capture/restore in the middle of a run reproduces the uninterrupted run exactly.
 */
class KeyLockLoopTest {

    private static double mean(List<IterationRecord> records, String metric, int from, int to) {
        double sum = 0;
        int count = 0;
        for (IterationRecord record : records.subList(from, to)) {
            Double value = record.metrics().get(metric);
            if (value != null) {
                sum += value;
                count++;
            }
        }
        return sum / count;
    }

    @Test
    void theFullLoopLearnsAndGrowsThePool() {
        List<IterationRecord> records = new ArrayList<>();
        KeyLockDemo demo = new KeyLockDemo(10086, Ablation.POLICY_REWARD_ENV, records::add);
        double startEval = demo.successRate(demo.policy(), 99);
        double startJudge = demo.judge().expectedProcessAccuracy();
        demo.loop().runUntil(40);
        double endEval = demo.successRate(demo.policy(), 99);
        assertTrue(
                endEval > startEval + 0.3,
                "held-out success rises: " + startEval + " -> " + endEval);
        assertTrue(
                mean(records, "reward_model/process_acc", 35, 40)
                        > mean(records, "reward_model/process_acc", 0, 5) + 0.1,
                "the judge learns to tell good steps from bad ones");
        assertTrue(
                demo.judge().expectedProcessAccuracy() > startJudge + 0.1,
                "the judge improves by the oracle too");
        assertTrue(
                records.get(39).metrics().get("env/accepted_total") > 0,
                "rewritten tasks were accepted");
        double successOnAccepted = mean(records, "env/accepted_task_success", 20, 40);
        assertTrue(
                successOnAccepted > 0.2 && successOnAccepted < 0.9,
                "accepted tasks stay inside the useful band: " + successOnAccepted);
    }

    @Test
    void restoringMidRunReproducesTheUninterruptedRun() {
        List<Map<String, Double>> expected = new ArrayList<>();
        KeyLockDemo straight =
                new KeyLockDemo(
                        5, Ablation.POLICY_REWARD_ENV, r -> expected.add(withoutTimings(r)));
        straight.loop().runUntil(12);

        List<Map<String, Double>> actual = new ArrayList<>();
        KeyLockDemo first =
                new KeyLockDemo(5, Ablation.POLICY_REWARD_ENV, r -> actual.add(withoutTimings(r)));
        first.loop().runUntil(6);
        LoopState state = first.loop().captureState();
        double[][] policyWeights = first.policy().weights();
        double[][] judgeWeights = first.judge().weights();

        KeyLockDemo resumed =
                new KeyLockDemo(5, Ablation.POLICY_REWARD_ENV, r -> actual.add(withoutTimings(r)));
        resumed.policy().restore(policyWeights);
        resumed.judge().restore(judgeWeights);
        resumed.loop().restoreState(state);
        resumed.loop().runUntil(12);

        assertEquals(expected, actual);
        assertEquals(straight.loop().captureState(), resumed.loop().captureState());
        assertTrue(
                straight.loop().captureState().acceptedTotal()
                                + straight.loop().captureState().rejectedTotal()
                        > 0,
                "the compared stretch includes pool changes");
    }

    private static Map<String, Double> withoutTimings(IterationRecord record) {
        Map<String, Double> metrics = new TreeMap<>(record.metrics());
        metrics.keySet().removeIf(name -> name.startsWith("timing_s/"));
        return metrics;
    }
}
