package org.rlanything.cli.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.testfixtures.SharedData;

/**
 * {@code rlanything coding check|inspect|mini} on small files cut from the real HumanEval data: the
 * JSON lines, a failing reference, a malformed line.
 */
class CodingCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final ObjectMapper json = new ObjectMapper();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void checkRunsTheReferencesAndNamesTheOnesThatFail(@TempDir Path dir) throws IOException {
        List<String> lines =
                Files.readAllLines(SharedData.require("coding/humaneval/HumanEval.jsonl"));
        // HumanEval/2 with its solution replaced by a wrong one
        JsonNode broken = json.readTree(lines.get(2));
        ((com.fasterxml.jackson.databind.node.ObjectNode) broken)
                .put("canonical_solution", "    return number\n");
        Path data =
                Files.writeString(
                        dir.resolve("three.jsonl"),
                        lines.get(0)
                                + "\n"
                                + lines.get(1)
                                + "\n"
                                + json.writeValueAsString(broken)
                                + "\n");
        assertEquals(1, run("coding", "check", data.toString()), err.toString());
        JsonNode result = json.readTree(out.toString().strip());
        assertEquals(3, result.get("problems").asInt());
        assertEquals(2, result.get("passed").asInt());
        assertEquals("[\"HumanEval/2\"]", result.get("failed").toString());
        assertTrue(err.toString().startsWith("HumanEval/2: runtime_error"), err.toString());
    }

    @Test
    void inspectPrintsOneLinePerProblem(@TempDir Path dir) throws IOException {
        List<String> lines =
                Files.readAllLines(SharedData.require("coding/humaneval/HumanEval.jsonl"));
        Path data =
                Files.writeString(
                        dir.resolve("two.jsonl"), lines.get(0) + "\n" + lines.get(1) + "\n");
        assertEquals(0, run("coding", "inspect", data.toString()), err.toString());
        List<String> printed = out.toString().strip().lines().toList();
        assertEquals(2, printed.size());
        JsonNode first = json.readTree(printed.get(0));
        assertEquals("HumanEval/0", first.get("id").asText());
        assertEquals(1, first.get("tests").asInt());
        assertEquals("call", first.get("kind").asText());
    }

    @Test
    void aMalformedLineIsABadInputNamingFileAndLine(@TempDir Path dir) throws IOException {
        Path data = Files.writeString(dir.resolve("bad.jsonl"), "{\"question\": \"q\"}\n");
        assertEquals(2, run("coding", "inspect", data.toString()));
        assertTrue(
                err.toString().contains(data + ":1: not a known problem format"), err.toString());
    }

    @Test
    void miniPrintsGeneratedProblemsOfTheRequestedSplit() throws IOException {
        assertEquals(
                0,
                run("coding", "mini", "--split", "out", "--count", "3", "--seed", "5"),
                err.toString());
        List<String> printed = out.toString().strip().lines().toList();
        assertEquals(3, printed.size());
        for (String line : printed) {
            JsonNode p = json.readTree(line);
            assertEquals("out", p.get("split").asText());
            assertEquals(5, p.get("tests").size());
        }
        assertEquals(2, run("coding", "mini", "--split", "sideways"));
    }
}
