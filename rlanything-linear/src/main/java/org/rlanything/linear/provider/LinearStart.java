package org.rlanything.linear.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import org.rlanything.core.BadInputException;
import org.rlanything.core.Environment;
import org.rlanything.core.Seeds;
import org.rlanything.core.imitation.Imitation;
import org.rlanything.core.imitation.LabelledStep;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.Optimizer;
import org.rlanything.linear.WeightsFile;

/**
 * The linear kinds' starting weights where the policy imitates the environment's solver: the
 * policy's from {@link Imitation} (behaviour cloning, then DAgger rounds), the judge's (when it is
 * linear too) from the environment's labels on the steps the imitation played ({@link
 * LinearJudge#warmStart}). Made once per run and shared by both sections; kept in {@code
 * trainer.starting_models}/{@value #FOLDER} when that key names a folder, and read from there by
 * every later run naming it, whatever its seed (a folder made for another environment, imitation
 * size or feature set is refused), so the arms and seeds of a benchmark start alike, as the neural
 * kinds' starting models do, and a resumed run does not play the imitation again. Made from the
 * seed of the run that makes it: the same seed gives the same weights.
 *
 * @param policy the policy's starting weights
 * @param judge the judge's starting weights, or null where the judge starts at zero
 * @param figures what the imitation measured
 */
record LinearStart(double[] policy, double[] judge, Map<String, Object> figures) {

    /** The folder under {@code trainer.starting_models}. */
    static final String FOLDER = "linear-start";

    private static final String ORIGIN = "origin.json";
    private static final long INIT = Seeds.purpose("linear/imitation/judge");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Environment, LinearStart> BY_ENVIRONMENT =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The starting weights of {@code environment}'s run, or null where the policy does not imitate
     * (its kind is not linear, {@code imitate} is off, {@code init} names a file, or the
     * environment offers no demonstrator).
     */
    static LinearStart of(EnvironmentParts environment, RunContext context) {
        if (!(context.policy() instanceof LinearPolicyConfig policy)
                || !policy.imitate()
                || policy.init() != null
                || !(environment.hooks() instanceof Demonstrator)) {
            return null;
        }
        synchronized (BY_ENVIRONMENT) {
            LinearStart known = BY_ENVIRONMENT.get(environment.environment());
            if (known == null) {
                known = load(environment, context, policy);
                BY_ENVIRONMENT.put(environment.environment(), known);
            }
            return known;
        }
    }

    private static LinearStart load(
            EnvironmentParts environment, RunContext context, LinearPolicyConfig policy) {
        LinearRewardModelConfig judgeConfig =
                context.rewardModel() instanceof LinearRewardModelConfig j
                                && j.warmStart()
                                && j.init() == null
                        ? j
                        : null;
        Imitation.Settings settings = policy.imitation().settings(context.maxSteps());
        StepFeatures policyFeatures =
                LinearRewardModelProvider.features(
                        "policy", environment, policy.hashDimension(), context);
        StepFeatures judgeFeatures =
                judgeConfig == null
                        ? null
                        : LinearRewardModelProvider.features(
                                "judge", environment, judgeConfig.hashDimension(), context);
        Map<String, Object> origin = new LinkedHashMap<>();
        origin.put("environment_kind", environment.kind());
        origin.put(
                "environment_description",
                environment.hooks() instanceof EnvironmentDescription d ? d.description() : "");
        origin.put("imitation", settings.toString());
        origin.put("policy_features", policyFeatures.policyFeatureNames().size());
        origin.put("policy_l2", policy.l2());
        origin.put("policy_temperature", policy.temperature());
        origin.put(
                "judge",
                judgeConfig == null
                        ? "none"
                        : judgeFeatures.judgeFeatureNames().size()
                                + " features, l2 "
                                + judgeConfig.l2());
        Path folder =
                context.startingModels() == null ? null : context.startingModels().resolve(FOLDER);
        try {
            if (folder != null && Files.isRegularFile(folder.resolve(ORIGIN))) {
                return read(folder, origin, context);
            }
            LinearPolicy learner =
                    new LinearPolicy(
                            policyFeatures,
                            ChoiceKey.constant(Optimizer.Kind.class, policy.optimizer()),
                            policy.learningRate(),
                            policy.optimizerSteps(),
                            policy.temperature(),
                            policy.l2(),
                            policy.clip());
            Imitation.Result result =
                    Imitation.run(
                            environment.environment(),
                            environment.tasks(),
                            (Demonstrator) environment.hooks(),
                            learner,
                            settings,
                            context.seed(),
                            context.log());
            context.log().accept("linear policy " + result.summary());
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("demonstrations", result.demonstrations().size());
            figures.put("rounds", result.rounds().size());
            figures.put("kept_round", result.kept());
            figures.put("clone_validation_success", result.cloneSuccess());
            figures.put(
                    "clone_validation_agreement",
                    result.rounds().get(result.kept()).validationAgreement());
            figures.put("demonstrator_validation_success", result.demonstratorSuccess());
            figures.put("validation_episodes", result.validationEpisodes());
            figures.put("seconds", result.seconds());
            double[] judge = null;
            LinearJudge warm = null;
            if (judgeConfig != null) {
                warm =
                        new LinearJudge(
                                judgeFeatures,
                                ChoiceKey.constant(Optimizer.Kind.class, judgeConfig.optimizer()),
                                judgeConfig.learningRate(),
                                judgeConfig.optimizerSteps(),
                                judgeConfig.l2());
                var labelled = LabelledStep.of(result.played());
                if (!labelled.isEmpty()) {
                    double balanced = warm.warmStart(labelled, Seeds.rng(context.seed(), INIT));
                    judge = warm.weights();
                    long goods = labelled.stream().filter(LabelledStep::good).count();
                    figures.put("judge_labelled_steps", labelled.size());
                    figures.put("judge_good_fraction", goods / (double) labelled.size());
                    figures.put("judge_training_balanced_accuracy", balanced);
                    context.log()
                            .accept(
                                    String.format(
                                            "linear judge warm start: %d labelled steps (%.0f%%"
                                                    + " GOOD), balanced accuracy %.3f on them",
                                            labelled.size(),
                                            100.0 * goods / labelled.size(),
                                            balanced));
                } else {
                    warm = null;
                    context.log()
                            .accept(
                                    "linear judge: the environment labelled none of the"
                                            + " imitation's steps; the judge starts at chance");
                }
            }
            LinearStart start = new LinearStart(learner.weights(), judge, figures);
            if (folder != null) {
                start.write(folder, origin, context.seed(), learner, warm);
            }
            return start;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(
            Path folder,
            Map<String, Object> origin,
            long seed,
            LinearPolicy learner,
            LinearJudge warm)
            throws IOException {
        AtomicFiles.makeFolder(
                folder,
                temp -> {
                    Files.createDirectories(temp);
                    learner.saveTo(temp);
                    if (warm != null) {
                        warm.saveTo(temp);
                    }
                    Map<String, Object> all = new LinkedHashMap<>(origin);
                    all.put("seed", seed);
                    all.put("figures", figures);
                    JSON.writerWithDefaultPrettyPrinter()
                            .writeValue(temp.resolve(ORIGIN).toFile(), all);
                });
    }

    private static LinearStart read(Path folder, Map<String, Object> origin, RunContext context)
            throws IOException {
        Map<?, ?> found = JSON.readValue(folder.resolve(ORIGIN).toFile(), Map.class);
        for (Map.Entry<String, Object> e : origin.entrySet()) {
            Object value = found.get(e.getKey());
            boolean same =
                    value instanceof Number n && e.getValue() instanceof Number m
                            ? n.longValue() == m.longValue()
                            : Objects.equals(value, e.getValue());
            if (!same) {
                throw new BadInputException(
                        "trainer.starting_models: "
                                + folder
                                + " was made for "
                                + e.getKey()
                                + " \""
                                + value
                                + "\", not \""
                                + e.getValue()
                                + "\"; name another folder (or remove it to make it again).");
            }
        }
        double[] policy =
                WeightsFile.read(folder.resolve("linear-policy.json"), "policy").weights();
        Path judgeFile = folder.resolve("linear-judge.json");
        double[] judge =
                Files.isRegularFile(judgeFile)
                        ? WeightsFile.read(judgeFile, "judge").weights()
                        : null;
        @SuppressWarnings("unchecked")
        Map<String, Object> figures =
                found.get("figures") instanceof Map<?, ?> f ? (Map<String, Object>) f : Map.of();
        context.log().accept("linear starting weights from " + folder + ": " + figures);
        return new LinearStart(policy, judge, figures);
    }
}
