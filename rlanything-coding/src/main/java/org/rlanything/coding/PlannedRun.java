package org.rlanything.coding;

import java.util.Optional;
import org.rlanything.coding.sandbox.Language;

/**
 * One program run that decides one test: the complete program (solution plus any test harness), its
 * standard input, and the output it must print (stdin/stdout tests) or none (the program's exit
 * status decides). An invalid test is planned but never run: it fails.
 *
 * @param language the program's language
 * @param program the complete source to run
 * @param stdin its standard input
 * @param expectedOutput what it must print, compared after collapsing whitespace; empty when exit
 *     status 0 is the pass
 * @param valid false for an invalid test (it fails without running)
 */
public record PlannedRun(
        Language language,
        String program,
        String stdin,
        Optional<String> expectedOutput,
        boolean valid) {

    /** Plans the run of a solution on one test of a problem. */
    public static PlannedRun of(CodingProblem problem, String solution, CodingTest test) {
        Language language = problem.language();
        if (!test.valid()) {
            return new PlannedRun(language, solution, "", Optional.empty(), false);
        }
        if (test instanceof StdioTest s) {
            return new PlannedRun(
                    language, solution, s.input(), Optional.of(s.expectedOutput()), true);
        }
        if (test instanceof CallTest c) {
            return new PlannedRun(
                    language,
                    CallHarness.program(language, solution, c),
                    "",
                    Optional.empty(),
                    true);
        }
        CheckTest k = (CheckTest) test;
        return new PlannedRun(
                language, checkProgram(language, solution, k), "", Optional.empty(), true);
    }

    private static String checkProgram(Language language, String solution, CheckTest test) {
        if (language == Language.JAVA) {
            return solution + "\n" + test.code() + "\n";
        }
        return solution + "\n\n" + test.code() + "\n\ncheck(" + test.entryPoint() + ")\n";
    }
}
