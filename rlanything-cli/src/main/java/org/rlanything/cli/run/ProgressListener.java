package org.rlanything.cli.run;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopListener;

/**
 * A terminal progress bar with ETA and the iteration's key figures: training success, the reward
 * model's process accuracy, and the pool's accepted/rejected rewrites.
 */
final class ProgressListener implements LoopListener, AutoCloseable {

    private final ProgressBar bar;

    ProgressListener(int start, int total) {
        this.bar =
                new ProgressBarBuilder()
                        .setTaskName("train")
                        .setInitialMax(total)
                        .setStyle(ProgressBarStyle.ASCII)
                        .setConsumer(new ConsoleProgressBarConsumer(System.err, 120))
                        .setUnit(" it", 1)
                        .startsFrom(start, Duration.ZERO)
                        .setUpdateIntervalMillis(250)
                        .build();
    }

    @Override
    public void onIterationEnd(IterationRecord record) {
        bar.stepTo(record.iteration());
        bar.setExtraMessage(summary(record.metrics()));
    }

    static String summary(Map<String, Double> m) {
        StringBuilder text = new StringBuilder();
        append(text, "success", m.get("env/train_success"));
        append(text, "rm_bal_acc", m.get("reward_model/balanced_process_acc"));
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
