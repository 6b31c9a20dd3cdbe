package org.rlanything.agent.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.agent.AlfworldEvaluation;
import org.rlanything.agent.AlfworldGames;
import org.rlanything.agent.AlfworldPromptFormat;
import org.rlanything.agent.PretrainSettings;
import org.rlanything.agent.Pretrainer;
import org.rlanything.agent.RestrainedOracle;
import org.rlanything.agent.SearchingExpert;
import org.rlanything.agent.StartingModelsFolder;
import org.rlanything.alfworld.command.SeedOption;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.infer.SamplingConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything pretrain --seed S --out DIR}: the starting models of the ALFWorld neural
 * backend (behaviour-cloned policy, warm-started reward model), written as {@code DIR/policy/} and
 * {@code DIR/reward_model/} neural checkpoints plus {@code DIR/pretrain.json}.
 */
@Command(
        name = "pretrain",
        mixinStandardHelpOptions = true,
        description =
                "Makes the starting models of the ALFWorld neural backend from a seed: a policy cloned from"
                        + " demonstrations on generated games (deliberately limited) and a reward model warm-started on the"
                        + " restrained step labels. Writes DIR/policy/ and DIR/reward_model/ (neural checkpoints) and"
                        + " DIR/pretrain.json. Takes minutes on two cores.")
public final class PretrainCommand implements CommandProvider, Callable<Integer> {

    @Spec private CommandSpec spec;

    @Mixin private SeedOption seedOption;

    @Option(
            names = "--out",
            required = true,
            description = "Output folder (refused if it already holds models).")
    private Path out;

    @Option(
            names = "--bc-steps",
            description = "Behaviour-cloning steps (default: the embedded default).")
    private Integer bcSteps;

    @Option(
            names = "--rm-steps",
            description = "Reward-model warm-start steps (default: the embedded default).")
    private Integer rmSteps;

    @Option(
            names = "--rm-label-noise",
            description =
                    "Probability that a warm-start step label is flipped, 0 to 0.5"
                            + " (default: the embedded default, 0: the clean restrained labels).")
    private Double rmLabelNoise;

    @Option(
            names = "--rm-hidden",
            description =
                    "The reward model's width (default: the policy's); its SwiGLU width keeps the"
                            + " policy's ratio.")
    private Integer rmHidden;

    @Option(
            names = "--rm-layers",
            description = "The reward model's decoder layers (default: the policy's).")
    private Integer rmLayers;

    @Option(
            names = "--train-games",
            description = "Generated games demonstrated (default: the embedded default).")
    private Integer trainGames;

    @Option(
            names = "--dagger-rounds",
            description = "DAgger rounds after cloning (default: the embedded default).")
    private Integer daggerRounds;

    @Option(
            names = "--eval-games",
            defaultValue = "0",
            description =
                    "Afterwards, evaluate on this many held-out generated games and the real games (0: skip).")
    private int evalGames;

    @Option(
            names = {"-q", "--quiet"},
            description = "No progress output; print only the final summary.")
    private boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter console = spec.commandLine().getOut();
        if (Files.exists(out.resolve("policy")) || Files.exists(out.resolve("reward_model"))) {
            throw new org.rlanything.core.BadInputException(
                    "The folder " + out + " already holds starting models; choose another --out.");
        }
        if (evalGames < 0) {
            throw new org.rlanything.core.BadInputException(
                    "--eval-games (" + evalGames + ") must be >= 0.");
        }
        long seed = seedOption.seed();

        PretrainSettings settings = settings(seed);
        AlfworldGames games = AlfworldGames.locate();
        long started = System.nanoTime();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("seed", seed);
        summary.put("settings", settings.toString());
        try (Pretrainer.StartingModels models =
                Pretrainer.run(
                        settings,
                        games,
                        line -> {
                            if (!quiet) {
                                console.println(line);
                                console.flush();
                            }
                        })) {
            models.save(out, Map.of("seed", seed, "pretrain_settings", settings.toString()));
            summary.put("metrics", models.metrics());
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        summary.put("seconds", seconds);
        console.printf(
                Locale.ROOT,
                "pretrain (seed %d): starting models written to %s in %.0f s%n",
                seed,
                out,
                seconds);
        if (evalGames > 0) {
            summary.put("evaluation", evaluate(settings, games));
            console.println("evaluation: " + summary.get("evaluation"));
        }
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        AtomicFiles.write(
                out.resolve("pretrain.json"),
                (json.writeValueAsString(summary) + "\n").getBytes(StandardCharsets.UTF_8));
        return 0;
    }

    private Map<String, Double> evaluate(PretrainSettings settings, AlfworldGames games)
            throws IOException {
        long seed = seedOption.seed();
        List<AlfworldEvaluation.Dataset> sets = new ArrayList<>();
        sets.add(
                new AlfworldEvaluation.Dataset(
                        "alfworld_generated", games.heldOut(seed, evalGames)));
        sets.add(new AlfworldEvaluation.Dataset("alfworld_real", games.real()));
        // The judge is scored against both labels, as in training runs, and reads its own (wider)
        // window.
        AlfworldEvaluation evaluation =
                new AlfworldEvaluation(
                        sets,
                        AlfworldEvaluation.Settings.defaults(),
                        new RestrainedOracle(
                                SearchingExpert.Prior.of(
                                        games.training(seed, settings.trainGames()))));
        AlfworldPromptFormat format = StartingModelsFolder.format(out, settings.format());
        try (CheckpointedPolicy policy =
                        CheckpointedPolicy.load(
                                out.resolve("policy"),
                                format,
                                new SamplingConfig(1.0, 1.0, 16),
                                Pretrainer.trainerConfig(settings));
                CheckpointedRewardModel rm =
                        CheckpointedRewardModel.load(
                                out.resolve("reward_model"),
                                format,
                                new SamplingConfig(1.0, 1.0, 10),
                                Pretrainer.judgeTrainerConfig(settings))) {
            return evaluation.evaluate(0, policy, rm, RLAnythingLoop.evaluationSeed(seed));
        }
    }

    /** The embedded defaults of {@code seed} with the options given. */
    private PretrainSettings settings(long seed) {
        PretrainSettings.Builder settings = PretrainSettings.builder(seed);
        if (bcSteps != null) {
            settings.bcSteps(bcSteps);
        }
        if (rmLabelNoise != null) {
            settings.rmLabelNoise(rmLabelNoise);
        }
        if (rmSteps != null) {
            settings.rmSteps(rmSteps);
        }
        if (trainGames != null) {
            settings.trainGames(trainGames);
        }
        if (rmHidden != null || rmLayers != null) {
            settings.rmHiddenSize(rmHidden == null ? 0 : rmHidden)
                    .rmLayers(rmLayers == null ? 0 : rmLayers);
        }
        if (daggerRounds != null) {
            settings.daggerRounds(daggerRounds);
        }
        return settings.build();
    }
}
