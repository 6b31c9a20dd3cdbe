package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's summary table: its "first iteration" column shows iteration 1's training figures
 * (line 0 of metrics.jsonl is the starting point's evaluation, which has none).
 */
class ReportSummaryTest {

    @Test
    void theFirstIterationColumnShowsIterationOnesTrainingFigures() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> metrics =
                List.of(
                        json.readTree("{\"iteration\":0,\"val-core/x/success\":0.25}"),
                        json.readTree(
                                "{\"iteration\":1,\"env/train_success\":0.5,"
                                        + "\"reward_model/process_acc\":0.75,"
                                        + "\"val-core/x/success\":0.25}"),
                        json.readTree(
                                "{\"iteration\":2,\"env/train_success\":0.625,"
                                        + "\"reward_model/process_acc\":0.875,"
                                        + "\"val-core/x/success\":0.5}"));
        String html = ReportWriter.summary(metrics, List.of());
        assertTrue(html.contains("<code>env/train_success</code></td><td>0.5"), html);
        assertTrue(html.contains("<code>reward_model/process_acc</code></td><td>0.75"), html);
        assertTrue(html.contains("<code>val-core/x/success</code></td><td>0.25"), html);
    }
}
