package org.rlanything.core.loop;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Slot;
import org.rlanything.core.Trajectory;

/**
 * Collects one iteration's figures under verl-style names ({@code group/name/stat}): {@code
 * actor/...}, {@code critic/...}, {@code reward_model/...}, {@code env/...}, {@code timing_s/...},
 * {@code training/global_step}. Figures that are undefined this iteration are left out rather than
 * NaN.
 *
 * <p>Reward-model accuracies here are measured on the training rollouts with the pre-update model,
 * by the rules of {@link JudgeAccuracy}.
 */
final class IterationMetrics {

    private final LoopConfig config;
    private final Map<String, Double> values = new HashMap<>();
    private double rewardSum;
    private long rewardCount;
    private int policyTasks;
    private int rewardModelTasks;
    private long verdictJudged;
    private long verdictOnly;
    private long verdictAgainst;

    IterationMetrics(LoopConfig config) {
        this.config = config;
    }

    void put(String name, double value) {
        if (Double.isFinite(value)) {
            values.put(name, value);
        }
    }

    void put(String prefix, Map<String, Double> figures) {
        figures.forEach((name, value) -> put(prefix + name, value));
    }

    void timing(String phase, long nanos) {
        put("timing_s/" + phase, nanos / 1e9);
    }

    void policyTask(List<double[]> stepRewards) {
        policyTasks++;
        for (double[] rewards : stepRewards) {
            for (double r : rewards) {
                rewardSum += r;
                rewardCount++;
            }
        }
    }

    /**
     * Counts the policy's samples whose signal comes from the verdicts alone (the outcome gives the
     * step 0 under the same standardisation) and those the verdicts turn against the outcome (signs
     * differ): how much of the policy's data the judge decides.
     */
    void verdictShares(List<double[]> advantages, List<double[]> outcomeAdvantages) {
        for (int k = 0; k < advantages.size(); k++) {
            double[] a = advantages.get(k);
            double[] o = outcomeAdvantages.get(k);
            for (int i = 0; i < a.length; i++) {
                if (a[i] == 0.0) {
                    continue;
                }
                verdictJudged++;
                if (o[i] == 0.0) {
                    verdictOnly++;
                } else if (Math.signum(a[i]) != Math.signum(o[i])) {
                    verdictAgainst++;
                }
            }
        }
    }

    void rewardModelTask() {
        rewardModelTasks++;
    }

    void policySamples(List<PolicySample> samples) {
        put("actor/tasks_in_band", policyTasks);
        put("actor/samples", samples.size());
        put("actor/dropped_zero_adv", rewardCount - samples.size());
        if (rewardCount > 0) {
            put("critic/rewards/mean", rewardSum / rewardCount);
        }
        if (verdictJudged > 0) {
            put("actor/verdict_only_share", (double) verdictOnly / verdictJudged);
            put("actor/verdict_against_outcome_share", (double) verdictAgainst / verdictJudged);
        }
        if (!samples.isEmpty()) {
            double sum = 0;
            double max = Double.NEGATIVE_INFINITY;
            double min = Double.POSITIVE_INFINITY;
            for (PolicySample sample : samples) {
                sum += sample.advantage();
                max = Math.max(max, sample.advantage());
                min = Math.min(min, sample.advantage());
            }
            put("critic/advantages/mean", sum / samples.size());
            put("critic/advantages/max", max);
            put("critic/advantages/min", min);
        }
    }

    void rewardModelSamples(List<RewardModelSample> samples) {
        if (!config.trainRewardModel()) {
            return;
        }
        put("reward_model/tasks_in_band", rewardModelTasks);
        put("reward_model/samples", samples.size());
        if (!samples.isEmpty()) {
            double sum = 0;
            for (RewardModelSample sample : samples) {
                sum += sample.advantage();
            }
            put("reward_model/advantages/mean", sum / samples.size());
        }
    }

    /** Success, lengths and reward-model accuracy over this iteration's rollouts. */
    void rollouts(List<TaskRollouts> results, List<Slot> slots) {
        long activeWon = 0;
        long activeCount = 0;
        double outcomeSum = 0;
        long trajectories = 0;
        long steps = 0;
        double candidateAccSum = 0;
        int candidates = 0;
        double replacedAccSum = 0;
        int replaced = 0;
        JudgeAccuracy judge = new JudgeAccuracy();
        for (TaskRollouts result : results) {
            for (Trajectory trajectory : result.trajectories()) {
                trajectories++;
                steps += trajectory.length();
                outcomeSum += trajectory.outcome();
                if (result.role() == TaskRollouts.Role.ACTIVE) {
                    activeCount++;
                    activeWon += trajectory.won() ? 1 : 0;
                }
            }
            if (result.role() == TaskRollouts.Role.CANDIDATE) {
                candidates++;
                candidateAccSum += result.accuracy();
            } else if (slots.get(result.slot()).acceptedCount() > 0
                    && slots.get(result.slot()).active().equals(result.task())) {
                replaced++;
                replacedAccSum += result.accuracy();
            }
            judge.add(result);
        }
        if (activeCount > 0) {
            put("env/train_success", (double) activeWon / activeCount);
        }
        if (trajectories > 0) {
            put("critic/score/mean", outcomeSum / trajectories);
            put("env/steps/mean", (double) steps / trajectories);
        }
        if (candidates > 0) {
            put("env/candidate_success", candidateAccSum / candidates);
        }
        if (replaced > 0) {
            put("env/accepted_task_success", replacedAccSum / replaced);
        }
        judge.figures("reward_model/").forEach(this::put);
    }

    void pool(List<PoolEvent> events, List<Slot> slots, long acceptedTotal, long rejectedTotal) {
        int accepted = 0;
        int rejected = 0;
        int harder = 0;
        int easier = 0;
        int declined = 0;
        for (PoolEvent event : events) {
            switch (event.kind()) {
                case ACCEPTED:
                    accepted++;
                    break;
                case REJECTED:
                    rejected++;
                    break;
                case PROPOSED:
                    if (event.goal() == org.rlanything.core.RewriteGoal.HARDER) {
                        harder++;
                    } else {
                        easier++;
                    }
                    break;
                case DECLINED:
                    declined++;
                    break;
                default:
                    break;
            }
        }
        int pending = 0;
        for (Slot slot : slots) {
            pending += slot.pendingCandidate().isPresent() ? 1 : 0;
        }
        put("env/accepted", accepted);
        put("env/rejected", rejected);
        put("env/harder", harder);
        put("env/easier", easier);
        put("env/declined", declined);
        put("env/pending", pending);
        put("env/pool_size", slots.size());
        put("env/accepted_total", acceptedTotal);
        put("env/rejected_total", rejectedTotal);
    }

    Map<String, Double> values() {
        return values;
    }
}
