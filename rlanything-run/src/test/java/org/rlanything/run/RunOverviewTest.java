package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The overview's honesty rules on metrics lines written here: the 95% interval of an evaluation, a
 * gap where a figure is missing, a figure below its baseline flagged, at most 5 series a chart with
 * each baseline in the chart of its series, and one column per compared run.
 */
class RunOverviewTest {

    private static JsonNode line(String json) throws Exception {
        return JsonlLog.JSON.readTree(json);
    }

    @Test
    void theWilsonIntervalOfAnEvaluation() {
        // 29 of 72 episodes: worked by hand from the Wilson score formula, z = 1.96
        double[] ci = RunOverview.wilson(29 / 72.0, 72);
        assertEquals(0.2972, ci[0], 5e-4);
        assertEquals(0.5182, ci[1], 5e-4);
        double[] none = RunOverview.wilson(0, 20);
        assertEquals(0, none[0], 1e-12);
        assertEquals(0.1611, none[1], 5e-4, "not empty at p = 0");
    }

    @Test
    void aMissingFigureLeavesAGapAndAnEvaluationIsAPointWithItsInterval() throws Exception {
        List<JsonNode> metrics =
                List.of(
                        line(
                                "{\"iteration\":0,\"val-core/k/success\":0.25,\"val-aux/k/episodes\":40}"),
                        line("{\"iteration\":1,\"reward_model/mu\":0.9}"),
                        line("{\"iteration\":2}"),
                        line("{\"iteration\":3,\"reward_model/mu\":1.1}"),
                        line("{\"iteration\":4,\"val-core/k/success\":0.5}"));
        JsonNode mu = RunOverview.series("mu", "reward_model/mu", metrics, 0);
        assertEquals("line", mu.get("style").asText());
        assertEquals(
                "[{\"x\":1,\"y\":0.9},{\"x\":2,\"y\":null},{\"x\":3,\"y\":1.1}]",
                mu.get("data").toString(),
                "no line across iteration 2");
        JsonNode success = RunOverview.series("s", "val-core/k/success", metrics, 0);
        assertEquals("points", success.get("style").asText());
        JsonNode first = success.get("data").get(0);
        assertEquals(40, first.get("n").asInt());
        double[] ci = RunOverview.wilson(0.25, 40);
        assertEquals(ci[0], first.get("lo").asDouble(), 1e-12);
        assertEquals(ci[1], first.get("hi").asDouble(), 1e-12);
        assertFalse(success.get("data").get(1).has("n"), "no n recorded: no interval drawn");
    }

    @Test
    void aFigureBelowItsBaselineIsFlaggedInItsRunsColumn() throws Exception {
        List<JsonNode> good =
                List.of(
                        line("{\"iteration\":0,\"val-core/k/success\":0.3}"),
                        line(
                                "{\"iteration\":1,\"reward_model/balanced_process_acc\":0.6,"
                                        + "\"reward_model/mu\":1.2,\"val-core/k/success\":0.4}"));
        List<JsonNode> bad =
                List.of(
                        line("{\"iteration\":0,\"val-core/k/success\":0.3}"),
                        line(
                                "{\"iteration\":1,\"reward_model/balanced_process_acc\":0.45,"
                                        + "\"reward_model/mu\":1.0,\"val-core/k/success\":0.2}"));
        String html =
                RunOverview.table(
                        List.of(new RunOverview.Named("a", good), new RunOverview.Named("b", bad)));
        assertTrue(html.contains("<th class=\"run\" data-run=\"0\">a</th>"), html);
        assertTrue(html.contains("<th class=\"run\" data-run=\"1\">b</th>"), html);
        for (String key :
                List.of(
                        "val-core/k/success",
                        "reward_model/balanced_process_acc",
                        "reward_model/mu")) {
            String row = html.substring(html.indexOf("data-key=\"" + key + "\""));
            row = row.substring(0, row.indexOf("</tr>"));
            assertTrue(row.contains("<td class=\"figure\" data-run=\"0\">"), key + ": " + row);
            assertTrue(
                    row.contains("<td class=\"figure below\" data-run=\"1\">"),
                    key + " flagged (μ at 1 too): " + row);
        }
    }

    @Test
    void atMostFiveSeriesAChartWithEachBaselineBesideItsSeries() throws Exception {
        StringBuilder start = new StringBuilder("{\"iteration\":0");
        for (int set = 0; set < 7; set++) {
            start.append(",\"val-core/s").append(set).append("/success\":0.").append(set + 1);
        }
        List<JsonNode> metrics =
                List.of(
                        line(start.append("}").toString()),
                        line("{\"iteration\":1,\"env/train_success\":0.5}"));
        List<JsonNode> policy = new ArrayList<>();
        for (JsonNode chart : RunOverview.charts(metrics)) {
            assertTrue(chart.get("series").size() <= RunOverview.MAX_SERIES, chart.toString());
            if (chart.get("id").asText().startsWith("overview-policy")) {
                policy.add(chart);
            }
        }
        assertEquals(2, policy.size(), "8 series: two charts");
        int baselines = 0;
        for (JsonNode chart : policy) {
            ArrayNode series = (ArrayNode) chart.get("series");
            for (JsonNode b : chart.get("baselines")) {
                JsonNode owner = series.get(b.get("color").asInt());
                String set = owner.get("label").asText().split("/")[1];
                assertTrue(b.get("label").asText().startsWith(set + ":"), b + " beside " + owner);
                assertEquals(
                        owner.get("data").get(0).get("y").asDouble(),
                        b.get("y").asDouble(),
                        "the starting policy of " + set);
                baselines++;
            }
        }
        assertEquals(7, baselines, "one per evaluation set");
    }
}
