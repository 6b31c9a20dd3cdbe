package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Says why a run may not be learning, iteration by iteration, from the figures the loop records
 * ({@code metrics.jsonl}'s lines, in order): the signs that a model got nothing to learn from, each
 * with the config key to change. Fed one iteration's metrics at a time ({@link #observe}); the
 * progress line shows what an iteration raised, the report and the run's last line count them.
 *
 * <ul>
 *   <li>{@link Flag#JUDGE_UNANIMOUS}: the judge trains but got no sample although tasks were in its
 *       band: every judged step's m verdicts agreed, and a unanimous step gives consistency
 *       feedback nothing to compare (method.md §4);
 *   <li>{@link Flag#JUDGE_BAND_EMPTY}: the judge trains but no task's accuracy lay in its band;
 *   <li>{@link Flag#POLICY_BAND_EMPTY}: no task's accuracy lay in the policy's band (every rollout
 *       of each task won, or every one lost), so the policy got no sample; {@link Flag#ALL_WON} and
 *       {@link Flag#ALL_LOST} where every training rollout of the iteration won, or lost;
 *   <li>{@link Flag#HELD_OUT_NOT_ABOVE_START}: the held-out success (the first {@code
 *       val-core/NAME/success}) has been at or below the start's for {@value #EVALUATIONS}
 *       evaluations in a row (not raised for a start at 1, which nothing can beat).
 * </ul>
 */
public final class LearningFlags {

    /** Evaluations in a row at or below the start before {@link Flag#HELD_OUT_NOT_ABOVE_START}. */
    public static final int EVALUATIONS = 3;

    /** A sign that a model got nothing to learn from. */
    public enum Flag {
        JUDGE_UNANIMOUS(
                "judge: no gradient, every step's verdicts unanimous",
                "judge idle: verdicts unanimous [reward_model.temperature]",
                "raise reward_model.temperature or algorithm.verdicts_per_step"),
        JUDGE_BAND_EMPTY(
                "judge: no gradient, no task in its band",
                "judge idle: band empty [algorithm.reward_model_band]",
                "widen algorithm.reward_model_band, or let the environment rewrite tasks (an"
                        + " algorithm.arm with Env)"),
        POLICY_BAND_EMPTY(
                "policy: no sample, no task in its band",
                "policy idle: band empty [algorithm.rollouts_per_task]",
                "raise algorithm.rollouts_per_task or widen algorithm.policy_band"),
        ALL_WON(
                "every training rollout won: nothing left to learn from",
                "all won [environment tasks]",
                "harder tasks (the environment's pool or settings), or an algorithm.arm with Env"
                        + " so the rewriter makes them harder"),
        ALL_LOST(
                "every training rollout lost: no success to learn from",
                "all lost [policy.imitate]",
                "easier tasks, a solver to imitate (policy.imitate), or more"
                        + " algorithm.rollouts_per_task"),
        HELD_OUT_NOT_ABOVE_START(
                "held-out success not above the start for " + EVALUATIONS + " evaluations",
                "held-out <= start x" + EVALUATIONS + " [policy.learning_rate]",
                "lower policy.learning_rate (neural: or set policy.kl_to_start)");

        private final String what;
        private final String tag;
        private final String remedy;

        Flag(String what, String tag, String remedy) {
            this.what = what;
            this.tag = tag;
            this.remedy = remedy;
        }

        /** What happened and the first key to look at, short enough for a progress line. */
        public String tag() {
            return tag;
        }

        /** What happened, in a few words. */
        public String what() {
            return what;
        }

        /** The key to change. */
        public String remedy() {
            return remedy;
        }

        /** What happened and the key to change, in one line. */
        public String line() {
            return what + ": " + remedy;
        }
    }

    private String heldOutKey;
    private double start = Double.NaN;
    private int notAbove;
    private final Map<Flag, List<Integer>> raised = new LinkedHashMap<>();

    /**
     * Reads one iteration's metrics (iteration 0: the start's evaluation) and returns the flags it
     * raises.
     */
    public List<Flag> observe(int iteration, Map<String, Double> metrics) {
        List<Flag> flags = new ArrayList<>();
        Double judgeSamples = metrics.get("reward_model/samples");
        if (judgeSamples != null && judgeSamples == 0) {
            Double inBand = metrics.get("reward_model/tasks_in_band");
            flags.add(inBand != null && inBand > 0 ? Flag.JUDGE_UNANIMOUS : Flag.JUDGE_BAND_EMPTY);
        }
        Double policyTasks = metrics.get("actor/tasks_in_band");
        Double success = metrics.get("env/train_success");
        if (policyTasks != null && policyTasks == 0) {
            flags.add(
                    success != null && success == 1
                            ? Flag.ALL_WON
                            : success != null && success == 0
                                    ? Flag.ALL_LOST
                                    : Flag.POLICY_BAND_EMPTY);
        }
        if (heldOutKey == null) {
            heldOutKey =
                    metrics.keySet().stream()
                            .filter(k -> k.startsWith("val-core/") && k.endsWith("/success"))
                            .sorted()
                            .findFirst()
                            .orElse(null);
        }
        Double heldOut = heldOutKey == null ? null : metrics.get(heldOutKey);
        if (heldOut != null) {
            if (Double.isNaN(start)) {
                start = heldOut;
            } else if (start < 1 && heldOut <= start) {
                notAbove++;
                if (notAbove >= EVALUATIONS) {
                    flags.add(Flag.HELD_OUT_NOT_ABOVE_START);
                }
            } else {
                notAbove = 0;
            }
        }
        for (Flag flag : flags) {
            raised.computeIfAbsent(flag, f -> new ArrayList<>()).add(iteration);
        }
        return flags;
    }

    /** The iterations each flag was raised in, in the order the flags first came. */
    public Map<Flag, List<Integer>> raised() {
        return raised;
    }

    /** The start's held-out success (NaN before an evaluation was read). */
    public double start() {
        return start;
    }

    /**
     * One line per flag raised over {@code iterations} iterations: what, how often, the key to
     * change; empty when none was.
     */
    public List<String> summary(int iterations) {
        List<String> lines = new ArrayList<>();
        raised.forEach(
                (flag, at) ->
                        lines.add(
                                String.format(
                                        Locale.ROOT,
                                        "%s (%s): %s",
                                        flag.what(),
                                        flag == Flag.HELD_OUT_NOT_ABOVE_START
                                                ? "since iteration "
                                                        + at.get(0)
                                                        + ", start "
                                                        + format(start)
                                                : at.size() + " of " + iterations + " iterations",
                                        flag.remedy())));
        return lines;
    }

    /** The flags raised by a whole run's metrics lines, read in order. */
    public static LearningFlags of(List<Map<String, Double>> lines) {
        LearningFlags flags = new LearningFlags();
        for (Map<String, Double> line : lines) {
            Double iteration = line.get("iteration");
            flags.observe(iteration == null ? -1 : iteration.intValue(), line);
        }
        return flags;
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
