package org.rlanything.cli.run;

import java.nio.file.Path;

/**
 * The layout of a run folder:
 *
 * <pre>
 * .lock                held (FileChannel.tryLock) by the one process training in the folder; holds its PID
 * config.yaml          the effective configuration (every default filled in; kinds as "kind:" keys)
 * metrics.jsonl        one line per iteration: {"iteration": t, metric: value, ...}; deterministic
 * timings.jsonl        one line per iteration: the timing_s/... figures (wall clock, not deterministic)
 * trajectories.jsonl   sampled trajectories per iteration with step rewards, verdicts and judgments
 * pool.jsonl           the task pool's history: proposed, declined, accepted and rejected rewrites
 * run.json             the run's record: the version that wrote it and its newest checkpoint
 * checkpoints/         iter-NNNNNN/ folders, the newest few
 * corrections.jsonl    a person's corrections of the judge's verdicts (rlanything review)
 * report.html          the self-contained report
 * </pre>
 */
public record RunFolder(Path root) {

    public Path config() {
        return root.resolve("config.yaml");
    }

    public JsonlLog metrics() {
        return new JsonlLog(root.resolve("metrics.jsonl"));
    }

    public JsonlLog timings() {
        return new JsonlLog(root.resolve("timings.jsonl"));
    }

    public JsonlLog trajectories() {
        return new JsonlLog(root.resolve("trajectories.jsonl"));
    }

    public JsonlLog pool() {
        return new JsonlLog(root.resolve("pool.jsonl"));
    }

    /**
     * The logs a checkpoint's manifest records and a resume checks: metrics, timings, pool,
     * trajectories.
     */
    public java.util.List<JsonlLog> logs() {
        return java.util.List.of(metrics(), timings(), pool(), trajectories());
    }

    /**
     * The corrections made with {@code rlanything review}; not one of the cut-back {@link #logs()}.
     */
    public Corrections corrections() {
        return new Corrections(root.resolve(Corrections.FILE));
    }

    public RunRecord record() {
        return new RunRecord(root.resolve(RunRecord.FILE));
    }

    public Checkpoints checkpoints() {
        return new Checkpoints(root.resolve("checkpoints"));
    }

    public Path report() {
        return root.resolve("report.html");
    }
}
