package org.rlanything.coding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import org.rlanything.testfixtures.CodingData;

/**
 * Real problems run in the real sandbox: a fixed sample of HumanEval and HumanEval-X references
 * pass (the full 164 + 164 is {@code rlanything coding check}), broken references fail, and
 * hand-written APPS solutions pass their stdio and call tests while wrong ones do not.
 */
class ReferenceCheckTest {

    private static Sandbox sandbox;
    private static SandboxedTester tester;

    @BeforeAll
    static void open() {
        sandbox = Sandbox.open(SandboxSettings.defaults(2));
        tester = new SandboxedTester(sandbox);
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    /** Every {@code step}-th problem, starting at the first: a fixed sample. */
    private static List<CodingProblem> sample(List<CodingProblem> all, int step) {
        List<CodingProblem> s = new ArrayList<>();
        for (int i = 0; i < all.size(); i += step) {
            s.add(all.get(i));
        }
        return s;
    }

    /** The problem with its reference replaced (same tests). */
    private static CodingProblem withReference(CodingProblem p, String reference) {
        return new CodingProblem(
                p.id(),
                p.language(),
                p.kind(),
                p.statement(),
                p.starterCode(),
                Optional.of(reference),
                p.tests());
    }

    @Test
    void sampledHumanEvalReferencesPassAndBrokenOnesFail() throws IOException {
        List<CodingProblem> problems = sample(ProblemLoader.load(CodingData.humanEval()), 20);
        assertEquals(9, problems.size());
        ReferenceCheck.Report report = ReferenceCheck.run(problems, tester);
        assertEquals(9, report.passed(), report.firstFailures().toString());

        CodingProblem p = problems.get(1); // HumanEval/20, find_closest_elements
        CodingProblem broken = withReference(p, p.statement() + "    return (0.0, 0.0)\n");
        ReferenceCheck.Report bad = ReferenceCheck.run(List.of(broken), tester);
        assertEquals(List.of("HumanEval/20"), bad.failed());
        assertTrue(
                bad.firstFailures().get("HumanEval/20").startsWith("runtime_error"),
                bad.toString());
    }

    @Test
    void sampledHumanEvalJavaReferencesPassAndBrokenOnesFail() throws IOException {
        List<CodingProblem> problems = sample(ProblemLoader.load(CodingData.humanEvalJava()), 41);
        assertEquals(4, problems.size());
        ReferenceCheck.Report report = ReferenceCheck.run(problems, tester);
        assertEquals(4, report.passed(), report.firstFailures().toString());

        CodingProblem p = problems.get(0); // Java/0, hasCloseElements
        String wrong = p.statement() + "        return false;\n    }\n}\n";
        String uncompilable = p.statement() + "        return 1;\n    }\n}\n";
        ReferenceCheck.Report bad =
                ReferenceCheck.run(
                        List.of(withReference(p, wrong), withReference(p, uncompilable)), tester);
        assertEquals(0, bad.passed());
        assertEquals(2, bad.failed().size());
        assertTrue(
                bad.firstFailures().values().stream().anyMatch(r -> r.startsWith("compile_error")),
                bad.toString());
    }

    @Test
    void appsStdioTestsRunAHandWrittenSolution() throws IOException {
        CodingProblem full =
                ProblemLoader.load(CodingData.apps()).stream()
                        .filter(p -> p.id().equals("1607"))
                        .findFirst()
                        .orElseThrow();
        assertEquals(43, full.tests().size());
        // its first 12 tests keep the check fast; the adjacent-only count fails 10 of them
        CodingProblem qaq = full.withTests(full.tests().subList(0, 12));
        String right =
                "s = input().strip()\n"
                        + "print(sum(s[:i].count('Q') * s[i + 1:].count('Q')"
                        + " for i, c in enumerate(s) if c == 'A'))\n";
        String adjacentOnly = "s = input().strip()\nprint(s.count('QAQ'))\n";
        boolean[][] passed = tester.passMatrix(qaq, List.of(right, adjacentOnly), qaq.tests());
        for (int j = 0; j < qaq.tests().size(); j++) {
            assertTrue(passed[0][j], "the right solution failed test " + j);
        }
        int wrongPasses = 0;
        for (boolean b : passed[1]) {
            wrongPasses += b ? 1 : 0;
        }
        assertTrue(wrongPasses < qaq.tests().size(), "the wrong solution passed everything");
    }

    @Test
    void appsCallTestsParseArgumentsAndCompareResults() throws IOException {
        List<CodingProblem> apps = ProblemLoader.load(CodingData.apps());
        CodingProblem missing =
                apps.stream().filter(p -> p.id().equals("4411")).findFirst().orElseThrow();
        String right =
                "def find_missing_number(numbers):\n    n = len(numbers) + 1\n    return n * (n + 1) // 2 - sum(numbers)\n";
        String offByOne = "def find_missing_number(numbers):\n    return len(numbers)\n";
        boolean[][] m = tester.passMatrix(missing, List.of(right, offByOne), missing.tests());
        for (boolean b : m[0]) {
            assertTrue(b);
        }
        assertFalse(m[1][0]);

        // two parameters and a first argument spanning several lines
        CodingProblem comments =
                apps.stream().filter(p -> p.id().equals("1613")).findFirst().orElseThrow();
        String strip =
                "def solution(string, markers):\n"
                        + "    out = []\n"
                        + "    for line in string.split('\\n'):\n"
                        + "        for m in markers:\n"
                        + "            line = line.split(m)[0]\n"
                        + "        out.append(line.rstrip())\n"
                        + "    return '\\n'.join(out)\n";
        boolean[][] c =
                tester.passMatrix(
                        comments,
                        List.of(strip, "def solution(string, markers):\n    return string\n"),
                        comments.tests());
        for (int j = 0; j < comments.tests().size(); j++) {
            assertTrue(c[0][j], "test " + j + " of 1613");
        }
        assertFalse(c[1][0]);
    }
}
