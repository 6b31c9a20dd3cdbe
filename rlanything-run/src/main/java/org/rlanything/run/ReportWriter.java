package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.rlanything.core.io.AtomicFiles;

/**
 * Writes {@code report.html}: one self-contained file (Chart.js from its WebJar inlined, the data
 * embedded as JSON, no network) with the success rates, the reward model's accuracy, the task
 * pool's changes, losses and KL, timing per phase, and sample trajectories with the judge's
 * verdicts per step.
 *
 * <p>The page records how it rendered on {@code <body>}: {@code data-charts} (charts drawn), {@code
 * data-chart-points} (data points per chart), {@code data-chart-pixels} (painted pixels per canvas)
 * and {@code data-errors} (script errors), so a headless browser can check it.
 */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportWriter() {}

    /** Reads the run folder's logs and writes its report atomically. */
    public static void write(RunFolder folder) throws IOException {
        List<JsonNode> metrics = folder.metrics().read();
        List<JsonNode> timings = folder.timings().read();
        List<JsonNode> pool = folder.pool().read();
        List<JsonNode> trajectories = folder.trajectories().read();
        String config = Files.exists(folder.config()) ? Files.readString(folder.config()) : "";

        ArrayNode charts = JSON.createArrayNode();
        List<String> success =
                keys(
                        metrics,
                        key ->
                                key.equals("env/train_success")
                                        || key.equals("env/accepted_task_success")
                                        || key.equals("env/candidate_success")
                                        || (key.startsWith("val-core/")
                                                && key.contains("success")));
        List<ObjectNode> starts = new ArrayList<>();
        for (int k = 0; k < success.size(); k++) {
            String key = success.get(k);
            int colour = k % RunOverview.MAX_SERIES;
            int part = k / RunOverview.MAX_SERIES;
            if (key.startsWith("val-core/")) {
                RunOverview.firstValue(metrics, key)
                        .ifPresent(
                                v ->
                                        starts.add(
                                                baseline(
                                                        key + ": the starting policy",
                                                        v,
                                                        colour,
                                                        part)));
            }
        }
        group(charts, "success", "Success rate", "line", metrics, success, starts);
        group(
                charts,
                "reward-model-balanced",
                "Reward model: balanced accuracy",
                "line",
                metrics,
                keys(
                        metrics,
                        key ->
                                key.endsWith("balanced_process_acc")
                                        || key.endsWith("balanced_outcome_acc")
                                        || key.endsWith("/balanced_acc")),
                List.of(baseline("0.5: any constant judge", 0.5, null, null)));
        group(
                charts,
                "reward-model-plain",
                "Reward model: plain accuracy",
                "line",
                metrics,
                keys(
                        metrics,
                        key ->
                                (key.endsWith("process_acc") || key.endsWith("outcome_acc"))
                                        && !key.contains("balanced")),
                List.of(RunOverview.majorityBaseline(metrics)));
        group(
                charts,
                "reward-model-mu",
                "Reward model: μ = p₊ + p₋",
                "line",
                metrics,
                keys(metrics, key -> key.endsWith("/mu") || key.endsWith("/rm_mu")),
                List.of(baseline("1: the verdicts say nothing about the outcome", 1, null, null)));
        group(
                charts,
                "pool",
                "Task pool: rewrites accepted and rejected",
                "line",
                metrics,
                keys(
                        metrics,
                        key ->
                                key.equals("env/accepted")
                                        || key.equals("env/rejected")
                                        || key.equals("env/accepted_total")
                                        || key.equals("env/rejected_total")
                                        || key.equals("env/pending")),
                List.of(baseline("0: a fixed environment", 0, null, null)));
        group(
                charts,
                "losses",
                "Losses and KL",
                "line",
                metrics,
                keys(
                        metrics,
                        key ->
                                key.endsWith("/pg_loss")
                                        || key.endsWith("/ppo_kl")
                                        || key.endsWith("/kl")
                                        || key.endsWith("/entropy")),
                List.of());
        group(
                charts,
                "timing",
                "Time per phase (seconds)",
                "bar",
                timings,
                keys(timings, key -> key.startsWith("timing_s/") && !key.equals("timing_s/step")),
                List.of());

        ArrayNode overview = RunOverview.charts(metrics);
        ObjectNode data = JSON.createObjectNode();
        data.set("charts", overview.deepCopy().addAll(charts));
        String html = page(folder, metrics, pool, trajectories, config, overview, charts, data);
        AtomicFiles.write(folder.report(), html.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A level baseline; with {@code colour}, in the colour of that series of chart part {@code
     * part}, and drawn in that part only.
     */
    private static ObjectNode baseline(String label, double y, Integer colour, Integer part) {
        ObjectNode b = JSON.createObjectNode();
        b.put("label", label);
        b.put("y", y);
        if (colour != null) {
            b.put("color", colour);
            b.put("part", part);
        }
        return b;
    }

    /** The keys of {@code lines} whose values are numbers and that {@code accept} takes, sorted. */
    private static List<String> keys(List<JsonNode> lines, Predicate<String> accept) {
        java.util.TreeSet<String> keys = new java.util.TreeSet<>();
        for (JsonNode line : lines) {
            for (Iterator<String> names = line.fieldNames(); names.hasNext(); ) {
                String key = names.next();
                if (!key.equals("iteration") && accept.test(key) && line.get(key).isNumber()) {
                    keys.add(key);
                }
            }
        }
        return new ArrayList<>(keys);
    }

    /**
     * The charts of {@code keys}, at most {@link RunOverview#MAX_SERIES} series each (a group with
     * more is cut into numbered charts), each series as {@link RunOverview#series} makes it (a gap
     * where a figure is missing, evaluations as points); a baseline with a {@code part} goes to
     * that chart only.
     */
    private static void group(
            ArrayNode charts,
            String id,
            String title,
            String type,
            List<JsonNode> lines,
            List<String> keys,
            List<ObjectNode> baselines) {
        int max = RunOverview.MAX_SERIES;
        int parts = Math.max(1, (keys.size() + max - 1) / max);
        for (int p = 0; p < parts; p++) {
            ObjectNode chart = charts.addObject();
            chart.put("id", parts == 1 ? id : id + "-" + (p + 1));
            chart.put("title", parts == 1 ? title : title + " (" + (p + 1) + "/" + parts + ")");
            chart.put("type", type);
            ArrayNode series = chart.putArray("series");
            for (int k = p * max; k < Math.min(keys.size(), (p + 1) * max); k++) {
                series.add(RunOverview.series(keys.get(k), keys.get(k), lines, k - p * max));
            }
            ArrayNode drawn = chart.putArray("baselines");
            for (ObjectNode b : baselines) {
                if (!b.has("part") || b.get("part").asInt() == p) {
                    ObjectNode copy = b.deepCopy();
                    copy.remove("part");
                    drawn.add(copy);
                }
            }
        }
    }

    private static String page(
            RunFolder folder,
            List<JsonNode> metrics,
            List<JsonNode> pool,
            List<JsonNode> trajectories,
            String config,
            ArrayNode overview,
            ArrayNode charts,
            ObjectNode data)
            throws IOException {
        StringBuilder html = new StringBuilder();
        html.append(HtmlCharts.head("RLAnything report: " + folder.root().getFileName()));
        html.append("<h1>RLAnything run <code>")
                .append(HtmlCharts.escape(folder.root().toString()))
                .append("</code></h1>\n");
        html.append("<h2 id=\"overview\">Overview</h2>\n");
        html.append(RunFlags.html(metrics));
        html.append(RunOverview.html(metrics));
        html.append(HtmlCharts.figures(overview));
        html.append("<h2>All figures: first and last iteration</h2>\n");
        html.append(summary(metrics, pool));
        html.append(
                "<h2>Curves</h2>\n<p>x axis: iteration. Hover a curve for values; click a legend entry to hide it."
                        + "</p>\n");
        html.append(HtmlCharts.figures(charts));
        html.append(poolTable(pool));
        html.append(trajectoryTables(trajectories));
        html.append("<h2>Effective configuration</h2>\n<pre>")
                .append(HtmlCharts.escape(config))
                .append("</pre>\n");
        html.append(HtmlCharts.tail(data));
        return html.toString();
    }

    static String summary(List<JsonNode> metrics, List<JsonNode> pool) {
        if (metrics.isEmpty()) {
            return "<p>No iteration has completed yet.</p>\n";
        }
        JsonNode last = metrics.get(metrics.size() - 1);
        StringBuilder html =
                new StringBuilder(
                        "<table class=\"summary\"><tr><th>figure</th><th>first iteration</th>"
                                + "<th>last iteration</th></tr>\n");
        html.append(row("iterations", "1", Integer.toString(last.path("iteration").asInt())));
        for (String key :
                List.of(
                        "env/train_success",
                        "reward_model/process_acc",
                        "reward_model/outcome_acc",
                        "env/accepted_total",
                        "env/rejected_total")) {
            // the first line that has the figure: line 0 is the starting point's evaluation, which
            // has no training figures
            html.append(row(key, firstValue(metrics, key), number(last.get(key))));
        }
        for (Iterator<String> names = last.fieldNames(); names.hasNext(); ) {
            String key = names.next();
            if (key.startsWith("val-core/")) {
                html.append(row(key, firstValue(metrics, key), number(last.get(key))));
            }
        }
        html.append("</table>\n<p>").append(pool.size()).append(" pool events recorded.</p>\n");
        return html.toString();
    }

    private static String firstValue(List<JsonNode> metrics, String key) {
        for (JsonNode line : metrics) {
            if (line.has(key)) {
                return number(line.get(key));
            }
        }
        return "-";
    }

    private static String row(String name, String first, String last) {
        return "<tr><td><code>"
                + HtmlCharts.escape(name)
                + "</code></td><td>"
                + first
                + "</td><td>"
                + last
                + "</td></tr>\n";
    }

    private static String number(JsonNode value) {
        if (value == null || !value.isNumber()) {
            return "-";
        }
        double v = value.asDouble();
        return v == Math.rint(v) && Math.abs(v) < 1e12
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String poolTable(List<JsonNode> pool) {
        StringBuilder html = new StringBuilder("<h2>Task pool history</h2>\n");
        if (pool.isEmpty()) {
            return html.append(
                            "<p>No rewrites (the environment is fixed in this run, or no task left the band)."
                                    + "</p>\n")
                    .toString();
        }
        html.append("<details><summary>")
                .append(pool.size())
                .append(
                        " events (newest first)</summary>\n"
                                + "<table><tr><th>iteration</th><th>slot</th><th>event</th><th>goal</th><th>accuracy</th>"
                                + "<th>prev.</th><th>task</th></tr>\n");
        for (int i = pool.size() - 1; i >= Math.max(0, pool.size() - 300); i--) {
            JsonNode e = pool.get(i);
            html.append("<tr class=\"")
                    .append(HtmlCharts.escape(e.path("event").asText()))
                    .append("\"><td>")
                    .append(e.path("iteration").asInt())
                    .append("</td><td>")
                    .append(e.path("slot").asInt())
                    .append("</td><td>")
                    .append(HtmlCharts.escape(e.path("event").asText()))
                    .append("</td><td>")
                    .append(HtmlCharts.escape(e.path("goal").asText()))
                    .append("</td><td>")
                    .append(number(e.get("accuracy")))
                    .append("</td><td>")
                    .append(number(e.get("previous_accuracy")))
                    .append("</td><td>")
                    .append(HtmlCharts.escape(e.path("detail").asText()))
                    .append("</td></tr>\n");
        }
        return html.append("</table></details>\n").toString();
    }

    /** The sampled trajectories of the last recorded iteration, with verdicts per step. */
    private static String trajectoryTables(List<JsonNode> trajectories) {
        StringBuilder html = new StringBuilder("<h2>Sample trajectories</h2>\n");
        if (trajectories.isEmpty()) {
            return html.append("<p>None recorded.</p>\n").toString();
        }
        int lastIteration = trajectories.get(trajectories.size() - 1).path("iteration").asInt();
        List<JsonNode> shown = new ArrayList<>();
        for (JsonNode t : trajectories) {
            if (t.path("iteration").asInt() == lastIteration) {
                shown.add(t);
            }
        }
        html.append("<p>Iteration ")
                .append(lastIteration)
                .append(": the first rollout of ")
                .append(shown.size())
                .append(
                        " tasks. Verdicts: <span class=\"v1\">+1</span> <span class=\"v-1\">-1</span> "
                                + "<span class=\"v0\">invalid</span>; label: the environment oracle's step quality.</p>\n");
        for (JsonNode t : shown) {
            html.append("<h3>")
                    .append(HtmlCharts.escape(t.path("description").asText()))
                    .append(" &mdash; ")
                    .append(t.path("won").asBoolean() ? "won" : "failed")
                    .append(" (task accuracy ")
                    .append(number(t.get("accuracy")))
                    .append(", ")
                    .append(HtmlCharts.escape(t.path("role").asText()))
                    .append(
                            ")</h3>\n<table class=\"steps\"><tr><th>#</th><th>observation</th><th>action</th>"
                                    + "<th>result</th><th>label</th><th>verdicts</th><th>reward</th></tr>\n");
            int index = 0;
            for (JsonNode step : t.withArray("steps")) {
                html.append("<tr><td>")
                        .append(++index)
                        .append("</td><td>")
                        .append(HtmlCharts.escape(step.path("observation").asText()))
                        .append("</td><td><b>")
                        .append(HtmlCharts.escape(step.path("action").asText()))
                        .append("</b></td><td>")
                        .append(HtmlCharts.escape(step.path("next_observation").asText()))
                        .append("</td><td>")
                        .append(HtmlCharts.escape(step.path("label").asText()))
                        .append("</td><td>");
                JsonNode judgments = step.path("judgments");
                int j = 0;
                for (JsonNode verdict : step.withArray("verdicts")) {
                    int v = verdict.asInt();
                    html.append("<span class=\"v")
                            .append(v)
                            .append("\" title=\"")
                            .append(HtmlCharts.escape(judgments.path(j++).asText()))
                            .append("\">")
                            .append(v == 0 ? "?" : v > 0 ? "+1" : "-1")
                            .append("</span> ");
                }
                html.append("</td><td>").append(number(step.get("reward"))).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.toString();
    }
}
