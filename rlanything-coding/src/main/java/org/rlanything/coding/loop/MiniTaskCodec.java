package org.rlanything.coding.loop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.coding.mini.ProblemFamily;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * Stack-language tasks as one JSON object for checkpoints: id, family, statement, reference and the
 * tests in their one-line format.
 */
public final class MiniTaskCodec implements TaskCodec {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String encode(Task task) {
        MiniProblem problem = MiniEnvironment.problem(task);
        ObjectNode node = JSON.createObjectNode();
        node.put("id", problem.id());
        node.put("family", problem.family().name());
        node.put("statement", problem.statement());
        node.put("reference", problem.reference());
        problem.tests().forEach(t -> node.withArray("tests").add(t.format()));
        return node.toString();
    }

    @Override
    public Task decode(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            List<MiniTest> tests = new ArrayList<>();
            for (JsonNode t : node.path("tests")) {
                tests.add(
                        MiniTest.parseLine(t.asText())
                                .orElseThrow(
                                        () ->
                                                new org.rlanything.core.BadInputException(
                                                        "test \""
                                                                + t.asText()
                                                                + "\" is not a"
                                                                + " test line")));
            }
            return new MiniTask(
                    new MiniProblem(
                            node.get("id").asText(),
                            ProblemFamily.valueOf(node.get("family").asText()),
                            node.get("statement").asText(),
                            node.get("reference").asText(),
                            tests));
        } catch (java.io.IOException | RuntimeException e) {
            throw new org.rlanything.core.BadInputException(
                    "Not a stack-language task (expected JSON with id, family, statement,"
                            + " reference and tests): "
                            + e.getMessage(),
                    e);
        }
    }
}
