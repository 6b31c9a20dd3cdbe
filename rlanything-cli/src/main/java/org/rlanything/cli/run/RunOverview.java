package org.rlanything.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The run at a glance, for {@code report.html} and {@code rlanything review}: the headline figure
 * of each of the three parts with the trivial baseline it must beat, and the curves grouped per
 * part, at most {@value #MAX_SERIES} series a chart.
 *
 * <p>How and why the baselines: a figure means little without what a trivial model scores on it.
 * The policy's success is read against the starting policy's (the first evaluation); the judge's
 * balanced process accuracy against 0.5 (any constant judge), its μ = p₊ + p₋ against 1 (μ ≤ 1: the
 * averaged verdicts say nothing about the outcome, Theorem 1), and its plain accuracy against the
 * GOOD base rate (the accuracy of a judge that always answers the majority label); the pool's
 * rewrites against a fixed environment (none accepted).
 */
public final class RunOverview {

    /** At most this many series in one chart: more is unreadable. */
    public static final int MAX_SERIES = 5;

    private RunOverview() {}

    /** One headline figure: its first and latest value and its trivial baseline, in words. */
    public record Figure(
            String part, String name, String key, String first, String latest, String baseline) {}

    /** The headline figures of {@code metrics} (the lines of metrics.jsonl), part by part. */
    public static List<Figure> figures(List<JsonNode> metrics) {
        List<Figure> out = new ArrayList<>();
        JsonNode last = metrics.isEmpty() ? JsonlLog.JSON.createObjectNode() : latestLine(metrics);
        for (String key : keys(metrics, k -> k.startsWith("val-core/") && k.endsWith("success"))) {
            String set = key.substring("val-core/".length(), key.length() - "/success".length());
            out.add(
                    new Figure(
                            "Policy",
                            "success on the evaluation set " + set,
                            key,
                            first(metrics, key),
                            latest(metrics, key),
                            "the starting policy: " + first(metrics, key)));
        }
        out.add(
                new Figure(
                        "Policy",
                        "success on the training tasks (the pool adapts: mid-band by design)",
                        "env/train_success",
                        first(metrics, "env/train_success"),
                        latest(metrics, "env/train_success"),
                        "the first iteration: " + first(metrics, "env/train_success")));
        out.add(
                new Figure(
                        "Judge",
                        "balanced process accuracy (mean of the rates on good and bad steps)",
                        "reward_model/balanced_process_acc",
                        first(metrics, "reward_model/balanced_process_acc"),
                        latest(metrics, "reward_model/balanced_process_acc"),
                        "0.5 (any constant judge)"));
        out.add(
                new Figure(
                        "Judge",
                        "μ = p₊ + p₋ (Theorem 1)",
                        "reward_model/mu",
                        first(metrics, "reward_model/mu"),
                        latest(metrics, "reward_model/mu"),
                        "1 (at or below: the verdicts say nothing about the outcome)"));
        String goodRate = goodRateKey(last);
        String rate = latest(metrics, goodRate);
        out.add(
                new Figure(
                        "Judge",
                        "plain process accuracy, against the base rate of good steps",
                        "reward_model/process_acc",
                        first(metrics, "reward_model/process_acc"),
                        latest(metrics, "reward_model/process_acc"),
                        "good steps: "
                                + rate
                                + " (a judge answering the majority label scores "
                                + majority(metrics, goodRate)
                                + ")"));
        out.add(
                new Figure(
                        "Task pool",
                        "rewrites accepted, in total",
                        "env/accepted_total",
                        first(metrics, "env/accepted_total"),
                        latest(metrics, "env/accepted_total"),
                        "0 (a fixed environment)"));
        out.add(
                new Figure(
                        "Task pool",
                        "rewrites rejected, in total",
                        "env/rejected_total",
                        first(metrics, "env/rejected_total"),
                        latest(metrics, "env/rejected_total"),
                        "0 (a fixed environment)"));
        return out;
    }

    /** The headline figures as an HTML table, one row group per part. */
    public static String html(List<JsonNode> metrics) {
        if (metrics.isEmpty()) {
            return "<p>No iteration has completed yet.</p>\n";
        }
        StringBuilder html =
                new StringBuilder(
                        "<table class=\"overview\"><tr><th>part</th><th>figure</th><th>first</th>"
                                + "<th>latest</th><th>trivial baseline</th></tr>\n");
        for (Figure f : figures(metrics)) {
            html.append("<tr data-key=\"")
                    .append(HtmlCharts.escape(f.key()))
                    .append("\"><td>")
                    .append(HtmlCharts.escape(f.part()))
                    .append("</td><td>")
                    .append(HtmlCharts.escape(f.name()))
                    .append(" <code>")
                    .append(HtmlCharts.escape(f.key()))
                    .append("</code></td><td>")
                    .append(HtmlCharts.escape(f.first()))
                    .append("</td><td><b>")
                    .append(HtmlCharts.escape(f.latest()))
                    .append("</b></td><td>")
                    .append(HtmlCharts.escape(f.baseline()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n<p>")
                .append(metrics.size())
                .append(" metrics lines; latest iteration ")
                .append(latestLine(metrics).path("iteration").asInt())
                .append(".</p>\n");
        return html.toString();
    }

    /**
     * The curves grouped per part (policy, judge, pool), each group cut into charts of at most
     * {@value #MAX_SERIES} series: the {@code charts} array the pages draw.
     */
    public static ArrayNode charts(List<JsonNode> metrics) {
        ArrayNode charts = JsonlLog.JSON.createArrayNode();
        group(
                charts,
                "policy",
                "Policy: success",
                metrics,
                keys(
                        metrics,
                        k ->
                                k.equals("env/train_success")
                                        || (k.startsWith("val-core/") && k.endsWith("success"))));
        List<String> judge = new ArrayList<>();
        for (String k :
                List.of(
                        "reward_model/balanced_process_acc",
                        "reward_model/balanced_outcome_acc",
                        "reward_model/mu",
                        goodRateKey(metrics.isEmpty() ? null : latestLine(metrics)))) {
            if (!keys(metrics, k::equals).isEmpty()) {
                judge.add(k);
            }
        }
        group(charts, "judge", "Judge: balanced accuracy, μ, good-step rate", metrics, judge);
        group(
                charts,
                "pool",
                "Task pool: rewrites",
                metrics,
                keys(
                        metrics,
                        k ->
                                k.equals("env/accepted")
                                        || k.equals("env/rejected")
                                        || k.equals("env/accepted_total")
                                        || k.equals("env/rejected_total")));
        return charts;
    }

    private static void group(
            ArrayNode charts, String id, String title, List<JsonNode> metrics, List<String> keys) {
        int parts = Math.max(1, (keys.size() + MAX_SERIES - 1) / MAX_SERIES);
        for (int p = 0; p < parts; p++) {
            ObjectNode chart = charts.addObject();
            chart.put("id", "overview-" + (parts == 1 ? id : id + "-" + (p + 1)));
            chart.put("title", parts == 1 ? title : title + " (" + (p + 1) + "/" + parts + ")");
            chart.put("type", "line");
            ArrayNode series = chart.putArray("series");
            for (String key :
                    keys.subList(p * MAX_SERIES, Math.min(keys.size(), (p + 1) * MAX_SERIES))) {
                ObjectNode s = series.addObject();
                s.put("label", key);
                ArrayNode data = s.putArray("data");
                for (JsonNode line : metrics) {
                    JsonNode v = line.get(key);
                    if (v != null && v.isNumber()) {
                        data.addObject()
                                .put("x", line.path("iteration").asInt())
                                .put("y", v.asDouble());
                    }
                }
            }
        }
    }

    /** The restrained label's good-step rate where the run has it, else the planner's. */
    private static String goodRateKey(JsonNode last) {
        return last != null && last.has("reward_model/process/restrained/good_rate")
                ? "reward_model/process/restrained/good_rate"
                : "reward_model/process/planner/good_rate";
    }

    private static String majority(List<JsonNode> metrics, String goodRate) {
        Optional<Double> rate = latestValue(metrics, goodRate);
        return rate.map(r -> format(Math.max(r, 1 - r))).orElse("-");
    }

    private static List<String> keys(List<JsonNode> metrics, Predicate<String> accept) {
        TreeSet<String> keys = new TreeSet<>();
        for (JsonNode line : metrics) {
            for (Iterator<String> names = line.fieldNames(); names.hasNext(); ) {
                String key = names.next();
                if (!key.equals("iteration") && accept.test(key)) {
                    keys.add(key);
                }
            }
        }
        return new ArrayList<>(keys);
    }

    private static JsonNode latestLine(List<JsonNode> metrics) {
        return metrics.get(metrics.size() - 1);
    }

    /** The first line's value that has the figure (line 0, the starting point, has few). */
    private static String first(List<JsonNode> metrics, String key) {
        for (JsonNode line : metrics) {
            if (line.path(key).isNumber()) {
                return format(line.get(key).asDouble());
            }
        }
        return "-";
    }

    private static String latest(List<JsonNode> metrics, String key) {
        return latestValue(metrics, key).map(RunOverview::format).orElse("-");
    }

    private static Optional<Double> latestValue(List<JsonNode> metrics, String key) {
        for (int i = metrics.size() - 1; i >= 0; i--) {
            if (metrics.get(i).path(key).isNumber()) {
                return Optional.of(metrics.get(i).get(key).asDouble());
            }
        }
        return Optional.empty();
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }
}
