package org.rlanything.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopListener;
import org.rlanything.core.loop.TaskRollouts;

/**
 * Attributes wall time and model FLOPs of a training run to the loop's phases (rollout, judge,
 * adapt, the two updates, evaluation), from the loop's phase callbacks and a process-wide FLOP
 * counter read at each phase end. The iteration's wall time runs from the previous iteration's end
 * to this one's, so it also holds what no phase names (checkpoint writing, logs), but not the
 * evaluation, which is reported as its own phase; the first iteration starts at {@link #start()}.
 */
public final class LoopProfile implements LoopListener {

    /** The phases in loop order, with the names the report prints. */
    public static final Map<String, String> PHASES = phases();

    private final LongSupplier clock;
    private final DoubleSupplier flops;
    private final LongSupplier cpu;
    private final Map<String, double[]> totals =
            new LinkedHashMap<>(); // phase -> {seconds, flops, cpu seconds}
    private final List<double[]> iterations =
            new java.util.ArrayList<>(); // {seconds, flops, episodes, steps}
    private double phaseStartFlops;
    private long phaseStartCpu;
    private double[] evaluation = new double[2]; // {seconds, flops} of this iteration's evaluation
    private long iterationStart;
    private double iterationStartFlops;
    private long episodes;
    private long steps;

    /**
     * @param clock wall time in nanoseconds
     * @param flops model FLOPs executed so far
     * @param cpu CPU time of the process so far in nanoseconds (all threads), to show how many
     *     cores a phase used
     */
    public LoopProfile(LongSupplier clock, DoubleSupplier flops, LongSupplier cpu) {
        this.clock = clock;
        this.flops = flops;
        this.cpu = cpu;
        for (String phase : PHASES.keySet()) {
            totals.put(phase, new double[3]);
        }
    }

    private static Map<String, String> phases() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("gen", "rollout");
        m.put("judge", "judge");
        m.put("adapt", "adapt");
        m.put("update_actor", "policy update");
        m.put("update_reward_model", "reward-model update");
        m.put("eval", "evaluation");
        return m;
    }

    /** Marks the start of the first iteration. */
    public void start() {
        iterationStart = clock.getAsLong();
        iterationStartFlops = flops.getAsDouble();
        phaseStartFlops = iterationStartFlops;
        phaseStartCpu = cpu.getAsLong();
    }

    @Override
    public void onPhaseEnd(int iteration, String phase, long nanos) {
        double now = flops.getAsDouble();
        long nowCpu = cpu.getAsLong();
        double[] total = totals.computeIfAbsent(phase, p -> new double[3]);
        total[0] += nanos / 1e9;
        total[1] += now - phaseStartFlops;
        total[2] += (nowCpu - phaseStartCpu) / 1e9;
        phaseStartCpu = nowCpu;
        if (phase.equals("eval")) {
            evaluation = new double[] {nanos / 1e9, now - phaseStartFlops};
        }
        phaseStartFlops = now;
    }

    @Override
    public void onIterationEnd(IterationRecord record) {
        long now = clock.getAsLong();
        double nowFlops = flops.getAsDouble();
        long e = 0;
        long s = 0;
        for (TaskRollouts result : record.rollouts()) {
            for (Trajectory trajectory : result.trajectories()) {
                e++;
                s += trajectory.length();
            }
        }
        episodes += e;
        steps += s;
        iterations.add(
                new double[] {
                    (now - iterationStart) / 1e9 - evaluation[0],
                    nowFlops - iterationStartFlops - evaluation[1],
                    e,
                    s
                });
        evaluation = new double[2];
        iterationStart = now;
        iterationStartFlops = nowFlops;
        phaseStartFlops = nowFlops;
        phaseStartCpu = cpu.getAsLong();
    }

    /** Per-iteration {wall seconds, FLOPs, episodes, environment steps}, evaluation excluded. */
    public List<double[]> iterations() {
        return List.copyOf(iterations);
    }

    /** Summed {wall seconds, FLOPs, CPU seconds} of a phase over all iterations. */
    public double[] phase(String name) {
        return totals.getOrDefault(name, new double[3]).clone();
    }

    /** Seconds of all iterations together. */
    public double seconds() {
        return iterations.stream().mapToDouble(i -> i[0]).sum();
    }

    /** FLOPs of all iterations together. */
    public double totalFlops() {
        return iterations.stream().mapToDouble(i -> i[1]).sum();
    }

    public long episodes() {
        return episodes;
    }

    public long steps() {
        return steps;
    }

    /** The figures as one JSON object; rates per second of the phase or of the whole run. */
    public ObjectNode toJson(double peakFlops) {
        ObjectNode json = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
        json.put("iterations", iterations.size());
        json.put("matmul_peak_gflops", peakFlops / 1e9);
        ObjectNode phases = json.putObject("phases");
        for (Map.Entry<String, double[]> e : totals.entrySet()) {
            ObjectNode p = phases.putObject(e.getKey());
            double[] v = e.getValue();
            p.put("seconds", v[0]);
            p.put("gflop", v[1] / 1e9);
            p.put("cpu_seconds", v[2]);
            p.put("fraction_of_peak", v[0] > 0 ? v[1] / v[0] / peakFlops : 0);
        }
        ObjectNode whole = json.putObject("iteration");
        double seconds = seconds();
        whole.put("seconds_total", seconds);
        whole.put("seconds_mean", iterations.isEmpty() ? 0 : seconds / iterations.size());
        whole.put("gflop", totalFlops() / 1e9);
        whole.put("fraction_of_peak", seconds > 0 ? totalFlops() / seconds / peakFlops : 0);
        com.fasterxml.jackson.databind.node.ArrayNode each = whole.putArray("seconds_each");
        iterations.forEach(i -> each.add(i[0]));
        json.put("episodes", episodes);
        json.put("env_steps", steps);
        json.put("episodes_per_second", seconds > 0 ? episodes / seconds : 0);
        json.put("env_steps_per_second", seconds > 0 ? steps / seconds : 0);
        double rollout = phase("gen")[0];
        json.put("rollout_env_steps_per_second", rollout > 0 ? steps / rollout : 0);
        return json;
    }
}
