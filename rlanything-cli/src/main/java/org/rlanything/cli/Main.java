package org.rlanything.cli;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import org.rlanything.core.BadInputException;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.run.IoErrors;
import org.rlanything.run.plugins.Plugins;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rlanything} command. Exit codes: 0 success, 1 a run or check failed, 2 bad usage or
 * input (picocli's usage errors, and every {@link BadInputException}: config errors, a run folder
 * that cannot be used, a file or page the user named), 70 an internal error (any other exception,
 * among them a plain {@link IllegalArgumentException} or {@link IllegalStateException} from an
 * internal check: a bug, not the user's doing). Errors are one message; {@code --debug} anywhere
 * adds the stack trace. The generic commands (train, eval, report, review, bench
 * loop/cluster/ablation, worker) are this module's; each setting's own commands come from its
 * module, found as {@link CommandProvider}s on the class path.
 */
@Command(
        name = "rlanything",
        mixinStandardHelpOptions = true,
        version = "rlanything 0.1.0",
        description =
                "RLAnything: closed-loop RL of policy, generative reward model and environment.",
        footer = {
            "",
            "Exit codes: 0 done, 1 a run failed, 2 bad input or a run folder that cannot be used,"
                    + " 70 internal error. Add --debug anywhere to print an error's stack trace.",
            "Plugins: --plugins DIR|JAR anywhere, RLANYTHING_PLUGINS, or plugins/ beside the config"
                    + " add jars with more kinds and commands."
        },
        subcommands = {
            TrainCommand.class,
            EvalCommand.class,
            ReportCommand.class,
            ReviewCommand.class,
            NewCommand.class
        })
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line on the standard streams and returns its exit code. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /**
     * Runs the command line with the given output streams and returns its exit code. {@code
     * --debug} anywhere adds the stack trace to an error; without it every error is one message.
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        boolean debug = java.util.Arrays.asList(args).contains("--debug");
        String[] rest =
                java.util.Arrays.stream(args)
                        .filter(a -> !a.equals("--debug"))
                        .toArray(String[]::new);
        try {
            Plugins.activate(rest, System.getenv());
            rest = Plugins.withoutOption(rest);
        } catch (IllegalArgumentException e) {
            err.println("rlanything: " + oneLine(e.getMessage()));
            err.flush();
            return 2;
        }
        CommandLine commandLine;
        try {
            commandLine =
                    commandLine().setCaseInsensitiveEnumValuesAllowed(true).setOut(out).setErr(err);
        } catch (RuntimeException | java.util.ServiceConfigurationError | LinkageError e) {
            if (debug) {
                e.printStackTrace(err);
            }
            // a plugin's command that the check of the jars let through (a name taken twice)
            err.println(
                    "rlanything: the commands of the plugins "
                            + Plugins.active().jars().stream()
                                    .map(j -> j.path().toString())
                                    .toList()
                            + " cannot be added: "
                            + oneLine(e.getMessage()));
            err.flush();
            return 2;
        }
        String[] words = rest;
        commandLine.setExecutionExceptionHandler(
                (exception, line, parseResult) -> report(exception, line.getErr(), debug, words));
        try {
            return commandLine.execute(rest);
        } catch (OutOfMemoryError e) {
            if (debug) {
                e.printStackTrace(err);
            }
            err.println(outOfMemory(org.rlanything.core.io.MemorySteps.describe(), rest));
            err.flush();
            return 1;
        } catch (StackOverflowError e) {
            if (debug) {
                e.printStackTrace(err);
            }
            err.println(
                    "rlanything: internal error (stack overflow); run again with --debug for the stack trace.");
            err.flush();
            return 70;
        }
    }

    /**
     * Reports an exception a command threw, as one line on {@code err}, and returns the exit code:
     * 2 for a {@link BadInputException} (the user can fix it), 1 for an I/O failure, 70 for
     * anything else (a bug: an internal check's {@link IllegalArgumentException} or {@link
     * IllegalStateException} included). {@code debug} adds the stack trace.
     */
    static int report(Exception exception, PrintWriter err, boolean debug) {
        return report(exception, err, debug, new String[0]);
    }

    /** {@link #report(Exception, PrintWriter, boolean)} of the command line {@code args}. */
    static int report(Exception exception, PrintWriter err, boolean debug, String[] args) {
        if (debug) {
            exception.printStackTrace(err);
        }
        if (exception instanceof BadInputException) {
            err.println("rlanything: " + oneLine(exception.getMessage()));
            return 2;
        }
        if (isNativeOutOfMemory(exception)) {
            err.println(
                    outOfMemory(org.rlanything.core.io.MemorySteps.describe(), args)
                            + " ("
                            + oneLine(exception.getMessage())
                            + ")");
            return 1;
        }
        if (exception instanceof java.io.IOException
                || exception instanceof java.io.UncheckedIOException) {
            err.println("rlanything: " + IoErrors.describe(exception));
            return 1;
        }
        java.util.Optional<org.rlanything.run.plugins.PluginJar> plugin =
                Plugins.active().culprit(exception);
        if (plugin.isPresent()) {
            // not this tool's bug: the run failed in the plugin's code, which the jar names
            err.println(
                    "rlanything: the plugin "
                            + plugin.get().path()
                            + " ("
                            + plugin.get().name()
                            + " "
                            + plugin.get().version()
                            + ") failed: "
                            + exception.getClass().getSimpleName()
                            + (exception.getMessage() == null
                                    ? ""
                                    : ": " + oneLine(exception.getMessage()))
                            + (debug ? "." : "; run again with --debug for the stack trace."));
            return 1;
        }
        err.println(
                "rlanything: internal error ("
                        + exception.getClass().getSimpleName()
                        + ": "
                        + exception.getMessage()
                        + ")"
                        + (debug ? "." : "; run again with --debug for the stack trace."));
        return 70;
    }

    /**
     * The command line: the generic commands, then the settings' commands ({@link
     * CommandProvider}s) by name, then {@code bench} (with the settings' benchmarks) and {@code
     * worker}.
     */
    static CommandLine commandLine() {
        CommandLine root = new CommandLine(new Main());
        CommandLine bench = new CommandLine(new BenchCommand());
        List<CommandProvider> plugged =
                ServiceLoader.load(CommandProvider.class, Plugins.active().loader()).stream()
                        .map(ServiceLoader.Provider::get)
                        .toList();
        for (CommandProvider command :
                plugged.stream().sorted(Comparator.comparing(Main::nameOf)).toList()) {
            (command.group() == CommandProvider.Group.BENCH ? bench : root).addSubcommand(command);
        }
        return root.addSubcommand(bench).addSubcommand(new WorkerCommand());
    }

    private static String nameOf(CommandProvider command) {
        return command.getClass().getAnnotation(Command.class).name();
    }

    /**
     * The out-of-memory message: with a model step running, the step and its planned figure (its
     * memory is mostly outside the heap); otherwise the run's sizes or the heap.
     */
    static String outOfMemory(String step, String[] args) {
        long heap = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        if (step != null) {
            return "rlanything: out of memory during the "
                    + step
                    + "; the Java heap holds at most "
                    + heap
                    + " MiB and the model's arrays live outside it: free memory on this machine"
                    + " (rlanything model plan FOLDER prints what each step needs), or lower the"
                    + " batch (policy.max_tokens_per_forward).";
        }
        boolean configured =
                java.util.Arrays.stream(args)
                        .anyMatch(
                                a ->
                                        a.endsWith(".yaml")
                                                || a.endsWith(".yml")
                                                || a.equals("train"));
        if (!configured) {
            // a command without a run config (pddl inspect, model plan): its input is too large
            return "rlanything: out of memory (the heap holds at most "
                    + heap
                    + " MiB): the files this command read are too large for it; give more heap,"
                    + " for example RLANYTHING_JAVA_OPTS=-Xmx4g.";
        }
        return "rlanything: out of memory (the heap holds at most "
                + heap
                + " MiB): lower the sizes in the config (pool_size, tasks_per_iteration,"
                + " rollouts_per_task, verdicts_per_step, max_steps) or give more heap, for example"
                + " RLANYTHING_JAVA_OPTS=-Xmx4g.";
    }

    /** Whether an engine error is a failed native allocation (PyTorch's allocator). */
    static boolean isNativeOutOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null
                    && (m.contains("not enough memory")
                            || m.contains("std::bad_alloc")
                            || m.contains("CUDA out of memory"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * An error message on one line: a library's message that spans lines (a parser's, with its
     * source excerpt) keeps its words, joined.
     */
    static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
