package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.testfixtures.CodingData;

/**
 * One loader reads HumanEval, HumanEval-X Java and APPS into one problem type; bad lines are named.
 */
class ProblemLoaderTest {

    @Test
    void humanEvalIsPythonCallProblemsWithAReference() throws IOException {
        List<CodingProblem> problems = ProblemLoader.load(CodingData.humanEval());
        assertEquals(164, problems.size());
        CodingProblem first = problems.get(0);
        assertEquals("HumanEval/0", first.id());
        assertEquals(Language.PYTHON, first.language());
        assertEquals(IoKind.CALL, first.kind());
        assertTrue(first.referenceSolution().orElseThrow().startsWith(first.statement()));
        assertEquals("has_close_elements", ((CheckTest) first.tests().get(0)).entryPoint());
    }

    @Test
    void humanEvalJavaIsJavaWithAMainTest() throws IOException {
        List<CodingProblem> problems = ProblemLoader.load(CodingData.humanEvalJava());
        assertEquals(164, problems.size());
        assertTrue(problems.stream().allMatch(p -> p.language() == Language.JAVA));
        assertTrue(
                ((CheckTest) problems.get(0).tests().get(0)).code().contains("public class Main"));
    }

    @Test
    void appsSplitsIntoStdioAndCallProblems() throws IOException {
        List<CodingProblem> problems = ProblemLoader.load(CodingData.apps());
        assertEquals(75, problems.size());
        assertEquals(26, problems.stream().filter(p -> p.kind() == IoKind.STDIO).count());
        assertEquals(49, problems.stream().filter(p -> p.kind() == IoKind.CALL).count());
        assertTrue(problems.stream().allMatch(p -> p.referenceSolution().isEmpty()));
        CodingProblem qaq =
                problems.stream().filter(p -> p.id().equals("1607")).findFirst().orElseThrow();
        assertEquals(43, qaq.tests().size());
        assertTrue(qaq.tests().stream().allMatch(t -> t instanceof StdioTest));
        CodingProblem missing =
                problems.stream().filter(p -> p.id().equals("4411")).findFirst().orElseThrow();
        assertEquals(new CallTest("find_missing_number", "[2, 3, 4]", "1"), missing.tests().get(0));
    }

    @Test
    void aMalformedLineIsNamedWithFileAndLine(@TempDir Path dir) throws IOException {
        String good = Files.readAllLines(CodingData.humanEval()).get(0);
        Path broken =
                Files.writeString(
                        dir.resolve("broken.jsonl"), good + "\n\n{\"task_id\": \"x\", \n");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ProblemLoader.load(broken));
        assertTrue(e.getMessage().startsWith(broken + ":3: not a JSON object"), e.getMessage());

        Path unknown = Files.writeString(dir.resolve("unknown.jsonl"), "{\"title\": \"t\"}\n");
        e = assertThrows(IllegalArgumentException.class, () -> ProblemLoader.load(unknown));
        assertTrue(
                e.getMessage().startsWith(unknown + ":1: not a known problem format"),
                e.getMessage());
        assertTrue(e.getMessage().contains("[title]"), e.getMessage());

        Path badField =
                Files.writeString(
                        dir.resolve("field.jsonl"),
                        "{\"task_id\": \"HumanEval/1\", \"prompt\": 3, \"canonical_solution\": \"\","
                                + " \"test\": \"\", \"entry_point\": \"f\"}\n");
        e = assertThrows(IllegalArgumentException.class, () -> ProblemLoader.load(badField));
        assertEquals(
                badField + ":1: field 'prompt' must be a string, found NUMBER", e.getMessage());

        Path badTest =
                Files.writeString(
                        dir.resolve("apps.jsonl"),
                        "{\"id\": 7, \"description\": \"d\", \"starter_code\": \"\","
                                + " \"test_list\": [{\"input\": \"1\"}]}\n");
        e = assertThrows(IllegalArgumentException.class, () -> ProblemLoader.load(badTest));
        assertEquals(
                badTest + ":1: test_list[0] must be an object with 'input' and 'output'",
                e.getMessage());

        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "\n\n");
        e = assertThrows(IllegalArgumentException.class, () -> ProblemLoader.load(empty));
        assertTrue(e.getMessage().contains("no problems"), e.getMessage());
    }

    @Test
    void emptyStdioTestsAreInvalid() {
        assertFalse(new StdioTest("", "1").valid());
        assertFalse(new StdioTest("1", "  \n").valid());
        assertTrue(new StdioTest("1", "2").valid());
    }
}
