package org.rlanything.agent.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.agent.AlfworldGames;
import org.rlanything.agent.AlfworldPromptFormat;
import org.rlanything.agent.JudgeBench;
import org.rlanything.agent.PretrainSettings;
import org.rlanything.agent.Pretrainer;
import org.rlanything.agent.StartingModelsFolder;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.NeuralModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench judge}: the ALFWorld judge's expected balanced accuracy and μ on fixed
 * trajectories of the starting policy ({@link JudgeBench}), for the starting judge, for judges
 * warm-started afresh on the old or the current prompt, and for the judges of a run's checkpoints.
 */
@Command(
        name = "judge",
        mixinStandardHelpOptions = true,
        description =
                "The ALFWorld judge on fixed trajectories of the starting policy (held-out generated and real"
                        + " games, restrained step labels): expected balanced accuracy, TPR, TNR and mu of the starting"
                        + " judge; with --warm-start, of judges warm-started afresh on the current prompt and on the old"
                        + " one (without the episode summary); with --track RUN, of every kept checkpoint's judge of RUN."
                        + " One line per judge, JSON last.")
public final class BenchJudgeCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec private CommandSpec spec;

    @Option(
            names = "--seed",
            defaultValue = "10086",
            description = "The starting models' seed (default ${DEFAULT-VALUE}).")
    private long seed;

    @Option(
            names = "--start",
            defaultValue = "models/alfworld-start-10086",
            description = "The starting models folder (default ${DEFAULT-VALUE}).")
    private Path start;

    @Option(
            names = "--rollout-games",
            defaultValue = "300",
            description =
                    "Training games the starting policy plays for the warm start's data"
                            + " (default ${DEFAULT-VALUE}, as pretrain's two DAgger rounds).")
    private int rolloutGames;

    @Option(
            names = "--warm-start",
            description = "Also warm-start fresh judges on the current and on the old prompt.")
    private boolean warmStart;

    @Option(names = "--steps", description = "Warm-start steps (default: pretrain's).")
    private Integer steps;

    @Option(
            names = "--track",
            description = "A run folder whose kept checkpoints' judges are scored.")
    private Path track;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PretrainSettings settings = PretrainSettings.defaults(seed);
        if (steps != null) {
            settings = settings.toBuilder().rmSteps(steps).build();
        }
        AlfworldPromptFormat current = StartingModelsFolder.format(start, settings.format());
        JudgeBench.Data data =
                JudgeBench.data(settings, AlfworldGames.locate(), start, rolloutGames);
        Map<String, Object> all = new LinkedHashMap<>();
        score(out, all, "starting judge", start.resolve("reward_model"), current, data, settings);
        if (warmStart) {
            AlfworldPromptFormat old =
                    new AlfworldPromptFormat(3, 3, false, 8, 160, 720, false, null);
            for (AlfworldPromptFormat f : new AlfworldPromptFormat[] {current, old}) {
                PretrainSettings s = settings.toBuilder().format(f).build();
                try (NeuralModel judge = JudgeBench.warmStart(s, data, line -> {})) {
                    report(
                            out,
                            all,
                            (f == old ? "warm start, old prompt" : "warm start, current prompt")
                                    + " ("
                                    + s.rmSteps()
                                    + " steps)",
                            judge,
                            f,
                            data);
                }
            }
        }
        if (track != null) {
            for (Path judge : JudgeBench.checkpointJudges(track)) {
                score(
                        out,
                        all,
                        judge.getParent().getFileName().toString(),
                        judge,
                        current,
                        data,
                        settings);
            }
        }
        out.println(new ObjectMapper().writeValueAsString(all));
        return 0;
    }

    private static void score(
            PrintWriter out,
            Map<String, Object> all,
            String name,
            Path folder,
            AlfworldPromptFormat format,
            JudgeBench.Data data,
            PretrainSettings settings)
            throws java.io.IOException {
        try (NeuralModel judge =
                NeuralModel.load(folder, Pretrainer.judgeTrainerConfig(settings), false)) {
            report(out, all, name, judge, format, data);
        }
    }

    private static void report(
            PrintWriter out,
            Map<String, Object> all,
            String name,
            NeuralModel judge,
            AlfworldPromptFormat format,
            JudgeBench.Data data) {
        JudgeBench.Figures generated = JudgeBench.score(judge, format, data.generated());
        JudgeBench.Figures real = JudgeBench.score(judge, format, data.real());
        Map<String, Double> figures = new LinkedHashMap<>(generated.asMap("generated/"));
        figures.putAll(real.asMap("real/"));
        all.put(name, figures);
        out.printf(
                Locale.ROOT,
                "%-40s generated: balanced %.3f (TPR %.3f, TNR %.3f) mu %.3f | real: balanced %.3f"
                        + " (TPR %.3f, TNR %.3f) mu %.3f%n",
                name,
                generated.balanced(),
                generated.tpr(),
                generated.tnr(),
                generated.mu(),
                real.balanced(),
                real.tpr(),
                real.tnr(),
                real.mu());
        out.flush();
    }
}
