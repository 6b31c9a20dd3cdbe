package org.rlanything.coding.loop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.CodingTask;
import org.rlanything.coding.CodingTest;
import org.rlanything.coding.IoKind;
import org.rlanything.coding.StdioTest;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * Coding tasks as one JSON object for checkpoints: id, statement, optional reference and the
 * stdin/stdout tests (the only problems the loop plays).
 */
public final class CodingTaskCodec implements TaskCodec {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String encode(Task task) {
        CodingProblem problem = CodingEnvironment.problem(task);
        ObjectNode node = JSON.createObjectNode();
        node.put("id", problem.id());
        node.put("statement", problem.statement());
        problem.referenceSolution().ifPresent(r -> node.put("reference", r));
        ArrayNode tests = node.putArray("tests");
        for (CodingTest test : problem.tests()) {
            if (!(test instanceof StdioTest stdio)) {
                throw new org.rlanything.core.BadInputException(
                        "Only stdin/stdout tasks can be encoded; " + problem.id() + " is not.");
            }
            tests.addObject().put("input", stdio.input()).put("output", stdio.expectedOutput());
        }
        return node.toString();
    }

    @Override
    public Task decode(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            List<CodingTest> tests = new ArrayList<>();
            for (JsonNode t : node.path("tests")) {
                tests.add(new StdioTest(t.get("input").asText(), t.get("output").asText()));
            }
            return new CodingTask(
                    new CodingProblem(
                            node.get("id").asText(),
                            Language.PYTHON,
                            IoKind.STDIO,
                            node.get("statement").asText(),
                            "",
                            node.hasNonNull("reference")
                                    ? Optional.of(node.get("reference").asText())
                                    : Optional.empty(),
                            tests));
        } catch (java.io.IOException | RuntimeException e) {
            throw new org.rlanything.core.BadInputException(
                    "Not a coding task (expected JSON with id, statement and tests): "
                            + e.getMessage(),
                    e);
        }
    }
}
