package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;

/**
 * One task's rollouts with a person's corrections applied (method.md, "Corrections").
 *
 * <p>How and why: (a) for the policy, a corrected step's m verdicts are replaced by m copies of the
 * person's verdict, so its integrated reward is the outcome plus λ times the person's verdict: the
 * person is taken as a judge that is always right. (b) For the judge, the step's consistency
 * samples (which reward agreeing with an integrated reward built on the judge's own, wrong,
 * verdicts) are dropped, and each of its m judgments gets advantage +1 when its verdict is the
 * person's and −1 otherwise (an invalid verdict is never the person's). These advantages are not
 * z-scored over the m: the case a person corrects is the one where all m verdicts are wrong, which
 * a z-score would turn into no signal at all.
 *
 * @param forPolicy the rollouts with the corrected steps' judgments replaced
 * @param judgeSamples the judge's samples of the corrected steps
 * @param corrected the corrected steps, as judge requests (trajectory, step)
 */
record CorrectedRollouts(
        TaskRollouts forPolicy, List<RewardModelSample> judgeSamples, Set<StepId> corrected) {

    /** A step of one of the task's trajectories (by identity of the trajectory). */
    record StepId(int trajectory, int step) {}

    /** The rollouts of {@code rollouts} with {@code corrections} applied; unchanged when none. */
    static CorrectedRollouts of(TaskRollouts rollouts, StepCorrections corrections) {
        if (!rollouts.judged() || corrections.inForce() == 0) {
            return new CorrectedRollouts(rollouts, List.of(), Set.of());
        }
        List<List<List<Judgment>>> judgments = new ArrayList<>();
        List<RewardModelSample> samples = new ArrayList<>();
        Set<StepId> corrected = new HashSet<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            Trajectory trajectory = rollouts.trajectories().get(k);
            List<List<Judgment>> steps = new ArrayList<>(rollouts.judgments().get(k));
            List<String> actions = new ArrayList<>();
            for (int i = 0; i < trajectory.length(); i++) {
                actions.add(trajectory.steps().get(i).action().command());
                Optional<Verdict> person = corrections.find(rollouts.task().id(), actions);
                if (person.isEmpty()) {
                    continue;
                }
                corrected.add(new StepId(k, i));
                List<Judgment> original = steps.get(i);
                List<Judgment> replaced = new ArrayList<>(original.size());
                JudgeRequest request = new JudgeRequest(trajectory, i);
                for (Judgment j : original) {
                    replaced.add(new Judgment("(a person's correction)", person.get(), 0.0, null));
                    samples.add(
                            new RewardModelSample(
                                    request, j, j.verdict() == person.get() ? 1.0 : -1.0));
                }
                steps.set(i, List.copyOf(replaced));
            }
            judgments.add(steps);
        }
        if (corrected.isEmpty()) {
            return new CorrectedRollouts(rollouts, List.of(), Set.of());
        }
        return new CorrectedRollouts(
                new TaskRollouts(
                        rollouts.role(),
                        rollouts.slot(),
                        rollouts.task(),
                        rollouts.trajectories(),
                        judgments),
                samples,
                corrected);
    }

    /** {@code samples} less those of corrected steps. */
    List<RewardModelSample> withoutCorrected(
            TaskRollouts rollouts, List<RewardModelSample> samples) {
        if (corrected.isEmpty()) {
            return samples;
        }
        java.util.Map<Trajectory, Integer> index = new java.util.IdentityHashMap<>();
        for (int k = 0; k < rollouts.trajectories().size(); k++) {
            index.put(rollouts.trajectories().get(k), k);
        }
        List<RewardModelSample> kept = new ArrayList<>(samples.size());
        for (RewardModelSample s : samples) {
            Integer k = index.get(s.request().trajectory());
            if (k == null || !corrected.contains(new StepId(k, s.request().stepIndex()))) {
                kept.add(s);
            }
        }
        return kept;
    }
}
