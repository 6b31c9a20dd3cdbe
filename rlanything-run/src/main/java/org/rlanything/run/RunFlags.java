package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rlanything.core.loop.LearningFlags;

/**
 * A run folder's {@link LearningFlags}: read from its {@code metrics.jsonl} lines, shown at the top
 * of the report and before the last line of {@code train}.
 */
public final class RunFlags {

    private RunFlags() {}

    /** The numeric fields of each line, in order. */
    static List<Map<String, Double>> numbers(List<JsonNode> lines) {
        List<Map<String, Double>> out = new ArrayList<>(lines.size());
        for (JsonNode line : lines) {
            Map<String, Double> values = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = line.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (field.getValue().isNumber()) {
                    values.put(field.getKey(), field.getValue().asDouble());
                }
            }
            out.add(values);
        }
        return out;
    }

    /** The flags of a run's metrics lines. */
    public static LearningFlags of(List<JsonNode> lines) {
        return LearningFlags.of(numbers(lines));
    }

    /** The iterations trained in {@code lines} (the largest iteration number). */
    static int iterations(List<JsonNode> lines) {
        int last = 0;
        for (JsonNode line : lines) {
            last = Math.max(last, line.path("iteration").asInt(0));
        }
        return last;
    }

    /** The lines {@code train} prints before its last one: one per flag raised. */
    public static List<String> summary(List<JsonNode> lines) {
        List<String> out = new ArrayList<>();
        for (String line : of(lines).summary(iterations(lines))) {
            out.add("flag: " + line);
        }
        return out;
    }

    /** The report's block: why the run may not be learning, or nothing when no flag was raised. */
    static String html(List<JsonNode> lines) {
        List<String> summary = of(lines).summary(iterations(lines));
        if (summary.isEmpty()) {
            return "";
        }
        StringBuilder html =
                new StringBuilder(
                        "<div class=\"flags\" id=\"flags\"><p><strong>Why this run may not be"
                                + " learning</strong> (each with the key to change):</p><ul>\n");
        for (String line : summary) {
            html.append("<li>").append(HtmlCharts.escape(line)).append("</li>\n");
        }
        return html.append("</ul></div>\n").toString();
    }
}
