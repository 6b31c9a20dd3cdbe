package org.rlanything.demo.command;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.demo.KeyLockDemo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rlanything demo}: the loop's built-in demo on key-lock corridors with tabular models. */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description =
                "Runs the RLAnything loop on a tiny built-in environment (key-lock corridors) with a tabular"
                        + " policy and a tabular judge, and prints one line per iteration. Takes a few seconds.")
public final class DemoCommand implements CommandProvider, Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--iterations",
            defaultValue = "40",
            description = "Iterations to run (default ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(
            names = "--seed",
            defaultValue = "10086",
            description =
                    "Run seed; every random choice derives from it (default ${DEFAULT-VALUE}).")
    private long seed;

    @Option(
            names = "--arm",
            defaultValue = "POLICY_REWARD_ENV",
            description = "Ablation arm: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    private Ablation arm;

    @Option(
            names = {"-q", "--quiet"},
            description = "No progress output; print only the final summary.")
    private boolean quiet;

    @Override
    public Integer call() {
        if (iterations < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--iterations (" + iterations + ") must be >= 1.");
        }
        PrintWriter out = spec.commandLine().getOut();
        KeyLockDemo demo =
                new KeyLockDemo(
                        seed,
                        arm,
                        record -> {
                            if (!quiet) {
                                out.println(line(record));
                                out.flush();
                            }
                        });
        double before = demo.successRate(demo.policy(), demo.loop().evaluationSeed());
        double judgeBefore = demo.judge().expectedProcessAccuracy();
        long started = System.nanoTime();
        demo.loop().runUntil(iterations);
        double seconds = (System.nanoTime() - started) / 1e9;
        double after = demo.successRate(demo.policy(), demo.loop().evaluationSeed());
        out.printf(
                Locale.ROOT,
                "demo (%s, seed %d): %d iterations in %.1f s; held-out success %.3f -> %.3f; "
                        + "judge process accuracy %.3f -> %.3f; accepted rewrites %d%n",
                arm,
                seed,
                iterations,
                seconds,
                before,
                after,
                judgeBefore,
                demo.judge().expectedProcessAccuracy(),
                demo.loop().captureState().acceptedTotal());
        return 0;
    }

    private static String line(IterationRecord record) {
        Map<String, Double> m = record.metrics();
        return String.format(
                Locale.ROOT,
                "iter %3d  train_success %s  rm_process_acc %s  accepted %s rejected %s"
                        + "  pool_accepted_total %s%s",
                record.iteration(),
                fmt(m.get("env/train_success")),
                fmt(m.get("reward_model/process_acc")),
                fmt(m.get("env/accepted")),
                fmt(m.get("env/rejected")),
                fmt(m.get("env/accepted_total")),
                m.containsKey("val-core/keylock/success")
                        ? "  eval " + fmt(m.get("val-core/keylock/success"))
                        : "");
    }

    private static String fmt(Double value) {
        if (value == null) {
            return "  -  ";
        }
        return value == Math.rint(value)
                ? String.format(Locale.ROOT, "%d", value.longValue())
                : String.format(Locale.ROOT, "%.3f", value);
    }
}
