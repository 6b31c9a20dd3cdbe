package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Shared pieces of the self-contained HTML pages (run report, ablation page): the style, Chart.js
 * inlined from its WebJar with RLAnything's drawing of a chart spec ({@code charts.js}, which
 * {@code rlanything review} serves too: baselines, evaluation intervals, gaps), the chart figures
 * and the script that draws them from embedded JSON and records on {@code <body>} how the page
 * rendered ({@code data-charts}, {@code data-chart-points}, {@code data-chart-pixels}, {@code
 * data-baselines}, {@code data-errors}).
 */
public final class HtmlCharts {

    private static final String CHART_JS =
            "META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlCharts() {}

    /** The document head: title, style and Chart.js, ending with the opening body tag. */
    public static String head(String title) throws IOException {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
                + escape(title)
                + "</title>\n<style>\n"
                + STYLE
                + "</style>\n<script>\n"
                + chartJs()
                + "\n</script>\n<script>\n"
                + drawingJs()
                + "\n</script>\n</head>\n<body>\n";
    }

    /**
     * A grid of chart figures, one canvas per chart spec ({@code id}, {@code title}), each saying
     * what its dashed baselines are.
     */
    public static String figures(JsonNode charts) {
        StringBuilder html = new StringBuilder("<div class=\"grid\">\n");
        for (JsonNode chart : charts) {
            html.append("<figure><figcaption>")
                    .append(escape(chart.get("title").asText()))
                    .append("</figcaption><div class=\"box\"><canvas id=\"chart-")
                    .append(chart.get("id").asText())
                    .append("\"></canvas></div>");
            String baselines = baselineNote(chart);
            if (!baselines.isEmpty()) {
                html.append("<p class=\"baselines\">").append(escape(baselines)).append("</p>");
            }
            html.append("</figure>\n");
        }
        return html.append("</div>\n").toString();
    }

    /** "dashed: LABEL; LABEL" for a chart spec with baselines, else "". */
    public static String baselineNote(JsonNode chart) {
        List<String> labels = new ArrayList<>();
        for (JsonNode b : chart.path("baselines")) {
            labels.add(b.path("label").asText());
        }
        return labels.isEmpty() ? "" : "dashed: " + String.join("; ", labels);
    }

    /** The drawing of chart specs (org/rlanything/run/charts.js), for inlining. */
    public static String drawingJs() throws IOException {
        try (InputStream in = HtmlCharts.class.getResourceAsStream("charts.js")) {
            if (in == null) {
                throw new IOException(
                        "the jar lacks its chart script org/rlanything/run/charts.js");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("</script", "<\\/script");
        }
    }

    /**
     * The embedded data ({@code {"charts": [...]}}) and the drawing script, ending the document.
     */
    public static String tail(JsonNode data) throws IOException {
        return "<script id=\"report-data\" type=\"application/json\">"
                + JSON.writeValueAsString(data).replace("</", "<\\/")
                + "</script>\n<script>\n"
                + SCRIPT
                + "</script>\n</body></html>\n";
    }

    static String chartJs() throws IOException {
        try (InputStream in = HtmlCharts.class.getClassLoader().getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IOException("Chart.js is missing from the classpath (" + CHART_JS + ").");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("</script", "<\\/script");
        }
    }

    public static String escape(String text) {
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

    static final String STYLE =
            String.join(
                    "\n",
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
                    "pre{background:#f6f8fa;padding:1em;overflow:auto}",
                    ".baselines{color:#555;font-size:.85em;margin:.2em 0}",
                    "td.below{background:#fdecea} .flag{color:#a00;font-weight:600;font-size:.85em}",
                    "");

    static final String SCRIPT =
            String.join(
                    "\n",
                    "(function () {",
                    "  var errors = [];",
                    "  window.addEventListener('error', function (e) { errors.push(String(e.message)); });",
                    "  var originalError = console.error;",
                    "  console.error = function () { errors.push(Array.prototype.join.call(arguments, ' '));"
                            + " originalError.apply(console, arguments); };",
                    "  var drawn = 0, points = {}, pixels = {}, baselines = {};",
                    "  try {",
                    "    var data = JSON.parse(document.getElementById('report-data').textContent);",
                    "    data.charts.forEach(function (spec) {",
                    "      var canvas = document.getElementById('chart-' + spec.id);",
                    "      var count = 0;",
                    "      spec.series.forEach(function (s) {",
                    "        s.data.forEach(function (p) { if (p.y !== null) { count++; } });",
                    "      });",
                    "      points[spec.id] = count;",
                    "      if (count === 0) {",
                    "        canvas.parentNode.innerHTML = '<p>No data for this chart in this run.</p>';",
                    "        return;",
                    "      }",
                    "      var chart = RLCharts.draw(canvas, spec);",
                    "      drawn++;",
                    "      var context = canvas.getContext('2d');",
                    "      var image = context.getImageData(0, 0, canvas.width, canvas.height).data;",
                    "      var painted = 0;",
                    "      for (var p = 3; p < image.length; p += 4) { if (image[p] !== 0) { painted++; } }",
                    "      pixels[spec.id] = painted;",
                    "      baselines[spec.id] = RLCharts.baselinePixels(canvas, chart);",
                    "    });",
                    "  } catch (e) {",
                    "    errors.push(String(e && e.stack || e));",
                    "  }",
                    "  document.body.setAttribute('data-charts', String(drawn));",
                    "  document.body.setAttribute('data-chart-points', JSON.stringify(points));",
                    "  document.body.setAttribute('data-chart-pixels', JSON.stringify(pixels));",
                    "  document.body.setAttribute('data-baselines', JSON.stringify(baselines));",
                    "  document.body.setAttribute('data-errors', JSON.stringify(errors));",
                    "})();",
                    "");
}
