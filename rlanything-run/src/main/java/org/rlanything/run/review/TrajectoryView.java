package org.rlanything.run.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rlanything.run.Corrections;

/**
 * The Trajectories page's data: the saved rollouts of {@code trajectories.jsonl} (of one run or of
 * all runs) that pass the filters, each step marked with what a reviewer looks for and with the
 * correction in force, and per iteration how many saved steps carry each mark.
 *
 * <p>A step's marks, from its valid verdicts (+1 and -1; an unreadable verdict counts for none):
 * {@code label} (the judge against the label: the majority verdict contradicts the setting's step
 * label, -1 on a good step or +1 on a bad one; a tie is no majority), {@code split} (both +1 and -1
 * among them), {@code against} (the majority has the sign opposite to the trajectory's outcome:
 * positive in a failed one, negative in a won one) and {@code risk} (it has verdicts and all of
 * them are -1: the judge is sure the step is bad, which a wrong judge turns into a strong push
 * against a good step). Its {@code confidence} is the majority's share of the valid verdicts (0.5
 * to 1; 0 without any): how sure the judge is, so that its surest mistakes can come first.
 */
public final class TrajectoryView {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The marks a filter may ask for. */
    public static final List<String> MARKS =
            List.of("label", "split", "against", "risk", "corrected");

    /** At most this many trajectories in one answer (the rest are counted, not sent). */
    static final int MAX_SHOWN = 300;

    /**
     * What to show: {@code iteration} (null: the latest; {@link #ALL}: every iteration), a {@code
     * task} substring (null: all), {@code outcome} ("won", "failed" or null), {@code role} (null:
     * all), {@code mark} (one of {@link #MARKS}, or null: every trajectory) and {@code sort}
     * ("confidence": the trajectories whose marked steps the judge is surest of first; null: as
     * saved).
     */
    public record Filter(
            Integer iteration, String task, String outcome, String role, String mark, String sort) {

        /**
         * The filter of a query's parameters; a value it cannot take is an {@link
         * IllegalArgumentException} naming the parameter and what it takes (HTTP 400).
         */
        public static Filter of(Map<String, String> query) {
            Integer iteration = null;
            String it = blankToNull(query.get("iteration"));
            if ("all".equals(it)) {
                iteration = ALL;
            } else if (it != null) {
                iteration = index("iteration", it);
            }
            String outcome = blankToNull(query.get("outcome"));
            if (outcome != null && !outcome.equals("won") && !outcome.equals("failed")) {
                throw new IllegalArgumentException(
                        "outcome must be won or failed (or left out), not \"" + outcome + "\".");
            }
            String mark = blankToNull(query.get("mark"));
            if (mark != null && !MARKS.contains(mark)) {
                throw new IllegalArgumentException(
                        "mark must be one of "
                                + String.join(", ", MARKS)
                                + " (or left out), not \""
                                + mark
                                + "\".");
            }
            String sort = blankToNull(query.get("sort"));
            if (sort != null && !sort.equals("confidence")) {
                throw new IllegalArgumentException(
                        "sort must be confidence (or left out), not \"" + sort + "\".");
            }
            return new Filter(
                    iteration,
                    blankToNull(query.get("task")),
                    outcome,
                    blankToNull(query.get("role")),
                    mark,
                    sort);
        }
    }

    /** {@link Filter#iteration()} for every iteration. */
    public static final int ALL = -1;

    /** One run's saved trajectories and its corrections. */
    public record RunData(
            ReviewRuns.Run run, List<JsonNode> trajectories, Corrections.State state) {}

    private TrajectoryView() {}

    /**
     * A whole number from 0 to {@link Integer#MAX_VALUE}, or an {@link IllegalArgumentException}
     * naming {@code name}.
     */
    static int index(String name, String text) {
        try {
            int value = Integer.parseInt(text.strip());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(
                name
                        + " must be a whole number from 0 to "
                        + Integer.MAX_VALUE
                        + ", not \""
                        + text
                        + "\".");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** The filtered trajectories of {@code runs} with marks and corrections. */
    public static ObjectNode of(List<RunData> runs, Filter filter) {
        ObjectNode out = JSON.createObjectNode();
        TreeSet<Integer> iterations = new TreeSet<>();
        TreeSet<String> roles = new TreeSet<>();
        for (RunData run : runs) {
            for (JsonNode t : run.trajectories()) {
                iterations.add(t.path("iteration").asInt());
                roles.add(t.path("role").asText());
            }
        }
        Integer iteration =
                filter.iteration() != null
                        ? filter.iteration()
                        : iterations.isEmpty() ? null : iterations.last();
        ArrayNode its = out.putArray("iterations");
        iterations.forEach(its::add);
        ArrayNode rs = out.putArray("roles");
        roles.forEach(rs::add);
        if (iteration != null) {
            out.put("iteration", iteration == ALL ? "all" : Integer.toString(iteration));
        }
        Map<Integer, int[]> counts = new TreeMap<>(); // per iteration: steps, then one per mark
        List<ObjectNode> shown = new ArrayList<>();
        int corrections = 0;
        for (RunData run : runs) {
            Map<Corrections.StepKey, Corrections.Correction> inForce = run.state().inForce();
            corrections += inForce.size();
            for (JsonNode t : run.trajectories()) {
                ObjectNode view = marked(run, t, inForce, filter.mark());
                count(counts, view);
                if (passes(view, iteration, filter)) {
                    shown.add(view);
                }
            }
        }
        if ("confidence".equals(filter.sort())) {
            shown.sort(
                    Comparator.comparingDouble(TrajectoryView::surest)
                            .reversed()
                            .thenComparingInt(v -> v.path("run").asInt())
                            .thenComparingInt(v -> v.path("iteration").asInt())
                            .thenComparingInt(v -> v.path("slot").asInt()));
        }
        out.put("corrections", corrections);
        out.put("matching", shown.size());
        ArrayNode list = out.putArray("trajectories");
        shown.stream().limit(MAX_SHOWN).forEach(list::add);
        out.put("left_out", Math.max(0, shown.size() - MAX_SHOWN));
        ObjectNode perIteration = out.putObject("counts");
        counts.forEach(
                (t, c) -> {
                    ObjectNode row = perIteration.putObject(Integer.toString(t));
                    row.put("steps", c[0]);
                    for (int m = 0; m < MARKS.size(); m++) {
                        row.put(MARKS.get(m), c[m + 1]);
                    }
                });
        return out;
    }

    /** The trajectory with its run, each step marked and its correction attached. */
    private static ObjectNode marked(
            RunData run,
            JsonNode t,
            Map<Corrections.StepKey, Corrections.Correction> inForce,
            String mark) {
        ObjectNode view = ((ObjectNode) t).deepCopy();
        view.put("run", run.run().id());
        view.put("run_name", run.run().name());
        boolean won = t.path("won").asBoolean();
        int matches = 0;
        int index = 0;
        for (JsonNode step : view.withArray("steps")) {
            ObjectNode s = (ObjectNode) step;
            s.put("index", index);
            marks(s, won);
            Corrections.Correction c =
                    inForce.get(
                            new Corrections.StepKey(
                                    t.path("iteration").asInt(), t.path("slot").asInt(), index));
            s.put("corrected", c != null);
            if (c != null) {
                ObjectNode corrected = s.putObject("correction");
                corrected.put("verdict", c.verdict());
                corrected.put("note", c.note());
                corrected.put("time", c.time());
            }
            boolean match = mark == null || s.path(field(mark)).asBoolean(false);
            s.put("match", match);
            matches += match ? 1 : 0;
            index++;
        }
        view.put("matches", matches);
        return view;
    }

    private static boolean passes(ObjectNode t, Integer iteration, Filter filter) {
        if (iteration == null || (iteration != ALL && t.path("iteration").asInt() != iteration)) {
            return false;
        }
        if (filter.task() != null
                && !(t.path("task").asText() + " " + t.path("description").asText())
                        .toLowerCase(Locale.ROOT)
                        .contains(filter.task().toLowerCase(Locale.ROOT))) {
            return false;
        }
        boolean won = t.path("won").asBoolean();
        if ("won".equals(filter.outcome()) && !won || "failed".equals(filter.outcome()) && won) {
            return false;
        }
        if (filter.role() != null && !filter.role().equals(t.path("role").asText())) {
            return false;
        }
        return t.path("matches").asInt() > 0
                || (t.path("steps").isEmpty() && filter.mark() == null);
    }

    private static void count(Map<Integer, int[]> counts, ObjectNode t) {
        int[] c =
                counts.computeIfAbsent(t.path("iteration").asInt(), k -> new int[1 + MARKS.size()]);
        for (JsonNode s : t.withArray("steps")) {
            c[0]++;
            for (int m = 0; m < MARKS.size(); m++) {
                c[m + 1] += s.path(field(MARKS.get(m))).asBoolean() ? 1 : 0;
            }
        }
    }

    /** The highest confidence among the trajectory's matching steps. */
    private static double surest(ObjectNode t) {
        double best = 0;
        for (JsonNode s : t.withArray("steps")) {
            if (s.path("match").asBoolean()) {
                best = Math.max(best, s.path("confidence").asDouble());
            }
        }
        return best;
    }

    /**
     * Sets the step's {@code label}, {@code split}, {@code against} and {@code risk} marks, its
     * {@code majority} (+1, -1, 0 for none or a tie) and {@code confidence}.
     */
    static void marks(ObjectNode step, boolean won) {
        int plus = 0;
        int minus = 0;
        int all = 0;
        for (JsonNode v : step.withArray("verdicts")) {
            all++;
            plus += v.asInt() > 0 ? 1 : 0;
            minus += v.asInt() < 0 ? 1 : 0;
        }
        int majority = Integer.compare(plus, minus);
        String label = step.path("label").asText("");
        step.put("majority", majority);
        step.put(
                "confidence",
                plus + minus == 0 ? 0.0 : Math.max(plus, minus) / (double) (plus + minus));
        step.put("split", plus > 0 && minus > 0);
        step.put("against", won ? majority < 0 : majority > 0);
        step.put("risk", all > 0 && minus == all);
        boolean contradicts =
                "good".equals(label) && majority < 0 || "bad".equals(label) && majority > 0;
        step.put("against_label", contradicts);
    }

    /**
     * The step's field that holds {@code mark}: {@code against_label} for {@code label} (the step's
     * {@code label} is the setting's label itself), else the mark's name.
     */
    static String field(String mark) {
        return mark.equals("label") ? "against_label" : mark;
    }
}
