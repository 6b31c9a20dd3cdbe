package org.rlanything.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.rlanything.cli.run.AtomicFiles;
import org.rlanything.cli.run.RunFolder;

/**
 * Writes {@code report.html}: one self-contained file (Chart.js from its WebJar inlined, the data embedded
 * as JSON, no network) with the success rates, the reward model's accuracy, the task pool's changes,
 * losses and KL, timing per phase, and sample trajectories with the judge's verdicts per step.
 *
 * <p>The page records how it rendered on {@code <body>}: {@code data-charts} (charts drawn),
 * {@code data-chart-points} (data points per chart), {@code data-chart-pixels} (painted pixels per
 * canvas) and {@code data-errors} (script errors), so a headless browser can check it.
 */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";

    private ReportWriter() {
    }

    /** Reads the run folder's logs and writes its report atomically. */
    public static void write(RunFolder folder) throws IOException {
        List<JsonNode> metrics = folder.metrics().read();
        List<JsonNode> timings = folder.timings().read();
        List<JsonNode> pool = folder.pool().read();
        List<JsonNode> trajectories = folder.trajectories().read();
        String config = Files.exists(folder.config()) ? Files.readString(folder.config()) : "";

        ArrayNode charts = JSON.createArrayNode();
        charts.add(chart("success", "Success rate", "line", metrics, key -> key.equals("env/train_success")
                || key.equals("env/accepted_task_success") || key.equals("env/candidate_success")
                || (key.startsWith("val-core/") && key.contains("success"))));
        charts.add(chart("reward-model", "Reward model accuracy", "line", metrics,
                key -> key.endsWith("process_acc") || key.endsWith("outcome_acc")));
        charts.add(chart("pool", "Task pool: rewrites accepted and rejected", "line", metrics,
                key -> key.equals("env/accepted") || key.equals("env/rejected") || key.equals("env/accepted_total")
                        || key.equals("env/rejected_total") || key.equals("env/pending")));
        charts.add(chart("losses", "Losses and KL", "line", metrics, key -> key.endsWith("/pg_loss")
                || key.endsWith("/ppo_kl") || key.endsWith("/kl") || key.endsWith("/entropy")));
        charts.add(chart("timing", "Time per phase (seconds)", "bar", timings,
                key -> key.startsWith("timing_s/") && !key.equals("timing_s/step")));

        ObjectNode data = JSON.createObjectNode();
        data.set("charts", charts);
        String html = page(folder, metrics, pool, trajectories, config, data);
        AtomicFiles.write(folder.report(), html.getBytes(StandardCharsets.UTF_8));
    }

    /** One chart: every metric the filter accepts becomes a series of (iteration, value) points. */
    private static ObjectNode chart(String id, String title, String type, List<JsonNode> lines,
                                    Predicate<String> accept) {
        Map<String, ArrayNode> series = new LinkedHashMap<>();
        for (JsonNode line : lines) {
            int iteration = line.path("iteration").asInt();
            Iterator<Map.Entry<String, JsonNode>> fields = line.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!field.getKey().equals("iteration") && accept.test(field.getKey()) && field.getValue().isNumber()) {
                    ObjectNode point = series.computeIfAbsent(field.getKey(), k -> JSON.createArrayNode()).addObject();
                    point.put("x", iteration);
                    point.put("y", field.getValue().asDouble());
                }
            }
        }
        ObjectNode chart = JSON.createObjectNode();
        chart.put("id", id);
        chart.put("title", title);
        chart.put("type", type);
        ArrayNode datasets = chart.putArray("series");
        series.keySet().stream().sorted().forEach(name -> {
            ObjectNode dataset = datasets.addObject();
            dataset.put("label", name);
            dataset.set("data", series.get(name));
        });
        return chart;
    }

    private static String page(RunFolder folder, List<JsonNode> metrics, List<JsonNode> pool,
                               List<JsonNode> trajectories, String config, ObjectNode data) throws IOException {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>RLAnything report: ")
                .append(escape(folder.root().getFileName().toString())).append("</title>\n<style>\n")
                .append(STYLE).append("</style>\n<script>\n").append(chartJs()).append("\n</script>\n</head>\n<body>\n");
        html.append("<h1>RLAnything run <code>").append(escape(folder.root().toString())).append("</code></h1>\n");
        html.append(summary(metrics, pool));
        html.append("<h2>Curves</h2>\n<p>x axis: iteration. Hover a curve for values; click a legend entry to hide it."
                + "</p>\n<div class=\"grid\">\n");
        for (JsonNode chart : data.get("charts")) {
            html.append("<figure><figcaption>").append(escape(chart.get("title").asText()))
                    .append("</figcaption><div class=\"box\"><canvas id=\"chart-").append(chart.get("id").asText())
                    .append("\"></canvas></div></figure>\n");
        }
        html.append("</div>\n");
        html.append(poolTable(pool));
        html.append(trajectoryTables(trajectories));
        html.append("<h2>Effective configuration</h2>\n<pre>").append(escape(config)).append("</pre>\n");
        html.append("<script id=\"report-data\" type=\"application/json\">")
                .append(JSON.writeValueAsString(data).replace("</", "<\\/")).append("</script>\n");
        html.append("<script>\n").append(SCRIPT).append("</script>\n</body></html>\n");
        return html.toString();
    }

    private static String summary(List<JsonNode> metrics, List<JsonNode> pool) {
        if (metrics.isEmpty()) {
            return "<p>No iteration has completed yet.</p>\n";
        }
        JsonNode first = metrics.get(0);
        JsonNode last = metrics.get(metrics.size() - 1);
        StringBuilder html = new StringBuilder("<table class=\"summary\"><tr><th>figure</th><th>first iteration</th>"
                + "<th>last iteration</th></tr>\n");
        html.append(row("iterations", "1", Integer.toString(last.path("iteration").asInt())));
        for (String key : List.of("env/train_success", "reward_model/process_acc", "reward_model/outcome_acc",
                "env/accepted_total", "env/rejected_total")) {
            html.append(row(key, number(first.get(key)), number(last.get(key))));
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
        return "<tr><td><code>" + escape(name) + "</code></td><td>" + first + "</td><td>" + last + "</td></tr>\n";
    }

    private static String number(JsonNode value) {
        if (value == null || !value.isNumber()) {
            return "-";
        }
        double v = value.asDouble();
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String poolTable(List<JsonNode> pool) {
        StringBuilder html = new StringBuilder("<h2>Task pool history</h2>\n");
        if (pool.isEmpty()) {
            return html.append("<p>No rewrites (the environment is fixed in this run, or no task left the band)."
                    + "</p>\n").toString();
        }
        html.append("<details><summary>").append(pool.size()).append(" events (newest first)</summary>\n"
                + "<table><tr><th>iteration</th><th>slot</th><th>event</th><th>goal</th><th>accuracy</th>"
                + "<th>prev.</th><th>task</th></tr>\n");
        for (int i = pool.size() - 1; i >= Math.max(0, pool.size() - 300); i--) {
            JsonNode e = pool.get(i);
            html.append("<tr class=\"").append(escape(e.path("event").asText())).append("\"><td>")
                    .append(e.path("iteration").asInt()).append("</td><td>").append(e.path("slot").asInt())
                    .append("</td><td>").append(escape(e.path("event").asText())).append("</td><td>")
                    .append(escape(e.path("goal").asText())).append("</td><td>").append(number(e.get("accuracy")))
                    .append("</td><td>").append(number(e.get("previous_accuracy"))).append("</td><td>")
                    .append(escape(e.path("detail").asText())).append("</td></tr>\n");
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
        html.append("<p>Iteration ").append(lastIteration).append(": the first rollout of ").append(shown.size())
                .append(" tasks. Verdicts: <span class=\"v1\">+1</span> <span class=\"v-1\">-1</span> "
                        + "<span class=\"v0\">invalid</span>; label: the environment oracle's step quality.</p>\n");
        for (JsonNode t : shown) {
            html.append("<h3>").append(escape(t.path("description").asText())).append(" &mdash; ")
                    .append(t.path("won").asBoolean() ? "won" : "failed").append(" (task accuracy ")
                    .append(number(t.get("accuracy"))).append(", ").append(escape(t.path("role").asText()))
                    .append(")</h3>\n<table class=\"steps\"><tr><th>#</th><th>observation</th><th>action</th>"
                            + "<th>result</th><th>label</th><th>verdicts</th><th>reward</th></tr>\n");
            int index = 0;
            for (JsonNode step : t.withArray("steps")) {
                html.append("<tr><td>").append(++index).append("</td><td>")
                        .append(escape(step.path("observation").asText())).append("</td><td><b>")
                        .append(escape(step.path("action").asText())).append("</b></td><td>")
                        .append(escape(step.path("next_observation").asText())).append("</td><td>")
                        .append(escape(step.path("label").asText())).append("</td><td>");
                JsonNode judgments = step.path("judgments");
                int j = 0;
                for (JsonNode verdict : step.withArray("verdicts")) {
                    int v = verdict.asInt();
                    html.append("<span class=\"v").append(v).append("\" title=\"")
                            .append(escape(judgments.path(j++).asText())).append("\">")
                            .append(v == 0 ? "?" : v > 0 ? "+1" : "-1").append("</span> ");
                }
                html.append("</td><td>").append(number(step.get("reward"))).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.toString();
    }

    private static String chartJs() throws IOException {
        try (InputStream in = ReportWriter.class.getClassLoader().getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IOException("Chart.js is missing from the classpath (" + CHART_JS + ").");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        }
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '&':
                    out.append("&amp;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }

    private static final String STYLE = String.join("\n",
            "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1400px}",
            "h1{font-size:1.4em} h2{margin-top:1.6em;border-bottom:1px solid #ddd}",
            ".grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:1.5em}",
            "figure{margin:0} figcaption{font-weight:600;margin-bottom:.3em} .box{position:relative;height:300px}",
            "table{border-collapse:collapse;font-size:.9em;margin:.5em 0} td,th{border:1px solid #ddd;"
                    + "padding:.25em .5em;vertical-align:top;text-align:left}",
            ".steps td:nth-child(2),.steps td:nth-child(4){max-width:420px}",
            ".v1{background:#d4edda;color:#155724;padding:0 .3em;border-radius:3px}",
            ".v-1{background:#f8d7da;color:#721c24;padding:0 .3em;border-radius:3px}",
            ".v0{background:#e2e3e5;color:#383d41;padding:0 .3em;border-radius:3px}",
            "tr.accepted td{background:#f1fbf3} tr.rejected td{background:#fdf3f4}",
            "pre{background:#f6f8fa;padding:1em;overflow:auto}", "");

    private static final String SCRIPT = String.join("\n",
            "(function () {",
            "  var errors = [];",
            "  window.addEventListener('error', function (e) { errors.push(String(e.message)); });",
            "  var originalError = console.error;",
            "  console.error = function () { errors.push(Array.prototype.join.call(arguments, ' '));"
                    + " originalError.apply(console, arguments); };",
            "  var palette = ['#1f77b4','#d62728','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#7f7f7f',"
                    + "'#bcbd22','#17becf'];",
            "  var drawn = 0, points = {}, pixels = {};",
            "  try {",
            "    var data = JSON.parse(document.getElementById('report-data').textContent);",
            "    data.charts.forEach(function (spec) {",
            "      var canvas = document.getElementById('chart-' + spec.id);",
            "      var count = 0;",
            "      var datasets = spec.series.map(function (s, i) {",
            "        count += s.data.length;",
            "        var color = palette[i % palette.length];",
            "        return {label: s.label, data: s.data, borderColor: color, backgroundColor: color,",
            "                pointRadius: s.data.length > 60 ? 0 : 2, borderWidth: 1.5, spanGaps: true,",
            "                stack: spec.type === 'bar' ? 'time' : undefined};",
            "      });",
            "      points[spec.id] = count;",
            "      if (count === 0) {",
            "        canvas.parentNode.innerHTML = '<p>No data for this chart in this run.</p>';",
            "        return;",
            "      }",
            "      new Chart(canvas, {type: spec.type, data: {datasets: datasets}, options: {",
            "        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,",
            "        interaction: {mode: 'nearest', intersect: false},",
            "        scales: {x: {type: 'linear', title: {display: true, text: 'iteration'},"
                    + " stacked: spec.type === 'bar'},",
            "                 y: {stacked: spec.type === 'bar'}},",
            "        plugins: {legend: {position: 'bottom'}}}});",
            "      drawn++;",
            "      var context = canvas.getContext('2d');",
            "      var image = context.getImageData(0, 0, canvas.width, canvas.height).data;",
            "      var painted = 0;",
            "      for (var p = 3; p < image.length; p += 4) { if (image[p] !== 0) { painted++; } }",
            "      pixels[spec.id] = painted;",
            "    });",
            "  } catch (e) {",
            "    errors.push(String(e && e.stack || e));",
            "  }",
            "  document.body.setAttribute('data-charts', String(drawn));",
            "  document.body.setAttribute('data-chart-points', JSON.stringify(points));",
            "  document.body.setAttribute('data-chart-pixels', JSON.stringify(pixels));",
            "  document.body.setAttribute('data-errors', JSON.stringify(errors));",
            "})();", "");
}
