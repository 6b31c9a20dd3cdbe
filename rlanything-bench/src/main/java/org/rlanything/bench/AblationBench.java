package org.rlanything.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.judge.LabelRewardModelConfig;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.run.Backends;
import org.rlanything.run.Checkpoints;
import org.rlanything.run.HtmlCharts;
import org.rlanything.run.RunComponents;
import org.rlanything.run.RunFolder;
import org.rlanything.run.TrainingRun;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * The paper's ablation (method.md §8) on this implementation: for each seed, the starting models
 * are evaluated ("before"), then each arm trains from the same starting models with the same
 * budget, and its final models are evaluated with the run's fixed evaluation seed. The step-only
 * arm freezes the reward model trained by the full run of the same seed. Every arm is an ordinary
 * training run with its own run folder and report under {@code runs/}; the bench writes {@code
 * ablation.md}, {@code ablation.html} and {@code ablation.json} with mean and standard deviation
 * over seeds and the evaluation curves, the differences to outcome-only paired by seed with 95%
 * confidence intervals, and {@code results.json} ({@code {"arms": {ARM: {SEED: {"real": success,
 * "generated": success}}}}}) for anyone to recompute them.
 *
 * <p><b>Judge-quality sweep.</b> Given flip probabilities q, the arms are outcome-only and, for
 * each q, the Policy arm with the {@code label} judge that flips the true step label with
 * probability q ({@code LABEL_Q0.30}, ...): how accurate must a judge be before integrated feedback
 * pays?
 *
 * <p><b>Resumable.</b> A re-run with the same config continues: a run folder whose run finished is
 * read back, one that was started is resumed from its last checkpoint, and the starting point of
 * each seed is kept in {@code before-seedN-HASH.json}; a run folder made with another config is
 * refused.
 */
public final class AblationBench {

    /** Arms in table order; "before" is the untrained starting point. */
    static final List<String> ARMS =
            List.of(
                    "before",
                    "OUTCOME_ONLY",
                    "GRPO",
                    "POLICY",
                    "POLICY_REWARD",
                    "POLICY_REWARD_ENV",
                    "STEP_ONLY");

    /**
     * The prefix of a sweep arm: the Policy arm with a label judge of the given flip probability.
     */
    static final String LABEL_ARM = "LABEL_Q";

    /** The arms of this bench, in table order (the first is "before"). */
    private List<String> arms;

    /** The extra arms of {@code --variant}, by name. */
    private final Map<String, Variant> variants = new java.util.LinkedHashMap<>();

    /**
     * An arm of the ablation with its own config overrides ({@code --variant}).
     *
     * @param name the name in the tables and the run folders
     * @param arm the ablation arm it runs
     * @param overrides config overrides applied after the bench's own
     */
    record Variant(String name, Ablation arm, List<String> overrides) {

        /** Reads {@code "NAME ARM OVERRIDE..."}. */
        static Variant parse(String spec) {
            String[] parts = spec.trim().split("\\s+");
            if (parts.length < 2 || !parts[0].matches("[A-Za-z0-9_-]+")) {
                throw new org.rlanything.core.BadInputException(
                        "--variant '"
                                + spec
                                + "': expected 'NAME ARM OVERRIDE...', NAME of letters, digits, '_'"
                                + " or '-'.");
            }
            Ablation arm;
            try {
                arm = Ablation.valueOf(parts[1]);
            } catch (IllegalArgumentException e) {
                throw new org.rlanything.core.BadInputException(
                        "--variant '"
                                + spec
                                + "': unknown arm '"
                                + parts[1]
                                + "'; expected one of "
                                + java.util.Arrays.toString(Ablation.values())
                                + ".");
            }
            return new Variant(parts[0], arm, List.of(parts).subList(2, parts.length));
        }
    }

    /** The baselines' pseudo-arms: evaluated like "before", never trained. */
    static final List<String> BASELINES = List.of("random", "demonstrator");

    private boolean baselines;

    private final Path configFile;
    private final List<String> overrides;

    /**
     * The config file with the common overrides, read once when the bench is made: every arm and
     * seed starts from this text, so an edit of the file while the bench runs changes none of them.
     */
    private final String configText;

    private final List<Long> seeds;
    private final Path out;
    private final PrintWriter log;
    private final int workers;

    public AblationBench(
            Path configFile, List<String> overrides, List<Long> seeds, Path out, PrintWriter log) {
        this(configFile, overrides, seeds, out, log, 1, List.of(), List.of(), List.of());
    }

    /**
     * {@code workers} runs at a time (each run uses one core for its tensor work); with {@code
     * judgeFlips} the bench is the judge-quality sweep instead of the ablation; only {@code only}
     * of the ablation's arms run (all when empty; "before" and outcome-only always); {@code
     * variants} are extra arms, each {@code "NAME ARM OVERRIDE..."} (whitespace separated), an arm
     * of the ablation run with its own config overrides, so a candidate rule is paired against
     * outcome only on the same seeds as the ablation's arms.
     */
    public AblationBench(
            Path configFile,
            List<String> overrides,
            List<Long> seeds,
            Path out,
            PrintWriter log,
            int workers,
            List<Double> judgeFlips,
            List<String> only,
            List<String> variants) {
        if (workers < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--workers (" + workers + ") must be >= 1.");
        }
        for (String arm : only) {
            if (!ARMS.contains(arm) || arm.equals("before")) {
                throw new org.rlanything.core.BadInputException(
                        "--arms: unknown arm '"
                                + arm
                                + "'; expected some of "
                                + ARMS.subList(1, ARMS.size())
                                + ".");
            }
        }
        if (only.contains("STEP_ONLY") && !only.contains("POLICY_REWARD_ENV")) {
            throw new org.rlanything.core.BadInputException(
                    "--arms: STEP_ONLY needs POLICY_REWARD_ENV (it uses that run's judge).");
        }
        if (judgeFlips.isEmpty()) {
            // outcome-only always runs: it is what every other arm is paired against
            this.arms =
                    only.isEmpty()
                            ? ARMS
                            : ARMS.stream()
                                    .filter(
                                            a ->
                                                    a.equals("before")
                                                            || a.equals("OUTCOME_ONLY")
                                                            || only.contains(a))
                                    .toList();
        } else {
            List<String> sweep = new ArrayList<>(List.of("before", "OUTCOME_ONLY"));
            for (double q : judgeFlips) {
                if (!(q >= 0 && q <= 1)) {
                    throw new org.rlanything.core.BadInputException(
                            "A judge flip probability must be in [0, 1], got " + q + ".");
                }
                sweep.add(LABEL_ARM + String.format(Locale.ROOT, "%.2f", q));
            }
            this.arms = List.copyOf(sweep);
        }
        for (String spec : variants) {
            Variant variant = Variant.parse(spec);
            if (this.arms.contains(variant.name()) || this.variants.containsKey(variant.name())) {
                throw new org.rlanything.core.BadInputException(
                        "--variant: the name '" + variant.name() + "' is taken; choose another.");
            }
            this.variants.put(variant.name(), variant);
        }
        if (!variants.isEmpty()) {
            List<String> withVariants = new ArrayList<>(this.arms);
            withVariants.addAll(this.variants.keySet());
            this.arms = List.copyOf(withVariants);
        }
        this.workers = workers;
        this.configFile = configFile;
        this.overrides = List.copyOf(overrides);
        this.configText = ConfigLoader.toYaml(ConfigLoader.load(configFile, overrides));
        this.seeds = List.copyOf(seeds);
        this.out = out;
        this.log = log;
    }

    /**
     * Adds the baselines, evaluated per seed like the starting models: {@code policy.kind: random}
     * (a uniform choice among the admissible commands) and {@code policy.kind: demonstrator} (the
     * environment's own solver, where it offers one), and a table of each arm's held-out success
     * minus the start's, paired by seed.
     */
    public AblationBench withBaselines() {
        baselines = true;
        List<String> withBaselines = new ArrayList<>(arms.subList(0, 1));
        withBaselines.addAll(BASELINES);
        withBaselines.addAll(arms.subList(1, arms.size()));
        arms = List.copyOf(withBaselines);
        return this;
    }

    /** The trained arms (not "before" and not the baselines). */
    private List<String> trainedArms() {
        return arms.stream().filter(a -> !a.equals("before") && !BASELINES.contains(a)).toList();
    }

    /** One arm's result on one seed. */
    record ArmResult(
            String arm,
            long seed,
            Map<String, Double> finals,
            Map<String, List<double[]>> curves,
            double seconds) {}

    /**
     * The arms in the order their jobs are queued, two at a time, each pair over every seed before
     * the next pair: the full method with outcome-only first (the comparison the ablation exists
     * for), then Policy+Reward with Policy, then GRPO with step-only; the sweep's label arms
     * likewise in pairs after outcome-only. An ablation stopped part-way (it resumes later) thus
     * already has paired results over all seeds, and step-only comes after its seed's full run.
     */
    List<List<String>> queuePairs() {
        List<String> order = new ArrayList<>();
        for (String arm :
                List.of(
                        "POLICY_REWARD_ENV",
                        "OUTCOME_ONLY",
                        "POLICY_REWARD",
                        "POLICY",
                        "GRPO",
                        "STEP_ONLY")) {
            if (arms.contains(arm)) {
                order.add(arm);
            }
        }
        for (String arm : trainedArms()) {
            if (!order.contains(arm)) {
                order.add(arm);
            }
        }
        List<List<String>> pairs = new ArrayList<>();
        for (int i = 0; i < order.size(); i += 2) {
            pairs.add(order.subList(i, Math.min(order.size(), i + 2)));
        }
        return pairs;
    }

    /**
     * Runs every (seed, arm) job on {@code workers} threads and writes the tables. Jobs are queued
     * so that a job's inputs are queued before it (a seed's "before" evaluation, then its full run,
     * then the arms that wait on them), so a worker only ever waits on a job that is already
     * running or done; see {@link #queuePairs()} for the order. Each run draws only from its own
     * seed, so the results do not depend on the number of workers.
     */
    public List<ArmResult> run() throws IOException {
        Files.createDirectories(out.resolve("runs"));
        // made once, from the config file's own seed, before any arm could race to make them
        Backends.ensureStartingModels(
                ConfigLoader.parse(configText, configFile.toString(), List.of()));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            Map<Long, Future<ArmResult>> before = new TreeMap<>();
            Map<Long, Future<ArmResult>> full = new TreeMap<>();
            Map<String, Future<ArmResult>> jobs = new TreeMap<>();
            for (long seed : seeds) {
                before.put(seed, pool.submit(() -> before(seed)));
            }
            if (baselines) {
                for (String baseline : BASELINES) {
                    for (long seed : seeds) {
                        jobs.put(
                                baseline + "/" + seed, pool.submit(() -> baseline(seed, baseline)));
                    }
                }
            }
            for (List<String> pair : queuePairs()) {
                for (long seed : seeds) {
                    for (String arm : pair) {
                        Future<ArmResult> job =
                                pool.submit(
                                        () -> {
                                            Map<String, Double> start =
                                                    before.get(seed).get().finals();
                                            Path rewardModel = null;
                                            if (arm.equals("STEP_ONLY")) {
                                                full.get(seed).get();
                                                rewardModel = fullRunRewardModel(seed);
                                            }
                                            return arm(seed, arm, start, rewardModel);
                                        });
                        jobs.put(arm + "/" + seed, job);
                        if (arm.equals("POLICY_REWARD_ENV")) {
                            full.put(seed, job);
                        }
                    }
                }
            }
            List<ArmResult> results = new ArrayList<>();
            for (long seed : seeds) {
                results.add(await(before.get(seed)));
                for (String arm : arms.subList(1, arms.size())) {
                    ArmResult result = await(jobs.get(arm + "/" + seed));
                    if (result != null) {
                        results.add(result);
                    }
                }
            }
            write(results);
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Rewrites ablation.md/html/json from an earlier run's ablation.json and its run folders (for a
     * new table layout or new diagnostics) without training anything; the "before" rows and the
     * timings are kept.
     */
    public List<ArmResult> tabulate() throws IOException {
        Path file = out.resolve("ablation.json");
        if (!Files.isRegularFile(file)) {
            throw new IOException("No " + file + " to tabulate: run the ablation first.");
        }
        ObjectMapper json = new ObjectMapper();
        List<ArmResult> earlier =
                json.readValue(
                        file.toFile(),
                        json.getTypeFactory().constructCollectionType(List.class, ArmResult.class));
        List<ArmResult> results = new ArrayList<>();
        for (ArmResult result : earlier) {
            if (result.arm().equals("before") || BASELINES.contains(result.arm())) {
                results.add(result);
                continue;
            }
            RunFolder folder =
                    new RunFolder(
                            out.resolve("runs").resolve(runName(result.arm(), result.seed())));
            List<JsonNode> lines = folder.metrics().read();
            Map<String, Double> finals = new TreeMap<>(result.finals());
            finals.putAll(runFigures(lines));
            results.add(
                    new ArmResult(
                            result.arm(), result.seed(), finals, curves(lines), result.seconds()));
        }
        write(results);
        return results;
    }

    /** The starting models of {@code seed}, evaluated with the seed's fixed evaluation seed. */
    private ArmResult before(long seed) throws IOException {
        RunConfig base = config(seed, "before", List.of());
        // kept per seed and config, so a re-run with another config evaluates afresh
        Path cached =
                out.resolve(
                        "before-seed"
                                + seed
                                + "-"
                                + shortHash(ConfigLoader.toYaml(base))
                                + ".json");
        ObjectMapper json = new ObjectMapper();
        if (Files.isRegularFile(cached)) {
            ArmResult kept = json.readValue(cached.toFile(), ArmResult.class);
            log("seed %d before (kept from %s): %s", seed, cached, kept.finals());
            return kept;
        }
        long started = System.nanoTime();
        Map<String, Double> before;
        try (RunComponents starting = Backends.create(base)) {
            loadInit(base, starting);
            before =
                    new TreeMap<>(
                            starting.evaluator()
                                    .evaluate(
                                            0,
                                            starting.policy(),
                                            starting.rewardModel(),
                                            RLAnythingLoop.evaluationSeed(seed)));
        }
        ArmResult result = new ArmResult("before", seed, before, Map.of(), seconds(started));
        AtomicFiles.write(cached, json.writeValueAsBytes(result));
        log("seed %d before (%.0f s): %s", seed, result.seconds(), before);
        return result;
    }

    /**
     * A baseline policy of {@code seed} ({@link #BASELINES}) evaluated with the seed's fixed
     * evaluation seed; null (no row) for the demonstrator where the environment offers none.
     */
    private ArmResult baseline(long seed, String name) throws IOException {
        RunConfig base = config(seed, "before", List.of());
        RunConfig config =
                new RunConfig(
                        base.trainer(),
                        base.environment(),
                        name.equals("random")
                                ? new org.rlanything.core.baseline.RandomPolicyConfig()
                                : new org.rlanything.core.baseline.DemonstratorPolicyConfig(),
                        base.rewardModel(),
                        base.algorithm(),
                        base.rewriter());
        Path cached =
                out.resolve(
                        name
                                + "-seed"
                                + seed
                                + "-"
                                + shortHash(ConfigLoader.toYaml(config))
                                + ".json");
        ObjectMapper json = new ObjectMapper();
        if (Files.isRegularFile(cached)) {
            return json.readValue(cached.toFile(), ArmResult.class);
        }
        long started = System.nanoTime();
        RunComponents components;
        try {
            components = Backends.create(config);
        } catch (IllegalArgumentException e) {
            log("seed %d %s: no baseline (%s)", seed, name, e.getMessage());
            return null;
        }
        Map<String, Double> figures;
        try (components) {
            figures =
                    new TreeMap<>(
                            components
                                    .evaluator()
                                    .evaluate(
                                            0,
                                            components.policy(),
                                            components.rewardModel(),
                                            RLAnythingLoop.evaluationSeed(seed)));
        }
        ArmResult result = new ArmResult(name, seed, figures, Map.of(), seconds(started));
        AtomicFiles.write(cached, json.writeValueAsBytes(result));
        log("seed %d %s (%.0f s): %s", seed, name, result.seconds(), figures);
        return result;
    }

    /**
     * One arm's training run. It starts from the seed's "before" figures as its iteration 0 (the
     * step-only arm, whose judge comes from the full run, is evaluated afresh); its final figures
     * are the evaluation the run itself makes after its last iteration.
     */
    private ArmResult arm(long seed, String arm, Map<String, Double> before, Path rewardModel)
            throws IOException {
        List<String> extra = new ArrayList<>();
        if (rewardModel != null) {
            extra.add("trainer.reward_model_init=" + rewardModel);
        }
        RunConfig config = config(seed, arm, extra);
        Path runDir = Path.of(config.trainer().runDir());
        RunFolder folder = new RunFolder(runDir);
        long started = System.nanoTime();
        TrainingRun run = null;
        if (Files.isRegularFile(folder.config())) {
            if (!ConfigLoader.loadRecorded(folder.config(), List.of()).equals(config)) {
                throw new IOException(
                        "The run folder "
                                + runDir
                                + " holds a run of another config: give another --out"
                                + " or delete the folder.");
            }
            if (!finished(folder, config.trainer().iterations())) {
                log("seed %d %s: resuming %s", seed, arm, runDir);
                run = TrainingRun.resume(runDir, List.of(), false);
                run.run();
            }
        } else {
            AtomicFiles.deleteTree(runDir);
            run = TrainingRun.start(config, false, rewardModel == null ? before : null);
            run.run();
        }
        List<JsonNode> lines = folder.metrics().read();
        Map<String, Double> finals = finalEvaluation(run, lines, config, seed);
        finals.putAll(startingJudgeFigures(seed, arm, config, run, finals));
        finals.putAll(runFigures(lines));
        ArmResult result = new ArmResult(arm, seed, finals, curves(lines), seconds(started));
        log("seed %d %s (%.0f s): %s", seed, arm, result.seconds(), finals);
        return result;
    }

    private static String shortHash(String text) {
        try {
            byte[] digest =
                    java.security.MessageDigest.getInstance("SHA-256")
                            .digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 4);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the run in {@code folder} has recorded its last iteration. */
    private static boolean finished(RunFolder folder, int iterations) throws IOException {
        return folder.metrics().read().stream()
                .anyMatch(line -> line.path("iteration").asInt(-1) == iterations);
    }

    /**
     * The run's own evaluation after its last iteration, or a fresh one if the run recorded none.
     */
    private static Map<String, Double> finalEvaluation(
            TrainingRun run, List<JsonNode> lines, RunConfig config, long seed) throws IOException {
        Map<String, Double> finals = new TreeMap<>();
        lastMetrics(lines)
                .forEach(
                        (key, value) -> {
                            if (key.startsWith("val-")) {
                                finals.put(key, value);
                            }
                        });
        if (finals.isEmpty()) {
            if (run == null) {
                throw new IOException(
                        "The finished run "
                                + config.trainer().runDir()
                                + " recorded no evaluation.");
            }
            finals.putAll(
                    run.components()
                            .evaluator()
                            .evaluate(
                                    config.trainer().iterations(),
                                    run.components().policy(),
                                    run.components().rewardModel(),
                                    RLAnythingLoop.evaluationSeed(seed)));
        }
        return finals;
    }

    /** The prefix of the starting judge's figures on an arm's final evaluation rollouts. */
    static final String START_JUDGE = "start-judge/";

    /**
     * The starting judge's figures on the arm's final policy, under {@link #START_JUDGE}: the run's
     * own final judge figures where its judge never trained (it is the starting judge), else a
     * fresh evaluation of the final policy with the starting judge and the run's evaluation seed,
     * kept beside the run folder.
     */
    private Map<String, Double> startingJudgeFigures(
            long seed, String arm, RunConfig config, TrainingRun run, Map<String, Double> finals)
            throws IOException {
        Map<String, Double> figures = new TreeMap<>();
        if (!config.algorithm().arm().trainRewardModel()
                && config.trainer().rewardModelInit() == null) {
            finals.forEach(
                    (key, value) -> {
                        if (key.startsWith("val-core/") && key.contains("/rm_")) {
                            figures.put(START_JUDGE + key.substring("val-core/".length()), value);
                        }
                    });
            return figures;
        }
        if (!config.algorithm().arm().trainRewardModel()) {
            return figures; // a judge from elsewhere (step only): not the starting judge
        }
        Path cached = out.resolve("runs").resolve(runName(arm, seed) + "-start-judge.json");
        ObjectMapper json = new ObjectMapper();
        if (Files.isRegularFile(cached)) {
            return json.readValue(
                    cached.toFile(),
                    json.getTypeFactory()
                            .constructMapType(TreeMap.class, String.class, Double.class));
        }
        // a run finished earlier is opened for its policy only, and released after
        TrainingRun opened =
                run != null
                        ? null
                        : TrainingRun.resume(Path.of(config.trainer().runDir()), List.of(), false);
        TrainingRun finished = run != null ? run : opened;
        RunConfig base = config(seed, "before", List.of());
        Map<String, Double> evaluated;
        try (RunComponents starting = Backends.create(base)) {
            loadInit(base, starting);
            evaluated =
                    starting.evaluator()
                            .evaluate(
                                    config.trainer().iterations(),
                                    finished.components().policy(),
                                    starting.rewardModel(),
                                    RLAnythingLoop.evaluationSeed(seed));
        } finally {
            if (opened != null) {
                opened.close();
            }
        }
        evaluated.forEach(
                (key, value) -> {
                    if (key.startsWith("val-core/") && key.contains("/rm_")) {
                        figures.put(START_JUDGE + key.substring("val-core/".length()), value);
                    }
                });
        AtomicFiles.write(cached, json.writeValueAsBytes(figures));
        return figures;
    }

    /** The reward model of the last checkpoint of the seed's full (Policy+Reward+Env) run. */
    private Path fullRunRewardModel(long seed) throws IOException {
        Path fullRun = Path.of(config(seed, "POLICY_REWARD_ENV", List.of()).trainer().runDir());
        Path checkpoint =
                new Checkpoints(fullRun.resolve("checkpoints"))
                        .latest()
                        .orElseThrow(
                                () ->
                                        new IOException(
                                                "The full run "
                                                        + fullRun
                                                        + " has no checkpoint to take the reward model from."));
        return checkpoint.resolve("reward_model");
    }

    private synchronized void log(String format, Object... args) {
        log.printf(Locale.ROOT, format + "%n", args);
        log.flush();
    }

    private static ArmResult await(Future<ArmResult> job) throws IOException {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("The ablation was interrupted.", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IOException(cause.getMessage(), cause);
        }
    }

    private RunConfig config(long seed, String arm, List<String> extra) {
        List<String> all = new ArrayList<>();
        all.add("trainer.seed=" + seed);
        all.add("trainer.run_dir=" + out.resolve("runs").resolve(runName(arm, seed)));
        if (variants.containsKey(arm)) {
            all.add("algorithm.arm=" + variants.get(arm).arm().name());
            all.addAll(variants.get(arm).overrides());
        } else if (arm.startsWith(LABEL_ARM)) {
            all.add("algorithm.arm=" + Ablation.POLICY.name());
        } else if (!arm.equals("before")) {
            all.add("algorithm.arm=" + Ablation.valueOf(arm).name());
        }
        all.addAll(extra);
        RunConfig config = ConfigLoader.parse(configText, configFile.toString(), all);
        if (arm.startsWith(LABEL_ARM)) {
            double q = Double.parseDouble(arm.substring(LABEL_ARM.length()));
            config =
                    new RunConfig(
                            config.trainer(),
                            config.environment(),
                            config.policy(),
                            new LabelRewardModelConfig(q, null),
                            config.algorithm(),
                            config.rewriter());
        }
        return config;
    }

    private static String runName(String arm, long seed) {
        return arm.toLowerCase(Locale.ROOT) + "-seed" + seed;
    }

    private static void loadInit(RunConfig config, RunComponents components) throws IOException {
        if (config.trainer().policyInit() != null) {
            components.policyState().loadFrom(Path.of(config.trainer().policyInit()));
        }
        if (config.trainer().rewardModelInit() != null) {
            components.rewardModelState().loadFrom(Path.of(config.trainer().rewardModelInit()));
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }

    private static Map<String, Double> lastMetrics(List<JsonNode> lines) {
        Map<String, Double> last = new TreeMap<>();
        if (!lines.isEmpty()) {
            lines.get(lines.size() - 1)
                    .fields()
                    .forEachRemaining(e -> last.put(e.getKey(), e.getValue().asDouble()));
        }
        return last;
    }

    /** Keys of the figures a run adds beside its final evaluation (diagnostics for the reading). */
    static final Map<String, String> RUN_MEANS =
            Map.ofEntries(
                    Map.entry("env/accepted_task_success", "env/accepted_task_success"),
                    Map.entry("run/train_success_mean", "env/train_success"),
                    Map.entry("run/policy_tasks_in_band_mean", "actor/tasks_in_band"),
                    Map.entry("run/rm_tasks_in_band_mean", "reward_model/tasks_in_band"),
                    Map.entry("run/rm_process_acc_mean", "reward_model/process_acc"),
                    Map.entry(
                            "run/rm_balanced_process_acc_mean",
                            "reward_model/balanced_process_acc"),
                    Map.entry("run/rm_mu_mean", "reward_model/mu"),
                    Map.entry("run/policy_kl_mean", "actor/ppo_kl"),
                    Map.entry("run/verdict_only_share_mean", "actor/verdict_only_share"),
                    Map.entry(
                            "run/verdict_against_outcome_share_mean",
                            "actor/verdict_against_outcome_share"));

    /** How many iterations at the start and at the end the judge's drift compares. */
    static final int DRIFT_WINDOW = 5;

    /**
     * What a finished run adds beside its final evaluation: the accepted and rejected rewrites in
     * total, and means over its training iterations (success on accepted tasks, training success,
     * tasks inside the policy's and the reward model's accuracy bands, the judge's process accuracy
     * on training rollouts, the policy's KL per update).
     */
    static Map<String, Double> runFigures(List<JsonNode> lines) {
        Map<String, Double> figures = new TreeMap<>();
        Map<String, Double> last = lastMetrics(lines);
        for (String key : List.of("env/accepted_total", "env/rejected_total")) {
            if (last.containsKey(key)) {
                figures.put(key, last.get(key));
            }
        }
        RUN_MEANS.forEach(
                (name, key) ->
                        lines.stream()
                                .filter(line -> line.has(key) && line.path("iteration").asInt() > 0)
                                .mapToDouble(line -> line.get(key).asDouble())
                                .average()
                                .ifPresent(v -> figures.put(name, v)));
        // the judge's drift on the policy's own rollouts: its balanced process accuracy over the
        // first and the last DRIFT_WINDOW training iterations that measured it
        List<Double> balanced =
                lines.stream()
                        .filter(
                                line ->
                                        line.has("reward_model/balanced_process_acc")
                                                && line.path("iteration").asInt() > 0)
                        .map(line -> line.get("reward_model/balanced_process_acc").asDouble())
                        .toList();
        if (balanced.size() >= 2 * DRIFT_WINDOW) {
            figures.put("run/rm_balanced_first5", mean(balanced.subList(0, DRIFT_WINDOW)));
            figures.put(
                    "run/rm_balanced_last5",
                    mean(balanced.subList(balanced.size() - DRIFT_WINDOW, balanced.size())));
        }
        return figures;
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The evaluation curves (val-core/...) and the cumulative accepted rewrites, per iteration. */
    private static Map<String, List<double[]>> curves(List<JsonNode> lines) {
        Map<String, List<double[]>> curves = new TreeMap<>();
        for (JsonNode line : lines) {
            int iteration = line.path("iteration").asInt();
            line.fields()
                    .forEachRemaining(
                            e -> {
                                if (e.getKey().startsWith("val-core/")
                                        || e.getKey().equals("env/accepted_total")
                                        || e.getKey().equals("env/train_success")) {
                                    curves.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                                            .add(new double[] {iteration, e.getValue().asDouble()});
                                }
                            });
        }
        return curves;
    }

    /** Writes ablation.json, ablation.md and ablation.html. */
    void write(List<ArmResult> results) throws IOException {
        ObjectMapper json = new ObjectMapper();
        AtomicFiles.write(
                out.resolve("ablation.json"),
                json.writerWithDefaultPrettyPrinter().writeValueAsBytes(results));
        TreeSet<String> metrics = new TreeSet<>();
        for (ArmResult result : results) {
            metrics.addAll(result.finals().keySet());
        }
        StringBuilder md = new StringBuilder("# Ablation\n\n");
        md.append("Config `").append(configFile).append("`");
        if (!overrides.isEmpty()) {
            md.append(" with `").append(String.join(" ", overrides)).append("`");
        }
        md.append("; seeds ")
                .append(seeds)
                .append(
                        ". Each cell: mean ± standard deviation over seeds (population"
                                + " std), final models, fixed evaluation seed per run seed.\n\n");
        md.append("## Results\n\n");
        table(md, results, resultColumns(metrics), true);
        md.append(
                "\n## Paired differences to outcome only\n\nPer seed, the arm's success minus outcome-only's on"
                        + " the same seed (same starting models, same evaluation seed); mean over seeds and its 95% confidence"
                        + " interval (Student t, n − 1 degrees of freedom).\n\n");
        pairedTable(md, results, metrics);
        exploitationTable(md, results, metrics);
        md.append(
                "\n## Against the start\n\nPer seed, each arm's final held-out success minus the"
                        + " starting models' on the same seed and evaluation episodes; mean over seeds"
                        + " and its 95% confidence interval. Training that does not undo the start"
                        + " keeps the interval's lower bound near or above zero.\n\n");
        List<String[]> successColumns = new ArrayList<>();
        for (String[] column : resultColumns(metrics)) {
            if (column[1].startsWith("val-core/") && column[1].endsWith("/success")) {
                successColumns.add(
                        new String[] {
                            column[1].substring(
                                            "val-core/".length(),
                                            column[1].length() - "/success".length())
                                    + " − start",
                            column[1]
                        });
            }
        }
        pairedRows(md, results, successColumns, "before");
        md.append(
                "\n## Diagnostics\n\nMeans over the training iterations of each run (band counts are tasks per"
                        + " iteration), and the judge's figures on the other evaluation sets.\n\n");
        table(md, results, DIAGNOSTICS, false);
        md.append("\n## All figures\n\n");
        List<String[]> all = new ArrayList<>();
        for (String metric : metrics) {
            all.add(new String[] {metric, metric});
        }
        table(md, results, all, true);
        AtomicFiles.write(
                out.resolve("ablation.md"), md.toString().getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(
                out.resolve("results.json"),
                json.writerWithDefaultPrettyPrinter().writeValueAsBytes(resultsBySeed(results)));
        ObjectNode data = curves(json, results);
        ArrayNode charts = (ArrayNode) data.get("charts");
        String html =
                HtmlCharts.head("RLAnything ablation")
                        + "<h1>Ablation</h1>\n"
                        + markdownTable(md.toString())
                        + "<h2>Curves</h2>\n"
                        + HtmlCharts.figures(charts)
                        + HtmlCharts.tail(data);
        AtomicFiles.write(out.resolve("ablation.html"), html.getBytes(StandardCharsets.UTF_8));
    }

    /** The curves' chart data: each curve's mean over seeds, one series per arm. */
    private ObjectNode curves(ObjectMapper json, List<ArmResult> results) {
        ObjectNode data = json.createObjectNode();
        ArrayNode charts = data.putArray("charts");
        TreeSet<String> curveKeys = new TreeSet<>();
        for (ArmResult result : results) {
            curveKeys.addAll(result.curves().keySet());
        }
        int id = 0;
        for (String key : curveKeys) {
            ObjectNode chart = charts.addObject();
            chart.put("id", "c" + id++);
            chart.put("title", key + " (mean over seeds)");
            chart.put("type", "line");
            ArrayNode series = chart.putArray("series");
            for (String arm : arms) {
                Map<Integer, double[]> sums = new TreeMap<>();
                for (ArmResult result : results) {
                    if (result.arm().equals(arm) && result.curves().containsKey(key)) {
                        for (double[] point : result.curves().get(key)) {
                            double[] sum = sums.computeIfAbsent((int) point[0], k -> new double[2]);
                            sum[0] += point[1];
                            sum[1]++;
                        }
                    }
                }
                if (sums.isEmpty()) {
                    continue;
                }
                ObjectNode s = series.addObject();
                s.put("label", arm);
                ArrayNode points = s.putArray("data");
                sums.forEach((x, sum) -> points.addObject().put("x", x).put("y", sum[0] / sum[1]));
            }
        }
        return data;
    }

    /**
     * The headline table: the success rate on every evaluation set (reverse name order, which puts
     * ALFWorld's real, out-of-domain games before the generated ones), the judge's process and
     * outcome accuracy on the first set, then the pool's accepted rewrites and the success on them.
     */
    static List<String[]> resultColumns(java.util.Collection<String> metrics) {
        TreeSet<String> datasets = new TreeSet<>(java.util.Comparator.reverseOrder());
        for (String metric : metrics) {
            if (metric.startsWith("val-core/") && metric.endsWith("/success")) {
                datasets.add(
                        metric.substring(
                                "val-core/".length(), metric.length() - "/success".length()));
            }
        }
        List<String[]> columns = new ArrayList<>();
        for (String dataset : datasets) {
            columns.add(new String[] {"success, " + dataset, "val-core/" + dataset + "/success"});
        }
        if (!datasets.isEmpty()) {
            String first = datasets.first();
            columns.add(
                    new String[] {
                        "judge balanced process acc., " + first,
                        "val-core/" + first + "/rm_balanced_process_acc"
                    });
            columns.add(new String[] {"judge μ, " + first, "val-core/" + first + "/rm_mu"});
            columns.add(
                    new String[] {
                        "judge balanced outcome acc., " + first,
                        "val-core/" + first + "/rm_balanced_outcome_acc"
                    });
        }
        columns.add(new String[] {"accepted rewrites", "env/accepted_total"});
        columns.add(new String[] {"success on accepted tasks", "env/accepted_task_success"});
        return columns;
    }

    static final List<String[]> DIAGNOSTICS =
            List.of(
                    new String[] {"training success", "run/train_success_mean"},
                    new String[] {"tasks in policy band", "run/policy_tasks_in_band_mean"},
                    new String[] {"tasks in 0.2-0.8 band (judge)", "run/rm_tasks_in_band_mean"},
                    new String[] {"judge process acc., training", "run/rm_process_acc_mean"},
                    new String[] {
                        "judge balanced process acc., training", "run/rm_balanced_process_acc_mean"
                    },
                    new String[] {"judge μ, training", "run/rm_mu_mean"},
                    new String[] {
                        "judge balanced process acc., training, first 5 it.",
                        "run/rm_balanced_first5"
                    },
                    new String[] {
                        "judge balanced process acc., training, last 5 it.", "run/rm_balanced_last5"
                    },
                    new String[] {
                        "policy samples from verdicts alone", "run/verdict_only_share_mean"
                    },
                    new String[] {
                        "policy samples turned against the outcome",
                        "run/verdict_against_outcome_share_mean"
                    },
                    new String[] {"policy KL per update", "run/policy_kl_mean"},
                    new String[] {
                        "judge process acc., alfworld_generated",
                        "val-core/alfworld_generated/rm_process_acc"
                    },
                    new String[] {
                        "judge balanced process acc., alfworld_generated",
                        "val-core/alfworld_generated/rm_balanced_process_acc"
                    },
                    new String[] {
                        "judge outcome acc., alfworld_generated",
                        "val-core/alfworld_generated/rm_outcome_acc"
                    },
                    new String[] {"rejected rewrites", "env/rejected_total"});

    /**
     * {@code {"arms": {ARM: {SEED: {"real": success, "generated": success, ...}}}}}: every final
     * success rate of every run, keyed by the evaluation set's short name ({@code alfworld_real}
     * becomes {@code real}).
     */
    Map<String, Object> resultsBySeed(List<ArmResult> results) {
        Map<String, Map<String, Map<String, Double>>> byArm = new java.util.LinkedHashMap<>();
        for (String arm : arms) {
            for (ArmResult r : results) {
                if (!r.arm().equals(arm)) {
                    continue;
                }
                Map<String, Double> cell = new TreeMap<>();
                r.finals()
                        .forEach(
                                (key, value) -> {
                                    if (key.startsWith("val-core/") && key.endsWith("/success")) {
                                        String set =
                                                key.substring(
                                                        "val-core/".length(),
                                                        key.length() - "/success".length());
                                        cell.put(
                                                set.startsWith("alfworld_")
                                                        ? set.substring("alfworld_".length())
                                                        : set,
                                                value);
                                    }
                                });
                byArm.computeIfAbsent(arm, a -> new java.util.LinkedHashMap<>())
                        .put(Long.toString(r.seed()), cell);
            }
        }
        return Map.of("arms", byArm);
    }

    /**
     * Per arm and evaluation set: the mean paired difference to outcome-only and its 95% interval.
     */
    private void pairedTable(
            StringBuilder md, List<ArmResult> results, java.util.Collection<String> metrics) {
        List<String> sets = new ArrayList<>();
        for (String[] column : resultColumns(metrics)) {
            if (column[1].endsWith("/success")) {
                sets.add(column[1]);
            }
        }
        // Training success averaged over the iterations: arms of one seed draw the same tasks while
        // the pool
        // is fixed, so this pairs hundreds of episodes per run (a learning-speed figure, not a
        // held-out one).
        if (metrics.contains("run/train_success_mean")) {
            sets.add("run/train_success_mean");
        }
        List<String[]> columns = new ArrayList<>();
        for (String set : sets) {
            String name =
                    set.startsWith("val-core/")
                            ? set.substring(
                                    "val-core/".length(), set.length() - "/success".length())
                            : "training success (mean over iterations)";
            columns.add(new String[] {name + " − outcome only", set});
        }
        pairedRows(md, results, columns, "OUTCOME_ONLY");
    }

    /**
     * A table of paired differences to outcome only, a row per arm, a column per {@code [name,
     * key]}: per seed the arm's figure minus outcome-only's, its mean and 95% interval.
     */
    private void pairedRows(
            StringBuilder md, List<ArmResult> results, List<String[]> columns, String reference) {
        md.append("| arm |");
        for (String[] column : columns) {
            md.append(" ").append(column[0]).append(" |");
        }
        md.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        for (String arm : arms) {
            if (arm.equals(reference)
                    || (reference.equals("before")
                            && (arm.equals("before") || BASELINES.contains(arm)))) {
                continue;
            }
            md.append("| ").append(arm).append(" |");
            for (String[] column : columns) {
                String set = column[1];
                List<Double> diffs = new ArrayList<>();
                for (ArmResult r : results) {
                    if (!r.arm().equals(arm) || !r.finals().containsKey(set)) {
                        continue;
                    }
                    results.stream()
                            .filter(
                                    o ->
                                            o.arm().equals(reference)
                                                    && o.seed() == r.seed()
                                                    && o.finals().containsKey(set))
                            .findFirst()
                            .ifPresent(o -> diffs.add(r.finals().get(set) - o.finals().get(set)));
                }
                md.append(' ').append(PairedDifference.of(diffs).format()).append(" |");
            }
            md.append('\n');
        }
    }

    /**
     * The exploitation gap: the starting judge's balanced process accuracy and μ on each arm's
     * final evaluation rollouts minus the same on outcome-only's, per evaluation set. A policy that
     * learns where the judge errs makes its own steps harder for that judge to grade.
     */
    private void exploitationTable(
            StringBuilder md, List<ArmResult> results, java.util.Collection<String> metrics) {
        List<String[]> columns = new ArrayList<>();
        for (String metric : metrics) {
            if (metric.startsWith(START_JUDGE)
                    && (metric.endsWith("/rm_balanced_process_acc") || metric.endsWith("/rm_mu"))) {
                columns.add(
                        new String[] {
                            metric.substring(START_JUDGE.length()) + " − outcome only", metric
                        });
            }
        }
        if (columns.isEmpty()) {
            return;
        }
        md.append(
                "\n## Exploitation gap\n\nThe starting judge on each arm's final evaluation rollouts"
                        + " (balanced process accuracy, μ) minus the same on outcome-only's, paired by"
                        + " seed: negative where the policy has learnt to take steps the judge grades"
                        + " wrongly.\n\n");
        pairedRows(md, results, columns, "OUTCOME_ONLY");
    }

    /** One markdown table, a row per arm; columns whose metric no arm has are left out. */
    private void table(
            StringBuilder md, List<ArmResult> results, List<String[]> columns, boolean seconds) {
        List<String[]> present = new ArrayList<>();
        for (String[] column : columns) {
            if (results.stream().anyMatch(r -> r.finals().containsKey(column[1]))) {
                present.add(column);
            }
        }
        md.append("| arm |");
        for (String[] column : present) {
            md.append(' ').append(column[0]).append(" |");
        }
        md.append(seconds ? " seconds per run |\n" : "\n").append("|---|");
        md.append("---|".repeat(present.size() + (seconds ? 1 : 0))).append('\n');
        for (String arm : arms) {
            md.append("| ").append(arm).append(" |");
            for (String[] column : present) {
                md.append(' ').append(cell(results, arm, column[1])).append(" |");
            }
            if (seconds) {
                md.append(' ').append(cellSeconds(results, arm)).append(" |");
            }
            md.append('\n');
        }
    }

    static String cell(List<ArmResult> results, String arm, String metric) {
        List<Double> values = new ArrayList<>();
        for (ArmResult result : results) {
            if (result.arm().equals(arm) && result.finals().containsKey(metric)) {
                values.add(result.finals().get(metric));
            }
        }
        if (values.isEmpty()) {
            return "-";
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double var = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).average().orElse(0);
        boolean counts = metric.endsWith("_total");
        return counts
                ? String.format(Locale.ROOT, "%.1f ± %.1f", mean, Math.sqrt(var))
                : String.format(Locale.ROOT, "%.3f ± %.3f", mean, Math.sqrt(var));
    }

    private static String cellSeconds(List<ArmResult> results, String arm) {
        return String.format(
                Locale.ROOT,
                "%.0f",
                results.stream()
                        .filter(r -> r.arm().equals(arm))
                        .mapToDouble(ArmResult::seconds)
                        .average()
                        .orElse(0));
    }

    /** Renders the markdown table lines of {@code md} as an HTML table (the rest as paragraphs). */
    private static String markdownTable(String md) {
        StringBuilder html = new StringBuilder();
        boolean inTable = false;
        for (String line : md.split("\n")) {
            if (line.startsWith("|")) {
                if (line.startsWith("|---")) {
                    continue;
                }
                if (!inTable) {
                    html.append("<table class=\"summary\">\n");
                    inTable = true;
                }
                html.append("<tr>");
                String[] cells = line.substring(1, line.length() - 1).split("\\|");
                for (String c : cells) {
                    html.append("<td>").append(HtmlCharts.escape(c.strip())).append("</td>");
                }
                html.append("</tr>\n");
            } else if (line.startsWith("## ")) {
                if (inTable) {
                    html.append("</table>\n");
                    inTable = false;
                }
                html.append("<h2>").append(HtmlCharts.escape(line.substring(3))).append("</h2>\n");
            } else if (!line.isBlank() && !line.startsWith("#")) {
                if (inTable) {
                    html.append("</table>\n");
                    inTable = false;
                }
                html.append("<p>").append(HtmlCharts.escape(line)).append("</p>\n");
            }
        }
        if (inTable) {
            html.append("</table>\n");
        }
        return html.toString();
    }
}
