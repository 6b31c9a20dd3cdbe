package org.rlanything.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rlanything.bench.AblationBench;
import org.rlanything.bench.ReviewCurve;
import org.rlanything.cli.options.FirstSeedOption;
import org.rlanything.core.BadInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench review}: what a reviewer's corrections are worth, measured with a
 * reviewer simulated from the setting's step labels ({@code trainer.simulated_reviewer}).
 */
@Command(
        name = "review",
        mixinStandardHelpOptions = true,
        description =
                "What corrections are worth: the full method with a simulated reviewer that corrects,"
                        + " each iteration, the k steps the judge is least sure of (answering with the setting's"
                        + " step labels), for each k, several seeds, from the same starting models, beside"
                        + " outcome only. Writes review.md and review.json (the curve over k) beside the"
                        + " ablation's files and one run folder per k and seed; a re-run continues.")
final class BenchReviewCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--config",
            defaultValue = "configs/alfworld.yaml",
            description =
                    "The training config (default ${DEFAULT-VALUE}); its environment must label steps.")
    private Path config;

    @Option(
            names = "--k",
            split = ",",
            defaultValue = "0,5,20,50",
            description =
                    "Steps corrected per iteration, comma-separated (default ${DEFAULT-VALUE}).")
    private List<Integer> ks;

    @Option(
            names = "--seeds",
            defaultValue = "5",
            description = "Seeds (default ${DEFAULT-VALUE}).")
    private int seeds;

    @Mixin private FirstSeedOption firstSeed;

    @Option(
            names = "--out",
            defaultValue = "bench/review",
            description = "Output folder (default ${DEFAULT-VALUE}).")
    private Path out;

    @Option(
            names = "--workers",
            description = "Runs at a time (default: the number of cores, ${DEFAULT-VALUE}).")
    private int workers = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--tabulate",
            description =
                    "Train nothing: write review.md and review.json from the runs of OUT that have"
                            + " finished (a bench still running, or stopped, can be read).")
    private boolean tabulate;

    @Parameters(
            paramLabel = "OVERRIDES",
            arity = "0..*",
            description = "Config overrides applied to every run.")
    private List<String> overrides = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        List<Long> seedList = firstSeed.seeds(seeds);
        List<String> variants = new ArrayList<>();
        for (int k : ks) {
            if (k < 0) {
                throw new BadInputException("--k: " + k + " must be >= 0.");
            }
            variants.add(
                    ReviewCurve.armName(k)
                            + " POLICY_REWARD_ENV"
                            + (k == 0 ? "" : " trainer.simulated_reviewer=" + k));
        }
        if (!tabulate) {
            new AblationBench(
                            config,
                            overrides,
                            seedList,
                            out,
                            spec.commandLine().getOut(),
                            workers,
                            List.of(),
                            List.of("OUTCOME_ONLY"),
                            variants)
                    .run();
        }
        String configLine =
                "Config `"
                        + config
                        + "`"
                        + (overrides.isEmpty() ? "" : " with `" + String.join(" ", overrides) + "`")
                        + "; seeds "
                        + seedList
                        + "; k "
                        + ks
                        + ".";
        new ReviewCurve(out, ks).write(configLine, seedList);
        spec.commandLine().getOut().println("wrote " + out.resolve("review.md"));
        return 0;
    }
}
