package org.rlanything.cli.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.rlanything.cli.run.Corrections;

/**
 * The Trajectories page's data: the saved rollouts of {@code trajectories.jsonl} that pass the
 * filters, each step marked with what a reviewer looks for and with the correction in force.
 *
 * <p>A step's marks: {@code split} (its valid verdicts hold both +1 and -1), {@code against} (the
 * mean of its valid verdicts has the sign opposite to the trajectory's outcome: positive in a
 * failed one, negative in a won one) and {@code risk} (it has verdicts and all of them are -1: the
 * judge is sure the step is bad, which a wrong judge turns into a strong push against a good step).
 */
public final class TrajectoryView {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What to show: {@code iteration} (null: the latest), a {@code task} substring (null: all),
     * {@code outcome} ("won", "failed" or null), {@code role} (null: all) and {@code mark}
     * ("split", "against", "risk", "corrected" or null: every trajectory).
     */
    public record Filter(
            Integer iteration, String task, String outcome, String role, String mark) {}

    private TrajectoryView() {}

    /** The filtered trajectories with marks and corrections, and the iterations there are. */
    public static ObjectNode of(
            List<JsonNode> trajectories,
            Map<Corrections.StepKey, Corrections.Correction> corrections,
            Filter filter) {
        ObjectNode out = JSON.createObjectNode();
        TreeSet<Integer> iterations = new TreeSet<>();
        TreeSet<String> roles = new TreeSet<>();
        for (JsonNode t : trajectories) {
            iterations.add(t.path("iteration").asInt());
            roles.add(t.path("role").asText());
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
            out.put("iteration", iteration);
        }
        out.put("corrections", corrections.size());
        ArrayNode shown = out.putArray("trajectories");
        for (JsonNode t : trajectories) {
            if (iteration == null || t.path("iteration").asInt() != iteration) {
                continue;
            }
            if (filter.task() != null
                    && !filter.task().isBlank()
                    && !(t.path("task").asText() + " " + t.path("description").asText())
                            .toLowerCase(Locale.ROOT)
                            .contains(filter.task().toLowerCase(Locale.ROOT))) {
                continue;
            }
            boolean won = t.path("won").asBoolean();
            if ("won".equals(filter.outcome()) && !won
                    || "failed".equals(filter.outcome()) && won) {
                continue;
            }
            if (filter.role() != null
                    && !filter.role().isBlank()
                    && !filter.role().equals(t.path("role").asText())) {
                continue;
            }
            ObjectNode view = ((ObjectNode) t).deepCopy();
            int matches = 0;
            int index = 0;
            for (JsonNode step : view.withArray("steps")) {
                ObjectNode s = (ObjectNode) step;
                s.put("index", index);
                marks(s, won);
                Corrections.Correction c =
                        corrections.get(
                                new Corrections.StepKey(
                                        t.path("iteration").asInt(),
                                        t.path("slot").asInt(),
                                        index));
                if (c != null) {
                    ObjectNode corrected = s.putObject("correction");
                    corrected.put("verdict", c.verdict());
                    corrected.put("note", c.note());
                    corrected.put("time", c.time());
                }
                boolean match =
                        filter.mark() == null
                                || filter.mark().isBlank()
                                || ("corrected".equals(filter.mark()) && c != null)
                                || s.path(filter.mark()).asBoolean(false);
                s.put("match", match);
                matches += match ? 1 : 0;
                index++;
            }
            if (matches > 0 || view.withArray("steps").isEmpty() && isBlank(filter.mark())) {
                shown.add(view);
            }
        }
        return out;
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    /** Sets the step's {@code split}, {@code against} and {@code risk} marks. */
    static void marks(ObjectNode step, boolean won) {
        int plus = 0;
        int minus = 0;
        int all = 0;
        for (JsonNode v : step.withArray("verdicts")) {
            all++;
            plus += v.asInt() > 0 ? 1 : 0;
            minus += v.asInt() < 0 ? 1 : 0;
        }
        step.put("split", plus > 0 && minus > 0);
        step.put("against", won ? minus > plus : plus > minus);
        step.put("risk", all > 0 && minus == all);
    }
}
