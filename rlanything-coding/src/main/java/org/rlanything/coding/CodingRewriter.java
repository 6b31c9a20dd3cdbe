package org.rlanything.coding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.coding.sandbox.Language;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The coding setting's rewriter (method.md §7): asks a language model for a new stdin/stdout
 * problem, harder or easier, on the same topic and with the same I/O format, told how many of the
 * policy's programs passed each current test; reads the reply (statement, at least four tests, a
 * reference solution) and proposes it only when {@link ProblemVerifier} shows in the sandbox that
 * the reference passes every test. Anything else is declined (empty), with the reason kept in
 * {@link #lastAttempt()}.
 */
public final class CodingRewriter implements Rewriter {

    /**
     * One rewrite attempt, for logs and tests.
     *
     * @param prompt what the model was asked
     * @param reply what it answered
     * @param problem the problem read from the reply, if any
     * @param verification the sandbox's verdict on it
     */
    public record Attempt(
            String prompt,
            String reply,
            Optional<CodingProblem> problem,
            Verification verification) {}

    private static final Pattern PROBLEM = Pattern.compile("(?im)^#{1,6}\\s*problem\\s*:?\\s*$");
    private static final Pattern TESTS = Pattern.compile("(?im)^#{1,6}\\s*tests\\s*:?\\s*$");
    private static final Pattern REFERENCE =
            Pattern.compile("(?im)^#{1,6}\\s*reference\\s+solution\\s*:?\\s*$");
    private static final int TESTS_SHOWN = 8;
    private static final int TEXT_SHOWN = 400;

    private final TextGenerator model;
    private final ProblemVerifier verifier;
    private final PassRateBoard passRates;
    private volatile Attempt lastAttempt;

    public CodingRewriter(TextGenerator model, ProblemVerifier verifier, PassRateBoard passRates) {
        this.model = model;
        this.verifier = verifier;
        this.passRates = passRates;
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        if (!(request.active() instanceof CodingTask active)) {
            throw new IllegalArgumentException(
                    "the coding rewriter rewrites coding tasks, not "
                            + request.active().getClass().getSimpleName());
        }
        Attempt attempt =
                attempt(active.problem(), request.goal(), request.previousAccuracy(), rng);
        lastAttempt = attempt;
        if (!attempt.verification().valid()) {
            return Optional.empty();
        }
        return Optional.of(new CodingTask(attempt.problem().orElseThrow()));
    }

    /** The last attempt (null before the first). */
    public Attempt lastAttempt() {
        return lastAttempt;
    }

    /** Asks, reads and verifies one rewrite of the problem. */
    public Attempt attempt(
            CodingProblem problem, RewriteGoal goal, double accuracy, RandomGenerator rng) {
        if (problem.kind() != IoKind.STDIO) {
            throw new IllegalArgumentException(
                    "the coding rewriter writes stdin/stdout problems; "
                            + problem.id()
                            + " is "
                            + problem.kind().label());
        }
        String prompt = prompt(problem, goal, accuracy, passRates.of(problem.id()));
        String reply = model.generate(prompt, rng);
        Optional<CodingProblem> parsed = parse(reply, problem);
        Verification verification =
                parsed.map(verifier::verify)
                        .orElse(
                                Verification.rejected(
                                        "the reply has no '### Problem', '### Tests' and '### Reference solution' sections"));
        return new Attempt(prompt, reply, parsed, verification);
    }

    /** The rewriter's prompt: the goal, the accuracy, the problem and its tests with pass rates. */
    static String prompt(
            CodingProblem problem, RewriteGoal goal, double accuracy, Optional<double[]> rates) {
        String direction = goal == RewriteGoal.HARDER ? "harder" : "easier";
        StringBuilder p = new StringBuilder();
        p.append("Rewrite this programming problem to make it ")
                .append(direction)
                .append(" for a student. The student's programs solved it ")
                .append(String.format(Locale.ROOT, "%.0f%%", 100 * accuracy))
                .append(
                        " of the time. Keep the same topic, the same skill and the same input/output format:"
                                + " the program reads standard input and writes standard output.\n\n");
        p.append("### Current problem\n").append(problem.statement().strip()).append("\n\n");
        p.append("### Current tests");
        p.append(
                rates.isPresent()
                        ? " (with the fraction of the student's programs that passed each)\n"
                        : "\n");
        List<CodingTest> tests = problem.tests();
        for (int j = 0; j < Math.min(TESTS_SHOWN, tests.size()); j++) {
            if (!(tests.get(j) instanceof StdioTest t)) {
                continue;
            }
            p.append("Test ").append(j + 1);
            if (rates.isPresent() && j < rates.get().length) {
                p.append(String.format(Locale.ROOT, " (passed by %.0f%%)", 100 * rates.get()[j]));
            }
            p.append(":\n")
                    .append(
                            UnitTestParser.format(
                                    new StdioTest(cut(t.input()), cut(t.expectedOutput()))));
        }
        p.append("\nWrite the new problem in exactly this form:\n")
                .append("### Problem\n<the full statement, with the input and output format>\n")
                .append("### Tests\n<at least ")
                .append(ProblemVerifier.MIN_TESTS)
                .append(" tests, each as>\n")
                .append(UnitTestParser.format(new StdioTest("<input>", "<expected output>")))
                .append(
                        "### Reference solution\n```python\n<a complete Python 3 program that passes every test>\n```\n");
        return p.toString();
    }

    /** Reads a reply into a problem whose id derives from the original's and the new content. */
    static Optional<CodingProblem> parse(String reply, CodingProblem original) {
        Matcher problem = PROBLEM.matcher(reply);
        Matcher tests = TESTS.matcher(reply);
        Matcher reference = REFERENCE.matcher(reply);
        if (!problem.find() || !tests.find(problem.end()) || !reference.find(tests.end())) {
            return Optional.empty();
        }
        String statement = reply.substring(problem.end(), tests.start()).strip();
        List<StdioTest> parsed =
                UnitTestParser.parseAll(reply.substring(tests.end(), reference.start()));
        Optional<String> solution =
                AnswerExtraction.lastCodeBlock(reply.substring(reference.end()));
        if (statement.isEmpty() || parsed.isEmpty() || solution.isEmpty()) {
            return Optional.empty();
        }
        String root = original.id().replaceAll("/rewrite-[0-9a-f]{8}$", "");
        String id =
                root
                        + "/rewrite-"
                        + digest(statement + "\u0000" + parsed + "\u0000" + solution.get());
        return Optional.of(
                new CodingProblem(
                        id,
                        Language.PYTHON,
                        IoKind.STDIO,
                        statement,
                        "",
                        solution,
                        List.copyOf(parsed)));
    }

    private static String cut(String text) {
        return text.length() <= TEXT_SHOWN ? text : text.substring(0, TEXT_SHOWN) + "...";
    }

    private static String digest(String text) {
        try {
            byte[] h =
                    MessageDigest.getInstance("SHA-256")
                            .digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
