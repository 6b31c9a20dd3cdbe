package org.rlanything.coding.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.coding.CodingProblem;
import org.rlanything.coding.ProblemLoader;
import org.rlanything.coding.ReferenceCheck;
import org.rlanything.coding.SandboxedTester;
import org.rlanything.coding.sandbox.Sandbox;
import org.rlanything.coding.sandbox.SandboxSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything coding check DATA.jsonl}: runs every reference solution of a data file in the
 * sandbox on all its tests and prints one JSON line.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description =
                "Runs every reference solution of DATA.jsonl in the sandbox and prints one JSON line:"
                        + " {\"problems\":..,\"passed\":..,\"failed\":[..],\"without_reference\":..,"
                        + "\"seconds\":..}. The first failure of each failed problem goes to"
                        + " standard error. Exit code 1 when a reference fails.")
final class CheckCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "DATA.jsonl", description = "A JSON-lines file of coding problems.")
    private Path data;

    @Option(
            names = "--workers",
            description = "Programs run at once (default: the number of processors).")
    private int workers = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--time-limit",
            description = "Seconds per test (default: ${DEFAULT-VALUE}).",
            defaultValue = "4")
    private double timeLimit;

    @Override
    public Integer call() throws IOException {
        if (timeLimit <= 0) {
            throw new org.rlanything.core.BadInputException(
                    "--time-limit must be > 0, got " + timeLimit);
        }
        List<CodingProblem> problems = ProblemLoader.load(data);
        SandboxSettings base = SandboxSettings.defaults(workers);
        SandboxSettings settings =
                base.withLimits(
                        base.limits()
                                .withTimeLimit(Duration.ofMillis(Math.round(timeLimit * 1000))));
        long start = System.nanoTime();
        ReferenceCheck.Report report;
        Sandbox opened;
        try {
            opened = Sandbox.open(settings);
        } catch (IllegalStateException e) {
            // the machine lacks the isolation (no bwrap, no user namespaces): a run failure, not a
            // bug
            throw new IOException(e.getMessage(), e);
        }
        try (Sandbox sandbox = opened) {
            report = ReferenceCheck.run(problems, new SandboxedTester(sandbox));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Map.Entry<String, String> f : report.firstFailures().entrySet()) {
            spec.commandLine().getErr().println(f.getKey() + ": " + f.getValue());
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode line = json.createObjectNode();
        line.put("problems", report.problems());
        line.put("passed", report.passed());
        line.set("failed", json.valueToTree(report.failed()));
        line.put("without_reference", report.withoutReference());
        line.put("seconds", Math.round(seconds * 10) / 10.0);
        spec.commandLine().getOut().println(json.writeValueAsString(line));
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().flush();
        return report.failed().isEmpty() ? 0 : 1;
    }
}
