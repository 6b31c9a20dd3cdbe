package org.rlanything.cli;

import java.io.PrintWriter;
import org.rlanything.cli.alfworld.AlfworldCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rlanything} command. Exit codes: 0 success, 1 a run or check failed, 2 bad usage or input
 * (picocli's usage errors), 70 an internal error.
 */
@Command(name = "rlanything", mixinStandardHelpOptions = true, version = "rlanything 0.1.0",
        description = "RLAnything: closed-loop RL of policy, generative reward model and environment.",
        subcommands = {TrainCommand.class, EvalCommand.class, ReportCommand.class, PretrainCommand.class,
            AlfworldCommand.class, BenchCommand.class, DemoCommand.class})
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line on the standard streams and returns its exit code. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output streams and returns its exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(out).setErr(err);
        commandLine.setExecutionExceptionHandler((exception, line, parseResult) -> {
            if (exception instanceof IllegalArgumentException) {
                line.getErr().println("rlanything: " + exception.getMessage());
                return 2;
            }
            if (exception instanceof java.io.IOException || exception instanceof java.io.UncheckedIOException) {
                line.getErr().println("rlanything: " + exception.getMessage()
                        + (exception.getCause() != null ? " (" + exception.getCause().getMessage() + ")" : ""));
                return 1;
            }
            exception.printStackTrace(line.getErr());
            return 70;
        });
        return commandLine.execute(args);
    }
}
