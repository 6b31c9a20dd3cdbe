package org.rlanything.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.rlanything.bench.LoopProfile;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopListener;
import org.rlanything.core.loop.TaskRollouts;
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
 * {@code rlanything bench cluster}: the same training iterations with the Hazelcast engine and 1,
 * then 2 (or the given numbers of) {@code rlanything worker} processes on this machine, each with
 * one native thread; reports per member count, over the iterations after the first (the warm-up),
 * the rollout phase's episodes per second, the judge phase's judged steps per second, and the
 * weight broadcast's cost per iteration (the trainer's export and publish, the workers' fetch and
 * import), and checks that every member count gave the same {@code metrics.jsonl}. One JSON line
 * last.
 *
 * <p>The trainer runs in this process (the updates stay here; evaluation is off, since it runs in
 * the trainer). Workers are started from this tool's own class path with the same config and
 * overrides, and only counted as ready once each has built its models and joined.
 */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        description =
                "Episodes per second of the rollout phase with 1 and 2 worker processes (one thread each) of"
                        + " the Hazelcast engine on this machine, judged steps per second, and the weight"
                        + " broadcast's cost per iteration; checks that the runs are identical. One JSON line last.",
        footer = {
            "",
            "Example:",
            "  rlanything bench cluster --iterations 3",
            "  rlanything bench cluster configs/demo.yaml --members 1,2,3"
        })
final class BenchClusterCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--iterations",
            defaultValue = "3",
            description = "Training iterations per member count (default ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(
            names = "--members",
            split = ",",
            defaultValue = "1,2",
            description =
                    "Worker processes to measure with, comma-separated (default ${DEFAULT-VALUE}).")
    private List<Integer> members;

    @Option(
            names = "--worker-heap",
            defaultValue = "2g",
            description = "Each worker's -Xmx (default ${DEFAULT-VALUE}).")
    private String workerHeap;

    @Option(
            names = "--pin",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description =
                    "Pin worker w to core w (modulo the cores) with taskset, as if each worker had a"
                            + " machine of one core to itself; --no-pin lets the OS schedule them"
                            + " (default: pinned when taskset exists).")
    private boolean pin;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "Folder for the run folders and worker logs (default: a temporary folder,"
                            + " deleted at the end).")
    private Path out;

    @Parameters(
            paramLabel = "CONFIG_AND_OVERRIDES",
            arity = "0..*",
            description = "A YAML config (default configs/alfworld.yaml), then dotted overrides.")
    private List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (iterations < 1 || members.isEmpty() || members.stream().anyMatch(m -> m < 1)) {
            throw new org.rlanything.core.BadInputException(
                    "--iterations ("
                            + iterations
                            + ") and every --members count ("
                            + members
                            + ") must be at least 1.");
        }
        PrintWriter console = spec.commandLine().getOut();
        Path config = Path.of("configs/alfworld.yaml");
        List<String> overrides = new ArrayList<>(arguments);
        if (!overrides.isEmpty() && !overrides.get(0).contains("=")) {
            config = Path.of(overrides.remove(0));
        }
        boolean scratch = out == null;
        Path folder = scratch ? Files.createTempDirectory("rlanything-bench-cluster") : out;
        Files.createDirectories(folder);
        console.printf(
                "bench cluster: %s, %d iterations per member count %s; %s; workers %s%n",
                config,
                iterations,
                members,
                machine(),
                pin && TASKSET.isPresent() ? "pinned one per core" : "not pinned");
        console.flush();
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("bench", "cluster");
        json.put("config", config.toString());
        json.put("machine", machine());
        json.put("iterations", iterations);
        json.put("workers_pinned", pin && TASKSET.isPresent());
        ArrayNode runs = json.putArray("runs");
        try {
            for (int count : members) {
                runs.add(measure(console, config, overrides, folder, count));
            }
        } finally {
            if (scratch) {
                BenchLoopCommand.deleteTree(folder);
            }
        }
        double base = runs.get(0).path("episodes_per_second").asDouble();
        boolean same = true;
        console.printf(
                "%-8s %10s %12s %12s %14s %14s %12s%n",
                "workers",
                "rollout s",
                "episodes/s",
                "speedup",
                "judged steps/s",
                "broadcast s/it",
                "loads s/it");
        for (var node : runs) {
            ObjectNode run = (ObjectNode) node;
            run.put("speedup", run.path("episodes_per_second").asDouble() / base);
            same &= run.path("metrics_sha256").equals(runs.get(0).path("metrics_sha256"));
            console.printf(
                    "%-8d %10.2f %12.2f %11.2fx %14.1f %14.3f %12.3f%n",
                    run.path("workers").asInt(),
                    run.path("rollout_seconds").asDouble(),
                    run.path("episodes_per_second").asDouble(),
                    run.path("speedup").asDouble(),
                    run.path("judged_steps_per_second").asDouble(),
                    run.path("broadcast_seconds_per_iteration").asDouble(),
                    run.path("worker_weight_load_seconds_per_iteration").asDouble());
        }
        json.put("same_metrics", same);
        console.println(
                same
                        ? "metrics.jsonl: identical for every member count"
                        : "metrics.jsonl: DIFFERS between member counts (see the SHA-256 per run)");
        console.println(new ObjectMapper().writeValueAsString(json));
        return same ? 0 : 1;
    }

    /** One training run of {@code count} workers; its figures. */
    private ObjectNode measure(
            PrintWriter console, Path config, List<String> overrides, Path folder, int count)
            throws Exception {
        Path dir = folder.resolve("workers-" + count);
        Files.createDirectories(dir);
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i <= count; i++) {
            ports.add(freePort(ports));
        }
        byte[] name = new byte[6];
        new SecureRandom().nextBytes(name);
        List<String> engine = new ArrayList<>(overrides);
        engine.add("trainer.rollout_engine=hazelcast");
        engine.add("trainer.engine.cluster=bench-" + HexFormat.of().formatHex(name));
        engine.add(
                "trainer.engine.members="
                        + String.join(",", ports.stream().map(p -> "127.0.0.1:" + p).toList()));
        List<Process> workers = new ArrayList<>();
        try {
            for (int w = 0; w < count; w++) {
                List<String> args = new ArrayList<>(engine);
                args.add("trainer.engine.port=" + ports.get(w));
                workers.add(startWorker(config, args, dir.resolve("worker" + w + ".log"), w));
            }
            for (int w = 0; w < count; w++) {
                awaitJoined(workers.get(w), dir.resolve("worker" + w + ".log"));
            }
            List<String> trainer = new ArrayList<>(engine);
            trainer.add("trainer.engine.port=" + ports.get(count));
            trainer.add("trainer.iterations=" + iterations);
            trainer.add("trainer.evaluate_every=0");
            trainer.add("trainer.run_dir=" + dir.resolve("run"));
            RunConfig run = ConfigLoader.load(config, trainer);
            var os =
                    (com.sun.management.OperatingSystemMXBean)
                            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            LoopProfile profile =
                    new LoopProfile(
                            System::nanoTime,
                            ComputeMeter.installed()::flops,
                            os::getProcessCpuTime);
            Measured measured = new Measured(iterations > 1 ? 2 : 1);
            TrainingRun training =
                    TrainingRun.start(run, false, Map.of(), List.of(profile, measured));
            profile.start();
            training.run();
            ObjectNode figures = figures(training, measured, profile, count);
            training.close();
            console.printf(
                    "%d worker(s), iterations %d-%d: %d episodes in %.2f s of rollout (%.2f/s); %d steps"
                            + " judged in %.2f s%n",
                    count,
                    measured.from,
                    iterations,
                    measured.episodes,
                    figures.path("rollout_seconds").asDouble(),
                    figures.path("episodes_per_second").asDouble(),
                    measured.steps,
                    figures.path("judge_seconds").asDouble());
            console.flush();
            return figures;
        } finally {
            for (Process worker : workers) {
                worker.destroy();
            }
            for (Process worker : workers) {
                if (!worker.waitFor(10, TimeUnit.SECONDS)) {
                    worker.destroyForcibly();
                }
            }
        }
    }

    /** The figures of a finished run of {@code count} workers. */
    private ObjectNode figures(
            TrainingRun training, Measured measured, LoopProfile profile, int count)
            throws java.io.IOException {
        Map<String, Double> stats = training.components().engine().statistics();
        ObjectNode figures = new ObjectMapper().createObjectNode();
        stats.forEach(figures::put);
        double rollout = measured.seconds.getOrDefault("gen", 0.0);
        double judge = measured.seconds.getOrDefault("judge", 0.0);
        figures.put("workers", count);
        figures.put("measured_iterations", iterations - measured.from + 1);
        figures.put("episodes", measured.episodes);
        figures.put("env_steps", measured.steps);
        figures.put("rollout_seconds", rollout);
        figures.put("episodes_per_second", measured.episodes / Math.max(1e-9, rollout));
        figures.put("judge_seconds", judge);
        figures.put("judged_steps_per_second", measured.steps / Math.max(1e-9, judge));
        figures.put("iteration_seconds_mean", profile.seconds() / iterations);
        figures.put(
                "broadcast_seconds_per_iteration",
                stats.getOrDefault("broadcast_seconds", 0.0) / iterations);
        figures.put(
                "worker_weight_load_seconds_per_iteration",
                stats.getOrDefault("worker_weight_load_seconds", 0.0) / iterations);
        figures.put(
                "metrics_sha256",
                BenchLoopCommand.trainingLinesSha256(training.folder().metrics().file()));
        return figures;
    }

    /**
     * Phase seconds, episodes and steps of the iterations from {@code from} on: the first of
     * several iterations is left out as the warm-up (class loading, the JIT, first connections),
     * which would otherwise favour whichever member count runs later.
     */
    private static final class Measured implements LoopListener {
        final int from;
        final Map<String, Double> seconds = new java.util.HashMap<>();
        long episodes;
        long steps;

        Measured(int from) {
            this.from = from;
        }

        @Override
        public void onPhaseEnd(int iteration, String phase, long nanos) {
            if (iteration >= from) {
                seconds.merge(phase, nanos / 1e9, Double::sum);
            }
        }

        @Override
        public void onIterationEnd(IterationRecord record) {
            if (record.iteration() < from) {
                return;
            }
            for (TaskRollouts result : record.rollouts()) {
                for (Trajectory trajectory : result.trajectories()) {
                    episodes++;
                    steps += trajectory.length();
                }
            }
        }
    }

    /**
     * A worker process of this tool's class path: one native and one PyTorch thread, offline DJL;
     * pinned to core {@code index} modulo the cores when {@code --pin} holds and taskset exists.
     * Pinning is the closer model of a cluster: unpinned, the OS moves the workers' threads (and
     * their JIT, GC and Hazelcast threads) between the cores, so each worker loses its caches to
     * the other, which separate machines never do.
     */
    private Process startWorker(Path config, List<String> overrides, Path log, int index)
            throws IOException {
        List<String> command = new ArrayList<>();
        if (pin && TASKSET.isPresent()) {
            int core = index % Runtime.getRuntime().availableProcessors();
            command.addAll(List.of(TASKSET.get().toString(), "-c", Integer.toString(core)));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + workerHeap);
        command.add("-Dai.djl.offline=true");
        command.add("-Dai.djl.pytorch.num_threads=1");
        command.add("-Dai.djl.pytorch.num_interop_threads=1");
        command.add("-Drlanything.threads=1");
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.add("worker");
        command.add(config.toString());
        command.addAll(overrides);
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("OMP_NUM_THREADS", "1");
        return builder.start();
    }

    /** Waits until the worker says it joined (its models are built by then), at most 10 minutes. */
    private static void awaitJoined(Process worker, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!(Files.exists(log) && Files.readString(log).contains("joined the hazelcast"))) {
            if (!worker.isAlive()) {
                throw new IllegalStateException(
                        "A bench worker exited with "
                                + worker.exitValue()
                                + " before joining; its log "
                                + log
                                + ":\n"
                                + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "A bench worker did not join in 10 minutes: " + log);
            }
            Thread.sleep(100);
        }
    }

    /** The taskset program on the PATH, if any. */
    private static final java.util.Optional<Path> TASKSET =
            java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                    .filter(d -> !d.isBlank())
                    .map(d -> Path.of(d, "taskset"))
                    .filter(Files::isExecutable)
                    .findFirst();

    private static int freePort(List<Integer> taken) throws IOException {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0)) {
                int port = socket.getLocalPort();
                if (!taken.contains(port)) {
                    return port;
                }
            }
        }
    }

    /** The machine in words: cores, processor model, memory. */
    static String machine() {
        String cpu = "unknown processor";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the processor stays unknown
        }
        var os =
                (com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return Runtime.getRuntime().availableProcessors()
                + " cores, "
                + cpu
                + ", "
                + Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024))
                + " GiB";
    }
}
