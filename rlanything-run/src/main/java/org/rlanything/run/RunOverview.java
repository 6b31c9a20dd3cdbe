package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Predicate;

/**
 * The run at a glance, for {@code report.html} and {@code rlanything review}: the headline figure
 * of each of the three parts with the trivial baseline it must beat (one column per run when
 * several are compared, a figure below its baseline flagged), and the curves grouped per part, each
 * chart with its baseline drawn and at most {@value #MAX_SERIES} series.
 *
 * <p>How and why the baselines: a figure means little without what a trivial model scores on it.
 * The policy's success is read against the starting policy's (the first evaluation); the judge's
 * balanced process accuracy against 0.5 (any constant judge), its μ = p₊ + p₋ against 1 (μ ≤ 1: the
 * averaged verdicts say nothing about the outcome, Theorem 1), and its plain accuracy against the
 * GOOD base rate (the accuracy of a judge that always answers the majority label); the pool's
 * rewrites against a fixed environment (none accepted). The judge's held-out figures ({@code
 * val-core/SET/rm_...}, on the evaluation's trajectories) stand beside its figures on the training
 * rollouts, against the same baselines.
 *
 * <p>How the curves stay honest: evaluation figures ({@code val-core/...}) are points, not lines
 * (an evaluation every few iterations is not a trend), each success with its number of episodes n
 * ({@code val-aux/SET/episodes}, where the evaluator records it) and its 95% Wilson interval; a
 * figure missing on some iteration leaves a gap in its line; μ has a chart of its own (its scale is
 * 0 to 2, the accuracies' 0 to 1).
 */
public final class RunOverview {

    /** At most this many series in one chart: more is unreadable. */
    public static final int MAX_SERIES = 5;

    /** z of a two-sided 95% interval. */
    private static final double Z95 = 1.959964;

    private RunOverview() {}

    /** One run's metrics lines, named as the overview shows it. */
    public record Named(String name, List<JsonNode> metrics) {}

    /**
     * One headline figure: its part, what it is, its key, its trivial baseline in words, and the
     * rule that gives the baseline's value in a run (null: no flag, as for the training success,
     * mid-band by design).
     */
    public record Figure(String part, String name, String key, String baseline, Baseline rule) {}

    /** How a figure's baseline value is found in a run's metrics. */
    @FunctionalInterface
    public interface Baseline {
        /** The baseline's value in {@code metrics}, if known. */
        Optional<Double> value(List<JsonNode> metrics);

        static Baseline constant(double value) {
            return metrics -> Optional.of(value);
        }
    }

    /** The headline figures of {@code runs} (the union of what they hold), part by part. */
    public static List<Figure> figures(List<Named> runs) {
        List<JsonNode> all = new ArrayList<>();
        runs.forEach(r -> all.addAll(r.metrics()));
        List<Figure> out = new ArrayList<>();
        for (String set : evaluationSets(all, "/success")) {
            String key = "val-core/" + set + "/success";
            out.add(
                    new Figure(
                            "Policy",
                            "success on the evaluation set " + set,
                            key,
                            "the starting policy (its first evaluation)",
                            metrics -> firstValue(metrics, key)));
        }
        out.add(
                new Figure(
                        "Policy",
                        "success on the training tasks (the pool adapts: mid-band by design)",
                        "env/train_success",
                        "the first iteration",
                        null));
        out.add(
                new Figure(
                        "Judge",
                        "balanced process accuracy on the training rollouts (mean of the rates on"
                                + " good and bad steps)",
                        "reward_model/balanced_process_acc",
                        "0.5 (any constant judge)",
                        Baseline.constant(0.5)));
        for (String set : evaluationSets(all, "/rm_balanced_process_acc")) {
            out.add(
                    new Figure(
                            "Judge",
                            "balanced process accuracy, held out (" + set + ")",
                            "val-core/" + set + "/rm_balanced_process_acc",
                            "0.5 (any constant judge)",
                            Baseline.constant(0.5)));
        }
        out.add(
                new Figure(
                        "Judge",
                        "μ = p₊ + p₋ (Theorem 1) on the training rollouts",
                        "reward_model/mu",
                        "1 (at or below: the verdicts say nothing about the outcome)",
                        Baseline.constant(1)));
        for (String set : evaluationSets(all, "/rm_mu")) {
            out.add(
                    new Figure(
                            "Judge",
                            "μ, held out (" + set + ")",
                            "val-core/" + set + "/rm_mu",
                            "1 (at or below: the verdicts say nothing about the outcome)",
                            Baseline.constant(1)));
        }
        out.add(
                new Figure(
                        "Judge",
                        "plain process accuracy, against the base rate of good steps",
                        "reward_model/process_acc",
                        "a judge answering the majority label (max(good rate, 1 − good rate))",
                        metrics ->
                                latestValue(metrics, goodRateKey(metrics))
                                        .map(RunOverview::majority)));
        out.add(
                new Figure(
                        "Task pool",
                        "rewrites accepted, in total",
                        "env/accepted_total",
                        "0 (a fixed environment)",
                        Baseline.constant(0)));
        out.add(
                new Figure(
                        "Task pool",
                        "rewrites rejected, in total",
                        "env/rejected_total",
                        "0 (a fixed environment)",
                        Baseline.constant(0)));
        return out;
    }

    /** The headline figures of one run as an HTML table. */
    public static String html(List<JsonNode> metrics) {
        return table(List.of(new Named("first → latest", metrics)));
    }

    /**
     * The headline figures as an HTML table: part, figure, trivial baseline, then one column per
     * run with its first and latest value; a latest value below its baseline is flagged.
     */
    public static String table(List<Named> runs) {
        if (runs.stream().allMatch(r -> r.metrics().isEmpty())) {
            return "<p>No iteration has completed yet.</p>\n";
        }
        StringBuilder html =
                new StringBuilder(
                        "<table class=\"overview\"><tr><th>part</th><th>figure</th>"
                                + "<th>trivial baseline</th>");
        for (int r = 0; r < runs.size(); r++) {
            html.append("<th class=\"run\" data-run=\"")
                    .append(r)
                    .append("\">")
                    .append(HtmlCharts.escape(runs.get(r).name()))
                    .append("</th>");
        }
        html.append("</tr>\n");
        for (Figure f : figures(runs)) {
            html.append("<tr data-key=\"")
                    .append(HtmlCharts.escape(f.key()))
                    .append("\"><td>")
                    .append(HtmlCharts.escape(f.part()))
                    .append("</td><td>")
                    .append(HtmlCharts.escape(f.name()))
                    .append(" <code>")
                    .append(HtmlCharts.escape(f.key()))
                    .append("</code></td><td>")
                    .append(HtmlCharts.escape(f.baseline()))
                    .append("</td>");
            for (int r = 0; r < runs.size(); r++) {
                html.append(cell(f, runs.get(r).metrics(), r));
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n<p>");
        List<String> ends = new ArrayList<>();
        for (Named run : runs) {
            String end =
                    run.metrics().isEmpty()
                            ? "no iteration yet"
                            : run.metrics().size()
                                    + " metrics lines; latest iteration "
                                    + latestLine(run.metrics()).path("iteration").asInt();
            ends.add(runs.size() == 1 ? end : HtmlCharts.escape(run.name()) + ": " + end);
        }
        return html.append(String.join("; ", ends)).append(".</p>\n").toString();
    }

    /** One run's cell of a figure: first → latest, flagged when the latest is below baseline. */
    private static String cell(Figure f, List<JsonNode> metrics, int run) {
        Optional<Double> first = firstValue(metrics, f.key());
        Optional<Double> latest = latestValue(metrics, f.key());
        Optional<Double> baseline = f.rule() == null ? Optional.empty() : f.rule().value(metrics);
        boolean below =
                latest.isPresent()
                        && baseline.isPresent()
                        && (f.key().endsWith("mu")
                                ? latest.get() <= baseline.get()
                                : latest.get() < baseline.get());
        StringBuilder html =
                new StringBuilder("<td class=\"figure")
                        .append(below ? " below" : "")
                        .append("\" data-run=\"")
                        .append(run)
                        .append("\">");
        if (latest.isEmpty()) {
            return html.append("-</td>").toString();
        }
        html.append(first.map(RunOverview::format).orElse("-"))
                .append(" → <b>")
                .append(format(latest.get()))
                .append("</b>");
        if (f.key().startsWith("val-core/") && f.key().endsWith("/success")) {
            episodes(latestLineWith(metrics, f.key()), f.key())
                    .ifPresent(n -> html.append(" <small>(n ").append(n).append(")</small>"));
        }
        if (below) {
            html.append(" <span class=\"flag\" title=\"below its trivial baseline (")
                    .append(format(baseline.get()))
                    .append(")\">below baseline ")
                    .append(format(baseline.get()))
                    .append("</span>");
        }
        return html.append("</td>").toString();
    }

    /**
     * The curves of one run grouped per part: policy success, the judge's balanced accuracy, its μ,
     * its plain accuracy, the pool's rewrites; each chart with its baselines and at most {@value
     * #MAX_SERIES} series (a part with more is cut into several charts).
     */
    public static ArrayNode charts(List<JsonNode> metrics) {
        ArrayNode charts = JsonlLog.JSON.createArrayNode();
        List<String> policy = new ArrayList<>();
        List<ObjectNode> policyBaselines = new ArrayList<>();
        if (has(metrics, "env/train_success")) {
            policy.add("env/train_success");
        }
        for (String set : evaluationSets(metrics, "/success")) {
            String key = "val-core/" + set + "/success";
            firstValue(metrics, key)
                    .ifPresent(
                            v ->
                                    policyBaselines.add(
                                            constant(
                                                    set + ": the starting policy",
                                                    v,
                                                    policy.size())));
            policy.add(key);
        }
        if (policyBaselines.isEmpty()) {
            firstValue(metrics, "env/train_success")
                    .ifPresent(v -> policyBaselines.add(constant("the first iteration", v, 0)));
        }
        add(charts, "policy", "Policy: success", metrics, policy, policyBaselines);
        List<String> balanced =
                present(
                        metrics,
                        "reward_model/balanced_process_acc",
                        "reward_model/balanced_outcome_acc");
        evaluationSets(metrics, "/rm_balanced_process_acc")
                .forEach(set -> balanced.add("val-core/" + set + "/rm_balanced_process_acc"));
        add(
                charts,
                "judge",
                "Judge: balanced accuracy (training rollouts; held out as points)",
                metrics,
                balanced,
                List.of(constant("0.5: any constant judge", 0.5, null)));
        List<String> mu = present(metrics, "reward_model/mu");
        evaluationSets(metrics, "/rm_mu").forEach(set -> mu.add("val-core/" + set + "/rm_mu"));
        add(
                charts,
                "judge-mu",
                "Judge: μ = p₊ + p₋ (its own axis)",
                metrics,
                mu,
                List.of(constant("1: the verdicts say nothing about the outcome", 1, null)));
        List<String> plain = present(metrics, "reward_model/process_acc");
        add(
                charts,
                "judge-plain",
                "Judge: plain process accuracy",
                metrics,
                plain,
                List.of(majorityBaseline(metrics)));
        add(
                charts,
                "pool",
                "Task pool: rewrites",
                metrics,
                present(
                        metrics,
                        "env/accepted_total",
                        "env/rejected_total",
                        "env/accepted",
                        "env/rejected"),
                List.of(constant("0: a fixed environment", 0, null)));
        return charts;
    }

    /**
     * The curves of several runs, overlaid: one chart per headline figure with one series per run
     * (the run's colour is its index), each with its baseline (per run where the baseline is the
     * run's own: the starting policy, the majority label), runs beyond {@value #MAX_SERIES} in
     * further charts.
     */
    public static ArrayNode compare(List<Named> runs) {
        ArrayNode charts = JsonlLog.JSON.createArrayNode();
        for (Figure f : figures(runs)) {
            List<Integer> having = new ArrayList<>();
            for (int r = 0; r < runs.size(); r++) {
                if (has(runs.get(r).metrics(), f.key())) {
                    having.add(r);
                }
            }
            int parts = (having.size() + MAX_SERIES - 1) / MAX_SERIES;
            for (int p = 0; p < parts; p++) {
                List<Integer> shown =
                        having.subList(
                                p * MAX_SERIES, Math.min(having.size(), (p + 1) * MAX_SERIES));
                ObjectNode chart = charts.addObject();
                String id = "compare-" + f.key().replaceAll("[^A-Za-z0-9]+", "-");
                chart.put("id", parts == 1 ? id : id + "-" + (p + 1));
                chart.put(
                        "title",
                        f.part()
                                + ": "
                                + f.name()
                                + (parts == 1 ? "" : " (" + (p + 1) + "/" + parts + ")"));
                chart.put("type", "line");
                chart.put("key", f.key());
                ArrayNode series = chart.putArray("series");
                ArrayNode baselines = chart.putArray("baselines");
                // runs with the same level (a shared starting policy, 0.5) share one line: a
                // second line on the first would hide it
                Map<String, List<ObjectNode>> levels = new LinkedHashMap<>();
                for (int r : shown) {
                    List<JsonNode> metrics = runs.get(r).metrics();
                    series.add(series(runs.get(r).name(), f.key(), metrics, r));
                    ObjectNode b = comparedBaseline(f, runs.get(r), r);
                    if (b.has("y")) {
                        levels.computeIfAbsent(b.get("y").asText(), k -> new ArrayList<>()).add(b);
                    } else {
                        baselines.add(b);
                    }
                }
                for (List<ObjectNode> same : levels.values()) {
                    ObjectNode b = same.get(0);
                    if (same.size() > 1 && b.has("color")) {
                        b.remove("color");
                        List<String> names = new ArrayList<>();
                        same.forEach(
                                x -> names.add(x.get("label").asText().replaceFirst(": .*$", "")));
                        b.put(
                                "label",
                                String.join(", ", names)
                                        + ": "
                                        + b.get("label").asText().replaceFirst("^.*?: ", ""));
                    }
                    baselines.add(b);
                }
            }
        }
        return charts;
    }

    /** A figure's baseline in a comparison chart, in the run's colour where it is the run's own. */
    private static ObjectNode comparedBaseline(Figure f, Named run, int index) {
        if (f.key().equals("reward_model/process_acc")) {
            return varying(
                    run.name() + ": the majority label",
                    run.metrics(),
                    goodRateKey(run.metrics()),
                    RunOverview::majority,
                    index);
        }
        if (f.rule() == null) { // the training success: read against the run's first iteration
            return constant(
                    run.name() + ": " + f.baseline(),
                    firstValue(run.metrics(), f.key()).orElse(0.0),
                    index);
        }
        Optional<Double> value = f.rule().value(run.metrics());
        boolean own = f.key().startsWith("val-core/") && f.key().endsWith("/success");
        return constant(
                own ? run.name() + ": the starting policy" : f.baseline(),
                value.orElse(0.0),
                own ? index : null);
    }

    /**
     * The baseline of plain process accuracy, per iteration: the accuracy of a judge that always
     * answers the majority label.
     */
    static ObjectNode majorityBaseline(List<JsonNode> metrics) {
        return varying(
                "a judge answering the majority label",
                metrics,
                goodRateKey(metrics),
                RunOverview::majority,
                null);
    }

    /** Adds the charts of one group, cut into charts of at most {@value #MAX_SERIES} series. */
    private static void add(
            ArrayNode charts,
            String id,
            String title,
            List<JsonNode> metrics,
            List<String> keys,
            List<ObjectNode> baselines) {
        if (keys.isEmpty()) {
            return;
        }
        int parts = (keys.size() + MAX_SERIES - 1) / MAX_SERIES;
        for (int p = 0; p < parts; p++) {
            ObjectNode chart = charts.addObject();
            chart.put("id", "overview-" + (parts == 1 ? id : id + "-" + (p + 1)));
            chart.put("title", parts == 1 ? title : title + " (" + (p + 1) + "/" + parts + ")");
            chart.put("type", "line");
            ArrayNode series = chart.putArray("series");
            for (int k = p * MAX_SERIES; k < Math.min(keys.size(), (p + 1) * MAX_SERIES); k++) {
                series.add(series(keys.get(k), keys.get(k), metrics, k - p * MAX_SERIES));
            }
            ArrayNode lines = chart.putArray("baselines");
            for (ObjectNode b : baselines) {
                if (b.has("data") && b.get("data").isEmpty()) {
                    continue; // a baseline the run has no figures for (no step labels)
                }
                // a baseline in a series' colour follows that series into its chart
                int colour = b.path("color").asInt(-1);
                if (colour < 0 || (colour >= p * MAX_SERIES && colour < (p + 1) * MAX_SERIES)) {
                    ObjectNode copy = b.deepCopy();
                    if (colour >= 0) {
                        copy.put("color", colour - p * MAX_SERIES);
                    }
                    lines.add(copy);
                }
            }
        }
    }

    /**
     * The series of {@code key} in {@code metrics}: an evaluation figure as points (with n and a
     * 95% interval for a success), any other as a line with a gap (a null) on each iteration that
     * lacks it.
     */
    static ObjectNode series(String label, String key, List<JsonNode> metrics, int colour) {
        ObjectNode s = JsonlLog.JSON.createObjectNode();
        boolean evaluation = key.startsWith("val-core/");
        s.put("label", label);
        s.put("style", evaluation ? "points" : "line");
        s.put("color", colour);
        ArrayNode data = s.putArray("data");
        boolean started = false;
        int pendingGap = -1;
        for (JsonNode line : metrics) {
            JsonNode v = line.get(key);
            int x = line.path("iteration").asInt();
            if (v == null || !v.isNumber()) {
                if (started && !evaluation && pendingGap < 0 && x > 0) {
                    pendingGap = x;
                }
                continue;
            }
            if (pendingGap >= 0) {
                data.addObject().put("x", pendingGap).putNull("y");
                pendingGap = -1;
            }
            started = true;
            ObjectNode point = data.addObject().put("x", x).put("y", v.asDouble());
            if (evaluation && key.endsWith("/success")) {
                episodes(line, key)
                        .ifPresent(
                                n -> {
                                    double[] ci = wilson(v.asDouble(), n);
                                    point.put("n", n).put("lo", ci[0]).put("hi", ci[1]);
                                });
            }
        }
        return s;
    }

    /**
     * The 95% Wilson score interval of a proportion {@code p} of {@code n} trials: unlike p ± z·se
     * it stays inside [0, 1] and is not empty at p = 0 or 1.
     */
    static double[] wilson(double p, long n) {
        double z2 = Z95 * Z95;
        double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
        double half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /** The number of evaluation episodes behind {@code key} on {@code line}, if recorded. */
    private static Optional<Long> episodes(JsonNode line, String key) {
        if (line == null) {
            return Optional.empty();
        }
        String set = key.substring("val-core/".length(), key.lastIndexOf('/'));
        JsonNode n = line.get("val-aux/" + set + "/episodes");
        return n != null && n.isNumber() && n.asLong() > 0
                ? Optional.of(n.asLong())
                : Optional.empty();
    }

    private static ObjectNode constant(String label, double y, Integer colour) {
        ObjectNode b = JsonlLog.JSON.createObjectNode();
        b.put("label", label);
        b.put("y", y);
        if (colour != null) {
            b.put("color", colour);
        }
        return b;
    }

    /** A baseline that changes per iteration: {@code of} applied to {@code key}'s values. */
    private static ObjectNode varying(
            String label,
            List<JsonNode> metrics,
            String key,
            DoubleUnaryOperator of,
            Integer colour) {
        ObjectNode b = JsonlLog.JSON.createObjectNode();
        b.put("label", label);
        ArrayNode data = b.putArray("data");
        for (JsonNode line : metrics) {
            JsonNode v = line.get(key);
            if (v != null && v.isNumber()) {
                data.addObject()
                        .put("x", line.path("iteration").asInt())
                        .put("y", of.applyAsDouble(v.asDouble()));
            }
        }
        if (colour != null) {
            b.put("color", colour);
        }
        return b;
    }

    /** The sets that have {@code val-core/SET<suffix>} in {@code metrics}, sorted. */
    private static List<String> evaluationSets(List<JsonNode> metrics, String suffix) {
        Set<String> sets = new TreeSet<>();
        for (String key : keys(metrics, k -> k.startsWith("val-core/") && k.endsWith(suffix))) {
            String set = key.substring("val-core/".length(), key.length() - suffix.length());
            if (!set.contains("/")) {
                sets.add(set);
            }
        }
        return new ArrayList<>(sets);
    }

    private static List<String> present(List<JsonNode> metrics, String... keys) {
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            if (has(metrics, key)) {
                out.add(key);
            }
        }
        return out;
    }

    private static boolean has(List<JsonNode> metrics, String key) {
        for (JsonNode line : metrics) {
            if (line.path(key).isNumber()) {
                return true;
            }
        }
        return false;
    }

    /** The restrained label's good-step rate where the run has it, else the planner's. */
    private static String goodRateKey(List<JsonNode> metrics) {
        return has(metrics, "reward_model/process/restrained/good_rate")
                ? "reward_model/process/restrained/good_rate"
                : "reward_model/process/planner/good_rate";
    }

    /** The accuracy of a judge that always answers the majority label, at good rate {@code r}. */
    private static double majority(double rate) {
        return Math.max(rate, 1 - rate);
    }

    private static List<String> keys(List<JsonNode> metrics, Predicate<String> accept) {
        Set<String> keys = new LinkedHashSet<>();
        for (JsonNode line : metrics) {
            for (Iterator<String> names = line.fieldNames(); names.hasNext(); ) {
                String key = names.next();
                if (!key.equals("iteration") && accept.test(key)) {
                    keys.add(key);
                }
            }
        }
        return new ArrayList<>(new TreeSet<>(keys));
    }

    private static JsonNode latestLine(List<JsonNode> metrics) {
        return metrics.get(metrics.size() - 1);
    }

    private static JsonNode latestLineWith(List<JsonNode> metrics, String key) {
        for (int i = metrics.size() - 1; i >= 0; i--) {
            if (metrics.get(i).path(key).isNumber()) {
                return metrics.get(i);
            }
        }
        return null;
    }

    /** The first line's value that has the figure (line 0, the starting point, has few). */
    static Optional<Double> firstValue(List<JsonNode> metrics, String key) {
        for (JsonNode line : metrics) {
            if (line.path(key).isNumber()) {
                return Optional.of(line.get(key).asDouble());
            }
        }
        return Optional.empty();
    }

    static Optional<Double> latestValue(List<JsonNode> metrics, String key) {
        JsonNode line = latestLineWith(metrics, key);
        return line == null ? Optional.empty() : Optional.of(line.get(key).asDouble());
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }
}
