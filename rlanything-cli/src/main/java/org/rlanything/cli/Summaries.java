package org.rlanything.cli;

import java.util.Locale;
import java.util.Map;

/**
 * One-line summaries of an iteration's metrics for the terminal: success rates and the judge's
 * headline figures.
 */
final class Summaries {

    private Summaries() {}

    static String line(Map<String, Double> metrics) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Double> entry : metrics.entrySet()) {
            String key = entry.getKey();
            if (key.equals("env/train_success")
                    || key.equals("reward_model/balanced_process_acc")
                    || key.equals("env/accepted_total")
                    || key.startsWith("val-core/")
                            && (key.endsWith("/success")
                                    || key.endsWith("/rm_balanced_process_acc")
                                    || key.endsWith("/rm_mu"))) {
                if (text.length() > 0) {
                    text.append(", ");
                }
                double v = entry.getValue();
                text.append(key)
                        .append(' ')
                        .append(
                                v == Math.rint(v)
                                        ? Long.toString((long) v)
                                        : String.format(Locale.ROOT, "%.3f", v));
            }
        }
        return text.length() == 0 ? "no metrics" : text.toString();
    }
}
