package org.rlanything.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.bench.LoopProfile;
import org.rlanything.core.spi.ComputeMeter;
import org.rlanything.run.TrainingRun;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench loop}: runs a few iterations of a training config (the main job by
 * default) from its starting models in a scratch run folder and reports, per phase and for the
 * whole iteration, wall time, model FLOPs executed and their fraction of this machine's
 * matrix-multiply peak, measured in the same process; episodes and environment steps per second;
 * and the SHA-256 of the training iterations' lines of {@code metrics.jsonl} (iteration 1 on; the
 * starting point is not evaluated here), so two builds, or a bench and a {@code train} of the same
 * config, can be checked to give the same run. One JSON line last.
 */
@Command(
        name = "loop",
        mixinStandardHelpOptions = true,
        description =
                "Runs a few training iterations of a config (default configs/alfworld.yaml) in a scratch run"
                        + " folder and reports wall time, model FLOPs and fraction of the matmul peak per phase, episodes"
                        + " and environment steps per second, and the SHA-256 of metrics.jsonl; one JSON line last.",
        footer = {
            "",
            "Example:",
            "  rlanything bench loop --iterations 3",
            "  rlanything bench loop configs/alfworld.yaml environment.eval_generated_games=16"
        })
final class BenchLoopCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--iterations",
            defaultValue = "3",
            description =
                    "Training iterations (default ${DEFAULT-VALUE});"
                            + " the last one also evaluates.")
    private int iterations;

    @Option(
            names = "--run-dir",
            paramLabel = "DIR",
            description =
                    "Run folder to write (must not hold a run); by"
                            + " default a temporary folder, deleted at the end.")
    private Path runDir;

    @Option(
            names = "--threads",
            description =
                    "Native threads (default: the system property rlanything.threads,"
                            + " else one per core); the figures do not depend on it.")
    private Integer threads;

    @Option(
            names = "--repeats",
            defaultValue = "3",
            description = "Timed repetitions of the matmul peak (default" + " ${DEFAULT-VALUE}).")
    private int repeats;

    @Parameters(
            paramLabel = "CONFIG_AND_OVERRIDES",
            arity = "0..*",
            description =
                    "A YAML config (default" + " configs/alfworld.yaml), then dotted overrides.")
    private List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (iterations < 1 || repeats < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--iterations ("
                            + iterations
                            + ") and --repeats ("
                            + repeats
                            + ") must be at least 1.");
        }
        ComputeMeter meter = ComputeMeter.installed();
        if (threads != null) {
            meter.setThreads(threads);
        }
        PrintWriter out = spec.commandLine().getOut();
        Path config = Path.of("configs/alfworld.yaml");
        List<String> overrides = new ArrayList<>(arguments);
        if (!overrides.isEmpty() && !overrides.get(0).contains("=")) {
            config = Path.of(overrides.remove(0));
        }
        boolean scratch = runDir == null;
        Path folder = scratch ? Files.createTempDirectory("rlanything-bench-loop") : runDir;
        overrides.add("trainer.iterations=" + iterations);
        overrides.add("trainer.run_dir=" + folder);
        RunConfig run = ConfigLoader.load(config, overrides);
        out.printf(
                "bench loop: %s, %d iterations (the last one evaluates), run folder %s; %d native threads,"
                        + " PyTorch threads %s intra / %s inter-op%n",
                config,
                iterations,
                folder,
                meter.threads(),
                System.getProperty("ai.djl.pytorch.num_threads", "default"),
                System.getProperty("ai.djl.pytorch.num_interop_threads", "default"));
        out.flush();
        double peak = meter.matmulPeak(repeats);
        out.printf("matmul peak: %.1f GFLOP/s (float32)%n", peak / 1e9);
        out.flush();
        var os =
                (com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        LoopProfile profile =
                new LoopProfile(System::nanoTime, meter::flops, os::getProcessCpuTime);
        try {
            // The starting point is not evaluated (an empty iteration-0 line): the evaluation phase
            // is the last one's.
            TrainingRun training = TrainingRun.start(run, false, Map.of(), List.of(profile));
            profile.start();
            training.run();
            ObjectNode json = profile.toJson(peak);
            json.put("bench", "loop");
            json.put("config", config.toString());
            json.put("metrics_sha256", trainingLinesSha256(training.folder().metrics().file()));
            json.put("native_threads", meter.threads());
            print(out, profile, peak);
            out.println(
                    "metrics.jsonl SHA-256 (iterations 1-"
                            + iterations
                            + "): "
                            + json.get("metrics_sha256").asText());
            out.println(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(json));
        } finally {
            if (scratch) {
                deleteTree(folder);
            }
        }
        return 0;
    }

    private static void print(PrintWriter out, LoopProfile profile, double peak) {
        out.printf(
                "%-22s %9s %9s %9s %9s %9s%n",
                "phase (all iterations)", "wall s", "CPU s", "GFLOP", "GFLOP/s", "of peak");
        for (Map.Entry<String, String> phase : LoopProfile.PHASES.entrySet()) {
            double[] v = profile.phase(phase.getKey());
            out.printf(
                    "%-22s %9.2f %9.2f %9.2f %9.2f %9.4f%n",
                    phase.getValue(),
                    v[0],
                    v[2],
                    v[1] / 1e9,
                    v[0] > 0 ? v[1] / v[0] / 1e9 : 0,
                    v[0] > 0 ? v[1] / v[0] / peak : 0);
        }
        List<double[]> each = profile.iterations();
        double seconds = profile.seconds();
        out.printf(
                "%-22s %9.2f %9s %9.2f %9.2f %9.4f%n",
                "iteration (mean)",
                seconds / each.size(),
                "",
                profile.totalFlops() / each.size() / 1e9,
                profile.totalFlops() / seconds / 1e9,
                profile.totalFlops() / seconds / peak);
        StringBuilder walls = new StringBuilder();
        for (double[] i : each) {
            walls.append(walls.length() == 0 ? "" : ", ").append(String.format("%.2f", i[0]));
        }
        out.printf("iteration wall s (evaluation excluded): %s%n", walls);
        out.printf(
                "episodes: %d (%.2f/s); environment steps: %d (%.1f/s over the iterations, %.1f/s during rollout)%n",
                profile.episodes(),
                profile.episodes() / seconds,
                profile.steps(),
                profile.steps() / seconds,
                profile.steps() / Math.max(1e-9, profile.phase("gen")[0]));
    }

    /** SHA-256 of the lines of iteration 1 on, each with its newline, in file order. */
    static String trainingLinesSha256(Path metrics) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String line :
                    Files.readAllLines(metrics, java.nio.charset.StandardCharsets.UTF_8)) {
                if (!line.isBlank()
                        && new com.fasterxml.jackson.databind.ObjectMapper()
                                        .readTree(line)
                                        .path("iteration")
                                        .asInt(0)
                                >= 1) {
                    digest.update((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
