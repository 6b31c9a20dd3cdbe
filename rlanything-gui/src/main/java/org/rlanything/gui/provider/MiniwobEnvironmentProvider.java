package org.rlanything.gui.provider;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.gui.BrowserSettings;
import org.rlanything.gui.MiniwobEnvironment;
import org.rlanything.gui.MiniwobFolder;
import org.rlanything.gui.MiniwobRewriter;
import org.rlanything.gui.MiniwobTask;
import org.rlanything.gui.MiniwobTaskCodec;
import org.rlanything.gui.MiniwobVariants;
import org.rlanything.gui.TabbedBrowsers;

/**
 * {@code environment.kind: miniwob}: MiniWoB++ families in headless Chromium ({@link
 * MiniwobEnvironment}), the variant-and-hint rewriter ({@link MiniwobRewriter}) and an evaluation
 * on held-out families (success rate, {@code val-core/miniwob/heldout_success}) and, when asked for
 * ({@code eval_train}), on the training families' pages ({@code val-core/miniwob/train_success}).
 */
public final class MiniwobEnvironmentProvider
        implements EnvironmentProvider<MiniwobEnvironmentConfig> {

    /** The kind's name. */
    public static final String KIND = "miniwob";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<MiniwobEnvironmentConfig> configType() {
        return MiniwobEnvironmentConfig.class;
    }

    @Override
    public MiniwobEnvironmentConfig defaults() {
        return MiniwobEnvironmentConfig.DEFAULTS;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return MiniwobEnvironmentConfig.ALGORITHM;
    }

    @Override
    public EnvironmentParts create(MiniwobEnvironmentConfig config, RunContext context) {
        Path folder = config.pages() != null ? Path.of(config.pages()) : findPages();
        List<MiniwobTask> all = MiniwobFolder.tasks(folder);
        MiniwobVariants variants = new MiniwobVariants(all);
        Map<String, MiniwobTask> byName = new HashMap<>();
        all.forEach(t -> byName.put(t.family(), t));
        List<MiniwobTask> eval = named(config.eval(), byName, "environment.eval", folder);
        // A held-out family is held out with all its written variants.
        Set<String> heldOut =
                eval.stream()
                        .flatMap(t -> variants.of(t).stream())
                        .map(MiniwobTask::family)
                        .collect(Collectors.toSet());
        List<MiniwobTask> train =
                config.train().isEmpty()
                        ? all.stream().filter(t -> !heldOut.contains(t.family())).toList()
                        : named(config.train(), byName, "environment.train", folder);
        for (MiniwobTask t : train) {
            if (heldOut.contains(t.family())) {
                throw new org.rlanything.core.BadInputException(
                        "environment.train: "
                                + t.family()
                                + " is a variant of a held-out family (environment.eval).");
            }
        }
        if (train.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "environment.train: no family left to train on.");
        }
        List<Task> pool =
                new ArrayList<>(train.subList(0, Math.min(config.poolSize(), train.size())));
        TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), config.browsers());
        Runtime.getRuntime().addShutdownHook(new Thread(browsers::close));
        MiniwobEnvironment environment = new MiniwobEnvironment(browsers);
        int maxSteps = config.maxSteps();
        int episodes = config.evalEpisodes();
        return new EnvironmentParts(
                KIND,
                KIND,
                environment,
                pool,
                new MiniwobTaskCodec(),
                new MiniwobRewriter(variants),
                (iteration, policy, rewardModel, seed) -> {
                    // the success rate on a list of tasks; the split number keeps the lists' seeds
                    // apart
                    BiFunction<List<MiniwobTask>, Integer, Double> successOn =
                            (tasks, split) ->
                                    success(
                                            tasks,
                                            episodes,
                                            seed,
                                            split,
                                            policy,
                                            environment,
                                            maxSteps,
                                            context);
                    Map<String, Double> metrics = new TreeMap<>();
                    if (!eval.isEmpty()) {
                        metrics.put("val-core/miniwob/heldout_success", successOn.apply(eval, 1));
                    }
                    if (config.evalTrain()) {
                        metrics.put("val-core/miniwob/train_success", successOn.apply(train, 2));
                    }
                    // episodes replayed so far because their browser died (never the policy's
                    // fault)
                    metrics.put("env/miniwob/browser_reruns", (double) environment.reruns());
                    return metrics;
                },
                null,
                null,
                new MiniwobHooks(
                        "a web page, acting on the elements it lists by their numbers",
                        "click REF, type REF TEXT or press KEY",
                        "click 3"));
    }

    private static double success(
            List<MiniwobTask> tasks,
            int episodes,
            long seed,
            long split,
            org.rlanything.core.Policy policy,
            MiniwobEnvironment environment,
            int maxSteps,
            RunContext context) {
        List<RolloutRequest> requests = new ArrayList<>();
        for (MiniwobTask task : tasks) {
            for (int e = 0; e < episodes; e++) {
                requests.add(
                        new RolloutRequest(
                                task,
                                e,
                                Seeds.derive(
                                        seed,
                                        Seeds.purpose("miniwob-eval"),
                                        split,
                                        requests.size())));
            }
        }
        List<Trajectory> trajectories =
                context.engine().rollOut(requests, policy, environment, maxSteps);
        return trajectories.stream().filter(Trajectory::won).count() / (double) trajectories.size();
    }

    private static List<MiniwobTask> named(
            List<String> names, Map<String, MiniwobTask> byName, String key, Path folder) {
        List<MiniwobTask> tasks = new ArrayList<>();
        for (String name : names) {
            MiniwobTask task = byName.get(name);
            if (task == null) {
                throw new org.rlanything.core.BadInputException(
                        key
                                + ": no family \""
                                + name
                                + "\" (no "
                                + name
                                + ".html in "
                                + folder
                                + ").");
            }
            tasks.add(task);
        }
        return tasks;
    }

    private static Path findPages() {
        return MiniwobFolder.findShared()
                .orElseThrow(
                        () ->
                                new org.rlanything.core.BadInputException(
                                        "environment.pages: no shared/data/miniwob/html/miniwob"
                                                + " folder above the working directory; name the"
                                                + " task pages' folder."));
    }
}
