package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Judgment;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.reward.AccuracyBand;

/**
 * A reviewer simulated from the setting's step labels, to measure what a person's corrections are
 * worth ({@code rlanything bench review}, {@code trainer.simulated_reviewer}).
 *
 * <p>How: each iteration, once the rollouts that reach training are judged and before the update,
 * it takes the steps of the tasks inside the reward model's accuracy band (the judge's training
 * data), and corrects {@code k} of them ({@link Picks}): by default those the judge is least sure
 * of, whose m verdicts split most evenly ({@code min(#+1, #-1)}, largest first; ties in a seeded
 * random order); or those it gets most surely wrong. It answers with the step's label (the
 * restrained oracle's where the environment has one, as a person who sees only what the agent saw,
 * else the planner's). A correction names a step by its task and its actions, as a person's does
 * ({@link StepCorrections}), so it also applies to the other rollouts of the iteration that took
 * the same step. It holds for this iteration only: the next one corrects its own rollouts, so the
 * reviewer has no state a checkpoint must keep, and resume stays exact.
 *
 * <p>Why before the update: it models a person reviewing each iteration as it pauses; with {@code
 * rlanything review} beside a running run, corrections count from the next iteration on, on the
 * steps later rollouts take again. A person's corrections ({@code corrections.jsonl}) stay in force
 * beside the simulated ones and win where both name a step. Steps whose environment gives no label
 * are never picked.
 */
public final class SimulatedReviewer implements StepCorrections {

    /**
     * Which steps the reviewer corrects. {@code SPLIT} (the rule, the default): the judge's
     * least sure, those whose verdicts split most evenly, the steps consistency feedback already
     * trains on. {@code WRONG}: the steps whose verdicts most contradict the label, unanimous
     * errors first, which consistency feedback cannot reach (their m raw rewards are equal); it
     * models a person who reads the steps and corrects what they find wrong.
     */
    public enum Picks {
        SPLIT,
        WRONG
    }

    private static final long REVIEW = Seeds.purpose("simulated-review");

    private final StepCorrections person;
    private final int k;
    private final long seed;
    private final AccuracyBand band;
    private final Picks picks;
    private int iteration;
    private Map<String, Verdict> corrected = Map.of();

    /**
     * @param person the run's own corrections, which stay in force
     * @param k steps corrected per iteration
     * @param seed the run seed (ties between equally split steps are broken from it)
     * @param band the reward model's accuracy band: the tasks whose steps train the judge
     */
    public SimulatedReviewer(StepCorrections person, int k, long seed, AccuracyBand band) {
        this(person, k, seed, band, Picks.SPLIT);
    }

    /** A reviewer as above that corrects the steps {@code picks} chooses. */
    public SimulatedReviewer(
            StepCorrections person, int k, long seed, AccuracyBand band, Picks picks) {
        if (k < 0) {
            throw new IllegalArgumentException("k (" + k + ") must be >= 0.");
        }
        this.person = person;
        this.k = k;
        this.seed = seed;
        this.band = band;
        this.picks = java.util.Objects.requireNonNull(picks, "picks");
    }

    @Override
    public void iterationStarts(int iteration) {
        person.iterationStarts(iteration);
        this.iteration = iteration;
        corrected = Map.of();
    }

    @Override
    public void judged(List<TaskRollouts> training) {
        List<Candidate> candidates = new ArrayList<>();
        for (TaskRollouts rollouts : training) {
            if (!rollouts.judged() || !band.contains(rollouts.accuracy())) {
                continue;
            }
            for (int t = 0; t < rollouts.trajectories().size(); t++) {
                Trajectory trajectory = rollouts.trajectories().get(t);
                List<String> actions = new ArrayList<>();
                for (int i = 0; i < trajectory.length(); i++) {
                    Step step = trajectory.steps().get(i);
                    actions.add(step.action().command());
                    Verdict answer = answer(step);
                    List<Judgment> judgments = rollouts.judgments().get(t).get(i);
                    int rank = picks == Picks.SPLIT ? split(judgments) : against(judgments, answer);
                    if (answer != null && (picks == Picks.SPLIT || wrong(judgments, answer))) {
                        candidates.add(
                                new Candidate(key(rollouts.task().id(), actions), rank, answer));
                    }
                }
            }
        }
        // a seeded shuffle, then a stable sort: equally split steps come in a random order
        RandomGenerator rng = Seeds.rng(seed, iteration, REVIEW);
        for (int i = candidates.size() - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            Candidate swap = candidates.get(i);
            candidates.set(i, candidates.get(j));
            candidates.set(j, swap);
        }
        candidates.sort(Comparator.comparingInt(Candidate::rank).reversed());
        Map<String, Verdict> chosen = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            if (chosen.size() == k) {
                break;
            }
            chosen.putIfAbsent(c.key(), c.answer());
        }
        corrected = new HashMap<>(chosen);
    }

    @Override
    public Optional<Verdict> find(String taskId, List<String> actions) {
        Optional<Verdict> own = person.find(taskId, actions);
        return own.isPresent() ? own : Optional.ofNullable(corrected.get(key(taskId, actions)));
    }

    @Override
    public int inForce() {
        return person.inForce() + corrected.size();
    }

    /** The verdict a person who knows the step's label would give; null without a label. */
    private static Verdict answer(Step step) {
        StepLabel label =
                step.restrainedLabel() != StepLabel.UNKNOWN ? step.restrainedLabel() : step.label();
        return label.expectedVerdict();
    }

    /** How many of the step's verdicts differ from {@code answer} (an invalid one differs). */
    private static int against(List<Judgment> judgments, Verdict answer) {
        int n = 0;
        for (Judgment j : judgments) {
            n += j.verdict() == answer ? 0 : 1;
        }
        return n;
    }

    /** Whether most of the step's verdicts differ from {@code answer}. */
    private static boolean wrong(List<Judgment> judgments, Verdict answer) {
        return answer != null && 2 * against(judgments, answer) > judgments.size();
    }

    /** How evenly the step's verdicts split: the smaller of the +1 and the -1 counts. */
    private static int split(List<Judgment> judgments) {
        int plus = 0;
        int minus = 0;
        for (Judgment j : judgments) {
            plus += j.verdict() == Verdict.POSITIVE ? 1 : 0;
            minus += j.verdict() == Verdict.NEGATIVE ? 1 : 0;
        }
        return Math.min(plus, minus);
    }

    private static String key(String taskId, List<String> actions) {
        StringBuilder b = new StringBuilder(taskId);
        for (String a : actions) {
            b.append('\u0000').append(a);
        }
        return b.toString();
    }

    /** A step that may be corrected, and its rank under the reviewer's {@link Picks}. */
    private record Candidate(String key, int rank, Verdict answer) {}
}
