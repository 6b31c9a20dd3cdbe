package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
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
 * a z-score would turn into no signal at all. Each judgment with the wrong verdict is paired with a
 * taught one ({@link Teacher}): the person's verdict on the same step, in the words the judge uses
 * for that verdict elsewhere, with advantage +1. Without it a step whose m verdicts are all wrong
 * only pushes the judge's text down, never says what to write instead; measured on ALFWorld (the
 * reviewer correcting the judge's surest errors, k = 20), two of five seeds drifted into
 * unparseable replies (docs/results/review-alfworld-2026-12-05.md).
 *
 * @param forPolicy the rollouts with the corrected steps' judgments replaced
 * @param judgeSamples the judge's samples of the corrected steps
 * @param corrected the corrected steps, as judge requests (trajectory, step)
 */
record CorrectedRollouts(
        TaskRollouts forPolicy, List<RewardModelSample> judgeSamples, Set<StepId> corrected) {

    /** A step of one of the task's trajectories (by identity of the trajectory). */
    record StepId(int trajectory, int step) {}

    /**
     * Writes a judgment of a step that says a given verdict, for the judge to learn it ({@link
     * org.rlanything.core.RewardModel#teach}); empty where the judge cannot learn one it did not
     * sample.
     */
    @FunctionalInterface
    interface Teacher {
        /** Teaches nothing: a corrected step trains the judge on its own m judgments only. */
        Teacher NONE = (request, verdict) -> Optional.empty();

        Optional<Judgment> teach(JudgeRequest request, Verdict verdict);
    }

    /**
     * A teacher that asks {@code judge} to write each verdict in the words of its most frequent
     * judgment with that verdict among {@code judged} (ties: the first text in string order), or a
     * bare {@code \\boxed{±1}} when it wrote none.
     */
    static Teacher teacher(RewardModel judge, List<TaskRollouts> judged) {
        Map<Verdict, Map<String, Integer>> counts = new EnumMap<>(Verdict.class);
        for (TaskRollouts rollouts : judged) {
            if (!rollouts.judged()) {
                continue;
            }
            for (List<List<Judgment>> trajectory : rollouts.judgments()) {
                for (List<Judgment> step : trajectory) {
                    for (Judgment j : step) {
                        if (j.verdict().isValid()) {
                            counts.computeIfAbsent(j.verdict(), v -> new TreeMap<>())
                                    .merge(j.text(), 1, Integer::sum);
                        }
                    }
                }
            }
        }
        Map<Verdict, Judgment> examples = new EnumMap<>(Verdict.class);
        for (Verdict v : List.of(Verdict.POSITIVE, Verdict.NEGATIVE)) {
            String text = v == Verdict.POSITIVE ? "\\boxed{1}" : "\\boxed{-1}";
            int best = 0;
            for (Map.Entry<String, Integer> e : counts.getOrDefault(v, Map.of()).entrySet()) {
                if (e.getValue() > best) {
                    best = e.getValue();
                    text = e.getKey();
                }
            }
            examples.put(v, new Judgment(text, v, 0.0, null));
        }
        return (request, verdict) ->
                verdict.isValid() ? judge.teach(request, examples.get(verdict)) : Optional.empty();
    }

    /** The rollouts of {@code rollouts} with {@code corrections} applied, nothing taught. */
    static CorrectedRollouts of(TaskRollouts rollouts, StepCorrections corrections) {
        return of(rollouts, corrections, Teacher.NONE);
    }

    /**
     * The rollouts of {@code rollouts} with {@code corrections} applied, each wrong judgment of a
     * corrected step paired with {@code teacher}'s; unchanged when no correction applies.
     */
    static CorrectedRollouts of(
            TaskRollouts rollouts, StepCorrections corrections, Teacher teacher) {
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
                Optional<Judgment> taught = Optional.empty();
                for (Judgment j : original) {
                    replaced.add(new Judgment("(a person's correction)", person.get(), 0.0, null));
                    boolean right = j.verdict() == person.get();
                    samples.add(new RewardModelSample(request, j, right ? 1.0 : -1.0));
                    if (!right) {
                        if (taught.isEmpty()) {
                            taught = teacher.teach(request, person.get());
                        }
                        taught.ifPresent(t -> samples.add(new RewardModelSample(request, t, 1.0)));
                    }
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
