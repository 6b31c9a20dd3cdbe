package org.rlanything.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LearningFlags;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopListener;

/**
 * A terminal progress bar with ETA and the iteration's key figures: training success, the reward
 * model's balanced process accuracy and μ, and the pool's accepted/rejected rewrites. It warns when
 * the judge's μ on the training rollouts has stayed below {@value #COLLAPSE_MU} for {@value
 * #COLLAPSE_ITERATIONS} iterations in a row without rising: its verdicts then carry next to nothing
 * about the outcome (μ = 1 for any constant judge, method.md §6), which is how a collapsing judge
 * shows. A judge that starts at chance and improves has a low μ too, but a rising one: μ above its
 * value where the low streak began does not warn. It also shows the {@link LearningFlags} an
 * iteration raises (a judge or policy that got nothing to learn from, held-out success stuck at the
 * start), each with the key to change.
 */
final class ProgressListener implements LoopListener, AutoCloseable {

    /** μ below this counts towards the collapse warning. */
    static final double COLLAPSE_MU = 1.02;

    /** Iterations in a row with μ below {@link #COLLAPSE_MU} before the line warns. */
    static final int COLLAPSE_ITERATIONS = 5;

    /** The longest line the bar draws (its figures and up to two flags fit). */
    static final int LINE_WIDTH = 240;

    private final ProgressBar bar;
    private final LearningFlags flags = new LearningFlags();
    private int lowMu;
    private double streakStartMu = Double.NaN;

    ProgressListener(int start, int total) {
        this.bar =
                new ProgressBarBuilder()
                        .setTaskName("train")
                        .setInitialMax(total)
                        .setStyle(ProgressBarStyle.ASCII)
                        .setConsumer(new ConsoleProgressBarConsumer(System.err, LINE_WIDTH))
                        .setUnit(" it", 1)
                        .startsFrom(start, Duration.ZERO)
                        .setUpdateIntervalMillis(250)
                        .build();
    }

    /**
     * Reads the lines a run recorded before this listener saw any iteration (the start's
     * evaluation, a resumed run's earlier iterations), so its flags count from the start.
     */
    void prime(List<Map<String, Double>> lines) {
        for (Map<String, Double> line : lines) {
            Double iteration = line.get("iteration");
            flags.observe(iteration == null ? 0 : iteration.intValue(), line);
        }
    }

    @Override
    public void onIterationEnd(IterationRecord record) {
        bar.stepTo(record.iteration());
        List<LearningFlags.Flag> raised = flags.observe(record.iteration(), record.metrics());
        Double mu = record.metrics().get("reward_model/mu");
        int before = lowMu;
        lowMu = lowMuStreak(lowMu, mu);
        if (lowMu == 0) {
            streakStartMu = Double.NaN;
        } else if (before == 0) {
            streakStartMu = mu;
        }
        StringBuilder message = new StringBuilder();
        for (LearningFlags.Flag flag : raised) {
            message.append(" ! ").append(flag.tag()).append(';');
        }
        message.append(summary(record.metrics(), collapsing(lowMu, streakStartMu, mu) ? lowMu : 0));
        bar.setExtraMessage(message.toString());
    }

    /**
     * The line a run prints at its start when its judge is meant to learn but cannot: the judge's
     * advantage is its consistency reward standardised over a step's m verdicts (method.md §4), so
     * with one verdict per step every judge sample has advantage 0 and is dropped; the judge stays
     * as it started, silently (reward_model/samples 0 in every iteration).
     */
    static Optional<String> untrainedJudgeNote(LoopConfig config) {
        if (!config.trainRewardModel() || config.algorithm().verdictsPerStep() > 1) {
            return Optional.empty();
        }
        return Optional.of(
                "note: algorithm.verdicts_per_step is 1, so the judge gets no training samples"
                        + " (each verdict is rewarded against the step's other verdicts) and stays as"
                        + " it starts; a judge that learns (neural, linear, tabular, element) needs 2 or more.");
    }

    /**
     * The number of iterations in a row, ending with this one, whose μ was below {@link
     * #COLLAPSE_MU}; an iteration without a μ (no judged rollouts) leaves the count as it was.
     */
    static int lowMuStreak(int before, Double mu) {
        if (mu == null || mu.isNaN()) {
            return before;
        }
        return mu < COLLAPSE_MU ? before + 1 : 0;
    }

    /**
     * Whether a low-μ streak of {@code streak} iterations that began at {@code startMu} warns now
     * that μ is {@code mu}: long enough, and μ not above where the streak began (a judge improving
     * from chance is not collapsing).
     */
    static boolean collapsing(int streak, double startMu, Double mu) {
        boolean rising = mu != null && !mu.isNaN() && !Double.isNaN(startMu) && mu > startMu;
        return streak >= COLLAPSE_ITERATIONS && !rising;
    }

    /** The line's figures; a {@code lowMuStreak} of {@link #COLLAPSE_ITERATIONS} or more warns. */
    static String summary(Map<String, Double> m, int lowMuStreak) {
        StringBuilder text = new StringBuilder();
        append(text, "success", m.get("env/train_success"));
        append(text, "rm_bal_acc", m.get("reward_model/balanced_process_acc"));
        append(text, "rm_mu", m.get("reward_model/mu"));
        if (lowMuStreak >= COLLAPSE_ITERATIONS) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            " WARNING judge collapsing: mu < %.2f for %d iterations",
                            COLLAPSE_MU,
                            lowMuStreak));
        }
        for (Map.Entry<String, Double> entry : m.entrySet()) {
            if (entry.getKey().startsWith("val-core/") && entry.getKey().endsWith("/success")) {
                append(text, "eval", entry.getValue());
                break;
            }
        }
        Double accepted = m.get("env/accepted");
        Double rejected = m.get("env/rejected");
        if (accepted != null && rejected != null) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            " pool +%d/-%d (%d total)",
                            accepted.longValue(),
                            rejected.longValue(),
                            m.getOrDefault("env/accepted_total", 0.0).longValue()));
        }
        return text
                .toString(); // starts with a space: the bar prints the message right after its ETA
    }

    private static void append(StringBuilder text, String name, Double value) {
        if (value != null) {
            text.append(String.format(Locale.ROOT, " %s %.3f", name, value));
        }
    }

    @Override
    public void close() {
        bar.close();
    }
}
