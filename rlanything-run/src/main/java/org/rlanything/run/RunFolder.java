package org.rlanything.run;

import java.io.IOException;
import java.nio.file.Files;
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

    /**
     * Refuses, before any work starts, a folder the run could not write to: a path that is a file
     * or a device ({@code /dev/null}), a folder where no file can be made ({@code /proc/self}, a
     * read-only mount, missing permissions), and one of the run's own files replaced by something
     * it cannot write ({@code report.html} as a folder). Without this a run failed with exit 1 at
     * its first write, or only after its last iteration (the report). The check makes one empty
     * file in the folder (or its nearest existing parent) and deletes it at once.
     *
     * @param what how the folder is named in a refusal ({@code trainer.run_dir X}, {@code The run
     *     folder X})
     */
    public void requireWritable(String what) {
        Path absolute = root.toAbsolutePath().normalize();
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new RunFolderException(
                    what
                            + " is not a folder (a file or a device); name a folder (one that does"
                            + " not exist yet is created).");
        }
        Path base = absolute;
        while (base != null && !Files.exists(base)) {
            base = base.getParent();
        }
        if (base == null || !Files.isDirectory(base)) {
            throw new RunFolderException(
                    what + " cannot be made: " + base + " is not a folder; name a folder.");
        }
        try {
            Files.delete(Files.createTempFile(base, ".rlanything-write-check-", ""));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new RunFolderException(
                    what
                            + " cannot be written ("
                            + (base.equals(absolute) ? "" : "in " + base + ": ")
                            + IoErrors.describe(e)
                            + "); name a folder this user can write.",
                    e);
        }
        java.util.List<Path> files = new java.util.ArrayList<>();
        files.add(config());
        files.add(record().file());
        logs().forEach(log -> files.add(log.file()));
        files.add(report());
        for (Path file : files) {
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                throw new RunFolderException(
                        file
                                + " is not a file (a folder, or a device or pipe) where the run writes"
                                + " one; move it aside.");
            }
        }
        Path checkpoints = checkpoints().root();
        if (Files.exists(checkpoints) && !Files.isDirectory(checkpoints)) {
            throw new RunFolderException(
                    checkpoints
                            + " is not a folder where the run keeps its checkpoints; move it aside.");
        }
    }
}
