package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopState;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.core.loop.SimulatedReviewer;
import org.rlanything.core.loop.StepCorrections;
import org.rlanything.run.config.ConfigException;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * A training run in its run folder: starts fresh or resumes exactly from the last complete
 * checkpoint.
 */
public final class TrainingRun {

    private final RunFolder folder;
    private final RunConfig config;
    private final RunComponents components;
    private final RLAnythingLoop loop;
    private IterationRecord last;
    private RunLock lock;

    /**
     * Started by {@link #start} in this process (not resumed): a failure before its first
     * checkpoint unclaims.
     */
    private boolean fresh;

    private final ProgressListener progress;

    /** What the logs hold; each append goes through it, each checkpoint records it. */
    private final LogLedger logs;

    private TrainingRun(
            RunFolder folder,
            RunConfig config,
            boolean progress,
            int startIteration,
            LogLedger logs,
            List<org.rlanything.core.loop.LoopListener> observers) {
        this.folder = folder;
        this.config = config;
        this.logs = logs;
        this.components = Backends.create(config);
        loadInit("trainer.policy_init", config.trainer().policyInit(), components.policyState());
        loadInit(
                "trainer.reward_model_init",
                config.trainer().rewardModelInit(),
                components.rewardModelState());
        LoopConfig loopConfig =
                new LoopConfig(
                        config.trainer().seed(),
                        config.algorithm(),
                        config.environment().maxSteps(),
                        config.trainer().evaluateEvery());
        RunRecorder recorder =
                new RunRecorder(
                        folder,
                        components,
                        loopConfig,
                        config.trainer().checkpointEvery(),
                        config.trainer().keepCheckpoints(),
                        config.trainer().savedTrajectories(),
                        config.trainer().iterations(),
                        CheckpointManifest.Identity.of(config).with(provenance(config, components)),
                        logs);
        RLAnythingLoop.Builder builder =
                RLAnythingLoop.builder()
                        .config(loopConfig)
                        .rolloutEngine(components.engine())
                        .environment(components.environment())
                        .policy(components.policy())
                        .rewardModel(components.rewardModel())
                        .rewriter(components.rewriter())
                        .tasks(components.tasks())
                        .evaluator(components.evaluator())
                        .taskFeedback(components.parts().taskFeedback())
                        .corrections(corrections(folder, logs, config, loopConfig))
                        .listener(recorder)
                        .listener(record -> last = record)
                        .evaluationSchedule(
                                t ->
                                        t == config.trainer().iterations()
                                                || (config.trainer().evaluateEvery() > 0
                                                        && t % config.trainer().evaluateEvery()
                                                                == 0));
        this.progress =
                progress
                        ? new ProgressListener(startIteration, config.trainer().iterations())
                        : null;
        if (this.progress != null) {
            try {
                this.progress.prime(RunFlags.numbers(folder.metrics().read()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            builder.listener(this.progress);
        }
        observers.forEach(builder::listener);
        this.loop = builder.build();
        ProgressListener.untrainedJudgeNote(loopConfig).ifPresent(System.err::println);
    }

    /**
     * The run's corrections (rlanything review) for the loop; the checkpoints record how much of
     * the file it used.
     */
    private static StepCorrections corrections(
            RunFolder folder, LogLedger logs, RunConfig config, LoopConfig loopConfig) {
        CorrectionBook book = new CorrectionBook(folder, System.err::println);
        logs.recordCorrectionsConsumed(book::consumedBytes);
        int k = config.trainer().simulatedReviewer();
        return k == 0
                ? book
                : new SimulatedReviewer(
                        book,
                        k,
                        config.trainer().seed(),
                        loopConfig.algorithm().rewardModelAccuracyBand(),
                        config.trainer().simulatedReviewerPicks().equals("wrong")
                                ? SimulatedReviewer.Picks.WRONG
                                : SimulatedReviewer.Picks.SPLIT);
    }

    private static Provenance provenance(RunConfig config, RunComponents components) {
        try {
            return Provenance.of(config, components);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(
                    "Cannot hash the data manifest "
                            + components.dataManifest()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static void loadInit(
            String key, String folder, org.rlanything.core.Checkpointable model) {
        if (folder == null) {
            return;
        }
        try {
            model.loadFrom(Path.of(folder));
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(
                    key
                            + ": cannot load the model in "
                            + folder
                            + " ("
                            + IoErrors.describe(e)
                            + "); name a checkpoint's "
                            + (key.endsWith("policy_init") ? "policy" : "reward_model")
                            + " folder (checkpoints/iter-NNNNNN/...) or remove the key.",
                    e);
        }
    }

    /** Creates a new run folder for {@code config}; refuses a folder that already holds a run. */
    public static TrainingRun start(RunConfig config, boolean progress) throws IOException {
        return start(config, progress, null);
    }

    /**
     * As {@link #start(RunConfig, boolean)}, but records {@code startingPoint} as iteration 0
     * instead of evaluating the starting models again (the ablation evaluates them once per seed
     * and shares the figures among its arms; evaluation is deterministic, so the line is the one
     * the run would have written).
     */
    public static TrainingRun start(
            RunConfig config, boolean progress, Map<String, Double> startingPoint)
            throws IOException {
        return start(config, progress, startingPoint, List.of());
    }

    /**
     * As {@link #start(RunConfig, boolean, Map)}, with extra listeners after the run's own
     * (benchmarks).
     */
    public static TrainingRun start(
            RunConfig config,
            boolean progress,
            Map<String, Double> startingPoint,
            List<org.rlanything.core.loop.LoopListener> observers)
            throws IOException {
        RunFolder folder = new RunFolder(Path.of(config.trainer().runDir()));
        folder.requireWritable("trainer.run_dir " + config.trainer().runDir());
        refuseIfHoldsRun(folder, true);
        MemoryCheck.check(config, Runtime.getRuntime().maxMemory());
        // every check (the models, policy_init, sizes) runs before anything is written into the
        // folder
        TrainingRun run =
                new TrainingRun(folder, config, progress, 0, LogLedger.empty(folder), observers);
        run.lock = RunLock.acquire(folder.root());
        boolean claimed = false;
        try {
            refuseIfHoldsRun(
                    folder,
                    false); // again, now that this process holds the folder: the claim is atomic
            claimed = true;
            folder.record().write(-1); // before config.yaml: a folder with a config has a record
            AtomicFiles.write(
                    folder.config(), ConfigLoader.toYaml(config).getBytes(StandardCharsets.UTF_8));
            run.openRunFolder();
            if (startingPoint == null) {
                run.evaluateStartingPoint();
            } else {
                run.recordStartingPoint(startingPoint);
            }
            run.fresh = true;
            return run;
        } catch (IOException | RuntimeException | Error e) {
            if (claimed) {
                unclaim(folder, run.components); // a start that failed leaves no run behind, so the
                // corrected command is not refused
            }
            run.close();
            throw e;
        }
    }

    /**
     * Removes what a fresh start wrote (config, logs, checkpoints, and the components' files; the
     * lock file stays).
     */
    private static void unclaim(RunFolder folder, RunComponents components) throws IOException {
        Checkpoints checkpoints = folder.checkpoints();
        checkpoints.removeIncomplete();
        for (Path checkpoint : checkpoints.list()) {
            AtomicFiles.deleteTree(checkpoint);
        }
        if (Files.isDirectory(checkpoints.root())) {
            try (java.util.stream.Stream<Path> rest = Files.list(checkpoints.root())) {
                if (rest.findAny().isEmpty()) {
                    Files.delete(checkpoints.root());
                }
            }
        }
        for (Path file :
                List.of(
                        folder.config(),
                        folder.record().file(),
                        folder.metrics().file(),
                        folder.timings().file(),
                        folder.pool().file(),
                        folder.trajectories().file(),
                        folder.report())) {
            Files.deleteIfExists(file);
        }
        for (org.rlanything.core.spi.RunParticipant participant : components.participants()) {
            participant.abandonRunFolder(folder.root());
        }
    }

    private static void refuseIfHoldsRun(RunFolder folder, boolean probeLock) throws IOException {
        if (Files.exists(folder.config()) || Files.exists(folder.metrics().file())) {
            if (probeLock) {
                RunLock.refuseIfHeld(folder.root()); // a run in progress: name its process
            }
            throw new RunFolderException(
                    "The run folder "
                            + folder.root()
                            + " already holds a run: resume it with"
                            + " 'rlanything train --resume "
                            + folder.root()
                            + "', or set another trainer.run_dir.");
        }
    }

    /**
     * Tells the components that keep files in the run folder where it is (once the folder is held).
     */
    private void openRunFolder() throws IOException {
        for (org.rlanything.core.spi.RunParticipant participant : components.participants()) {
            participant.openRunFolder(folder.root());
        }
    }

    /**
     * Releases the run folder, the rollout engine and an environment that holds resources (a remote
     * environment's server process); also done when {@link #run()} ends.
     */
    public void close() {
        components.close();
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }

    /**
     * Evaluates the models before any training and records it as iteration 0 of {@code
     * metrics.jsonl}, so that every curve starts from the starting point. Evaluation draws only
     * from the fixed evaluation seed, so it changes nothing the training draws.
     */
    private void evaluateStartingPoint() {
        if (components.evaluator() == null) {
            return;
        }
        recordStartingPoint(
                components
                        .evaluator()
                        .evaluate(
                                0,
                                components.policy(),
                                components.rewardModel(),
                                loop.evaluationSeed()));
    }

    private void recordStartingPoint(Map<String, Double> figures) {
        com.fasterxml.jackson.databind.node.ObjectNode line = JsonlLog.JSON.createObjectNode();
        line.put("iteration", 0);
        java.util.TreeMap<String, Double> all = new java.util.TreeMap<>(figures);
        all.putAll(
                components.drainParticipantMetrics()); // what the starting point's evaluation cost
        all.forEach(line::put);
        logs.append(folder.metrics(), List.of(line));
        if (progress != null) {
            java.util.Map<String, Double> start = new java.util.TreeMap<>(all);
            start.put("iteration", 0.0);
            progress.prime(List.of(start));
        }
    }

    /**
     * Reopens a run folder and continues from its last complete checkpoint; logs written after that
     * checkpoint are cut back, so the resumed run writes the same lines the uninterrupted run would
     * have. Only {@code trainer.iterations} may be overridden (to extend a run).
     */
    public static TrainingRun resume(Path runDir, List<String> overrides, boolean progress)
            throws IOException {
        return resume(runDir, overrides, null, progress);
    }

    /**
     * As {@link #resume(Path, List, boolean)}; {@code from} (null: the newest) names the checkpoint
     * to continue from, {@code iter-NNNNNN}: the checkpoints after it are moved aside.
     *
     * <p>Before anything in the folder changes, the checkpoint is checked against its manifest and
     * every log against what that manifest recorded of it (see {@link LogLedger}), and the newest
     * checkpoint against {@code run.json}; whatever differs is refused naming the file, with the
     * way out.
     */
    public static TrainingRun resume(
            Path runDir, List<String> overrides, String from, boolean progress) throws IOException {
        RunFolder folder = new RunFolder(runDir);
        if (!Files.isRegularFile(folder.config())) {
            throw new RunFolderException(
                    "The folder "
                            + runDir
                            + " is not a run folder: it has no config.yaml"
                            + " (start a run with 'rlanything train CONFIG').");
        }
        for (String override : overrides) {
            if (!override.startsWith("trainer.iterations=")) {
                throw new ConfigException(
                        "Command-line override '"
                                + override
                                + "': a resumed run keeps its"
                                + " configuration; only trainer.iterations may change.");
            }
        }
        folder.requireWritable("The run folder " + runDir);
        RunLock lock = RunLock.acquire(folder.root()); // before anything is written or cut back
        try {
            TrainingRun run = resumeLocked(folder, overrides, from, progress);
            run.lock = lock;
            return run;
        } catch (IOException | RuntimeException | Error e) {
            lock.abandon(); // a refused resume leaves .lock as it found it
            throw e;
        }
    }

    private static TrainingRun resumeLocked(
            RunFolder folder, List<String> overrides, String from, boolean progress)
            throws IOException {
        RunConfig recorded = ConfigLoader.loadRecorded(folder.config(), List.of());
        RunConfig config = ConfigLoader.loadRecorded(folder.config(), overrides);
        if (config.trainer().iterations() < recorded.trainer().iterations()) {
            throw new ConfigException(
                    "Command-line override '"
                            + overrides.get(overrides.size() - 1)
                            + "': a resumed"
                            + " run's trainer.iterations may only grow; "
                            + folder.config()
                            + " says "
                            + recorded.trainer().iterations()
                            + ". To end the run earlier, stop it: its checkpoints stay.");
        }
        MemoryCheck.check(config, Runtime.getRuntime().maxMemory());
        for (JsonlLog log : folder.logs()) {
            log.check(); // every log is whole before any is cut back
        }
        Checkpoints checkpoints = folder.checkpoints();
        CheckpointManifest.Identity identity = CheckpointManifest.Identity.of(config);
        Path checkpoint = chooseCheckpoint(folder, from);
        LogLedger ledger; // every check runs before any change
        if (checkpoint == null) {
            ledger = LogLedger.verifyOrder(folder, null, 0, remedy(folder, null));
        } else {
            Checkpoints.verify(
                    checkpoint, identity, remedy(folder, checkpoints.previous(checkpoint)));
            ledger = checkLogs(folder, checkpoint, identity);
        }
        if (!overrides.isEmpty()) {
            recordOverrides(folder.config(), config, overrides, recorded.trainer().iterations());
        }
        checkpoints.removeIncomplete();
        if (from != null) {
            checkpoints.discardAfter(checkpoint);
        }
        boolean startingPointEvaluated =
                folder.metrics().read().stream()
                        .anyMatch(line -> line.path("iteration").asInt(-1) == 0);
        int start = checkpoint == null ? 0 : Checkpoints.iterationOf(checkpoint);
        ledger.cutBack(folder);
        folder.record().write(checkpoint == null ? -1 : start);
        KillPoint.reach("resume", start); // logs cut back, models not yet loaded
        TrainingRun run = new TrainingRun(folder, config, progress, start, ledger, List.of());
        run.openRunFolder();
        if (!startingPointEvaluated) {
            run.evaluateStartingPoint(); // killed before the first evaluation was recorded
        }
        if (checkpoint != null) {
            LoopState state =
                    Checkpoints.load(
                            checkpoint,
                            run.components,
                            identity,
                            remedy(folder, checkpoints.previous(checkpoint)));
            run.loop.restoreState(state);
        }
        return run;
    }

    /**
     * The checkpoint to resume from: the one {@code from} names, or else the newest, which run.json
     * must vouch for; null when the run has none yet.
     */
    private static Path chooseCheckpoint(RunFolder folder, String from) throws IOException {
        Checkpoints checkpoints = folder.checkpoints();
        if (from != null) {
            return checkpoints.named(from);
        }
        if (!folder.record().exists()) {
            List<Path> all = checkpoints.list();
            throw folder.record()
                    .missing(
                            all.isEmpty()
                                    ? "No checkpoint is kept; start the run again in a new folder."
                                    : "Name the checkpoint to resume from: 'rlanything train --resume "
                                            + folder.root()
                                            + " --from "
                                            + all.get(all.size() - 1).getFileName()
                                            + "' (the newest kept).");
        }
        return checkpoints
                .newest(folder.record(), previous -> remedy(folder, previous))
                .orElse(null);
    }

    /**
     * Checks the logs against what {@code checkpoint}'s manifest recorded of them; a log that
     * differs is refused, naming the earlier kept checkpoint the logs still match, if any.
     */
    private static LogLedger checkLogs(
            RunFolder folder, Path checkpoint, CheckpointManifest.Identity identity)
            throws IOException {
        int iteration = Checkpoints.iterationOf(checkpoint);
        JsonNode recorded = CheckpointManifest.logs(checkpoint);
        if (recorded == null) {
            return LogLedger.verifyOrder(
                    folder,
                    checkpoint,
                    iteration,
                    remedy(folder, folder.checkpoints().previous(checkpoint)));
        }
        try {
            return LogLedger.verify(folder, recorded, checkpoint, iteration, "");
        } catch (RunFolderException refused) {
            for (Path earlier = folder.checkpoints().previous(checkpoint);
                    earlier != null;
                    earlier = folder.checkpoints().previous(earlier)) {
                if (logsMatch(folder, earlier, identity)) {
                    throw new RunFolderException(
                            refused.getMessage().strip()
                                    + " The logs match the earlier checkpoint "
                                    + earlier
                                    + ": to resume from it, run 'rlanything train --resume "
                                    + folder.root()
                                    + " --from "
                                    + earlier.getFileName()
                                    + "' (the checkpoints after it are moved aside as"
                                    + " checkpoints/discarded-iter-NNNNNN).",
                            refused);
                }
            }
            throw new RunFolderException(
                    refused.getMessage().strip()
                            + " No kept checkpoint matches the logs: restore the file from a copy of"
                            + " the run folder, or start the run again.",
                    refused);
        }
    }

    /** Whether {@code checkpoint} is whole and the logs match what its manifest recorded. */
    private static boolean logsMatch(
            RunFolder folder, Path checkpoint, CheckpointManifest.Identity identity)
            throws IOException {
        try {
            Checkpoints.verify(checkpoint, identity, "");
            JsonNode logs = CheckpointManifest.logs(checkpoint);
            if (logs == null) {
                return false;
            }
            LogLedger.verify(folder, logs, checkpoint, Checkpoints.iterationOf(checkpoint), "");
            return true;
        } catch (RunFolderException e) {
            return false;
        }
    }

    /**
     * What to do when a checkpoint is refused: resume from {@code previous}, the one kept before
     * it, if there is one.
     */
    private static String remedy(RunFolder folder, Path previous) {
        if (previous == null) {
            return "No earlier checkpoint is kept; restore the run folder from a copy, or start the run again.";
        }
        return "The previous checkpoint "
                + previous
                + " is kept: to resume from it, run 'rlanything train --resume "
                + folder.root()
                + " --from "
                + previous.getFileName()
                + "' (the checkpoints after it are moved aside as checkpoints/discarded-iter-NNNNNN).";
    }

    /**
     * Rewrites config.yaml with the overridden config, keeping its comment lines and adding one
     * that says what was overridden and when.
     */
    private static void recordOverrides(
            Path file, RunConfig config, List<String> overrides, int previousIterations)
            throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.startsWith("#")) {
                break;
            }
            text.append(line).append('\n');
        }
        text.append("# ")
                .append(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                .append(": resumed with ")
                .append(String.join(" ", overrides))
                .append(" (trainer.iterations was ")
                .append(previousIterations)
                .append(")\n");
        text.append(ConfigLoader.toYaml(config));
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Runs until the configured number of iterations; returns the last iteration's metrics. */
    public Map<String, Double> run() throws IOException {
        try {
            loop.runUntil(config.trainer().iterations());
            ReportWriter.write(folder);
        } catch (IOException | RuntimeException | Error e) {
            // nothing worth resuming (no checkpoint, or the first iteration failed while it was
            // being recorded, e.g. on a full disk): the same command, run again, starts again
            if (fresh && (last == null || folder.checkpoints().list().isEmpty())) {
                try {
                    unclaim(folder, components);
                } catch (IOException | RuntimeException cleanup) {
                    e.addSuppressed(cleanup);
                }
            }
            throw e;
        } finally {
            if (progress != null) {
                progress.close();
            }
            close();
        }
        return last == null ? Map.of() : last.metrics();
    }

    public RunFolder folder() {
        return folder;
    }

    public RLAnythingLoop loop() {
        return loop;
    }

    public RunComponents components() {
        return components;
    }
}
