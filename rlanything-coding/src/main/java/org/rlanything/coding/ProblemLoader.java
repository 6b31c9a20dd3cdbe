package org.rlanything.coding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.core.io.InputFiles;

/**
 * Reads coding problems from JSON-lines files into {@link CodingProblem}s. One loader for every
 * data set under {@code shared/data/coding}; each line's shape says which it is:
 *
 * <ul>
 *   <li>HumanEval ({@code task_id} {@code HumanEval/N}, {@code prompt}, {@code canonical_solution},
 *       {@code test}, {@code entry_point}): Python, call; the reference is prompt + solution and
 *       the test is {@code check(entry_point)}.
 *   <li>HumanEval-X Java ({@code task_id} {@code Java/N}, same fields, no entry point): Java, call;
 *       the test is the {@code public class Main} appended to the solution.
 *   <li>APPS ({@code description}, {@code starter_code}, {@code test_list}): stdio when the starter
 *       code is empty, else call-based on the starter's function; no reference solution.
 *   <li>CodeContests / LiveBench stdio ({@code question}, {@code test_input}, {@code test_output}).
 * </ul>
 *
 * Blank lines are skipped; a malformed line is an {@link IllegalArgumentException} naming the file,
 * the line and what was expected.
 */
public final class ProblemLoader {

    /** Text after a line's JSON object is refused, not ignored. */
    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .enable(
                            com.fasterxml.jackson.databind.DeserializationFeature
                                    .FAIL_ON_TRAILING_TOKENS);

    private static final Pattern DEF = Pattern.compile("def\\s+([A-Za-z_]\\w*)\\s*\\(");

    private ProblemLoader() {}

    /**
     * Reads every problem of a JSON-lines file; a file that is not a regular UTF-8 file (a folder,
     * a pipe, a device, UTF-16 text) is refused naming it, as {@link InputFiles} does.
     */
    public static List<CodingProblem> load(Path file) throws IOException {
        List<CodingProblem> problems = new ArrayList<>();
        InputFiles.forEachLine(
                file,
                "The problems file",
                (number, line) -> {
                    if (line.isBlank()) {
                        return;
                    }
                    try {
                        problems.add(parse(line));
                    } catch (IllegalArgumentException e) {
                        throw new org.rlanything.core.BadInputException(
                                file + ":" + number + ": " + e.getMessage(), e);
                    }
                });
        if (problems.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    file + ": no problems (the file is empty)");
        }
        return problems;
    }

    /** Reads one problem from one JSON line. */
    public static CodingProblem parse(String line) {
        JsonNode row;
        try {
            row = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException
                    && e.getOriginalMessage().startsWith("Trailing token")) {
                throw new org.rlanything.core.BadInputException(
                        "text follows the line's JSON object; a line holds one object");
            }
            // Jackson's message without its "(start marker at [Source: ...])" location
            String why =
                    e.getOriginalMessage().replaceAll("\\s*\\(start marker at \\[Source.*$", "");
            throw new org.rlanything.core.BadInputException("not a JSON object: " + why);
        }
        if (row == null || !row.isObject()) {
            throw new org.rlanything.core.BadInputException(
                    "expected a JSON object, found "
                            + (row == null ? "nothing" : row.getNodeType()));
        }
        if (row.has("task_id") && row.has("canonical_solution")) {
            return humanEval(row);
        }
        if (row.has("test_list") && row.has("starter_code")) {
            return apps(row);
        }
        if (row.has("question") && row.has("test_input")) {
            return stdio(row);
        }
        List<String> keys = new ArrayList<>();
        row.fieldNames().forEachRemaining(keys::add);
        throw new org.rlanything.core.BadInputException(
                "not a known problem format: expected HumanEval/HumanEval-X fields (task_id,"
                        + " prompt, canonical_solution, test), APPS fields (description,"
                        + " starter_code, test_list) or stdio fields (question, test_input,"
                        + " test_output); found keys "
                        + keys);
    }

    private static CodingProblem humanEval(JsonNode row) {
        String id = text(row, "task_id");
        String prompt = text(row, "prompt");
        String solution = text(row, "canonical_solution");
        String test = text(row, "test");
        if (id.startsWith("Java/")) {
            return new CodingProblem(
                    id,
                    Language.JAVA,
                    IoKind.CALL,
                    prompt,
                    prompt,
                    Optional.of(prompt + solution),
                    List.of(new CheckTest(test, "Main")));
        }
        String entry = text(row, "entry_point");
        return new CodingProblem(
                id,
                Language.PYTHON,
                IoKind.CALL,
                prompt,
                prompt,
                Optional.of(prompt + solution),
                List.of(new CheckTest(test, entry)));
    }

    private static CodingProblem apps(JsonNode row) {
        String id = scalar(row, row.has("id") ? "id" : "name");
        String starter = text(row, "starter_code");
        JsonNode list = row.get("test_list");
        if (!list.isArray() || list.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "field 'test_list' must be a non-empty array");
        }
        List<CodingTest> tests = new ArrayList<>();
        String function = null;
        if (!starter.isBlank()) {
            Matcher m = DEF.matcher(starter);
            if (!m.find()) {
                throw new org.rlanything.core.BadInputException(
                        "field 'starter_code' has no 'def name(' to call: " + starter.strip());
            }
            function = m.group(1);
        }
        int i = 0;
        for (Iterator<JsonNode> it = list.elements(); it.hasNext(); i++) {
            JsonNode t = it.next();
            String where = "test_list[" + i + "]";
            if (!t.isObject() || !t.has("input") || !t.has("output")) {
                throw new org.rlanything.core.BadInputException(
                        where + " must be an object with 'input' and 'output'");
            }
            JsonNode input = t.get("input");
            JsonNode output = t.get("output");
            if (!input.isTextual()) {
                throw new org.rlanything.core.BadInputException(where + ".input must be a string");
            }
            JsonNode expected = output.isArray() && output.size() == 1 ? output.get(0) : output;
            if (function == null) {
                if (!expected.isTextual()) {
                    throw new org.rlanything.core.BadInputException(
                            where + ".output must be a string or a one-element list of a string");
                }
                tests.add(new StdioTest(input.asText(), expected.asText()));
            } else {
                tests.add(new CallTest(function, input.asText(), expected.toString()));
            }
        }
        return new CodingProblem(
                id,
                Language.PYTHON,
                function == null ? IoKind.STDIO : IoKind.CALL,
                text(row, "description"),
                starter,
                Optional.empty(),
                tests);
    }

    private static CodingProblem stdio(JsonNode row) {
        String id =
                row.has("id")
                        ? scalar(row, "id")
                        : scalar(row, row.has("task_id") ? "task_id" : "question_id");
        JsonNode in = row.get("test_input");
        JsonNode out = row.get("test_output");
        if (!in.isArray() || out == null || !out.isArray() || in.size() != out.size()) {
            throw new org.rlanything.core.BadInputException(
                    "fields 'test_input' and 'test_output' must be arrays of the same length");
        }
        List<CodingTest> tests = new ArrayList<>();
        for (int i = 0; i < in.size(); i++) {
            tests.add(new StdioTest(in.get(i).asText(), out.get(i).asText()));
        }
        Optional<String> reference =
                row.hasNonNull("solution") ? Optional.of(text(row, "solution")) : Optional.empty();
        return new CodingProblem(
                id, Language.PYTHON, IoKind.STDIO, text(row, "question"), "", reference, tests);
    }

    private static String text(JsonNode row, String field) {
        JsonNode v = row.get(field);
        if (v == null || !v.isTextual()) {
            throw new org.rlanything.core.BadInputException(
                    "field '"
                            + field
                            + "' must be a string"
                            + (v == null ? " (missing)" : ", found " + v.getNodeType()));
        }
        return v.asText();
    }

    private static String scalar(JsonNode row, String field) {
        JsonNode v = row.get(field);
        if (v == null || !v.isValueNode() || v.asText().isBlank()) {
            throw new org.rlanything.core.BadInputException(
                    "field '" + field + "' must be a non-empty string or number");
        }
        return v.asText();
    }
}
