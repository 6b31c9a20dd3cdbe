package org.rlanything.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rlanything.bench.AblationBench;
import org.rlanything.cli.options.FirstSeedOption;
import org.rlanything.run.Backends;
import org.rlanything.run.config.ConfigLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything bench ablation}: the paper's ablation arms, several seeds each. */
@Command(
        name = "ablation",
        mixinStandardHelpOptions = true,
        description =
                "Runs the ablation arms (before, outcome only, GRPO, Policy, Policy+Reward, Policy+Reward+Env,"
                        + " step only) from the same starting models with the same budget and several seeds; writes"
                        + " ablation.md (with differences to outcome only paired by seed), ablation.html, ablation.json and"
                        + " results.json plus one run folder per arm and seed. A re-run with the same config continues the"
                        + " runs it finished or started.")
final class BenchAblationCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--config",
            defaultValue = "configs/alfworld.yaml",
            description = "The training config every arm starts from (default ${DEFAULT-VALUE}).")
    private Path config;

    @Option(
            names = "--quick",
            description = "Small scale: --quick-overrides are applied (a few minutes in all).")
    private boolean quick;

    @Option(
            names = "--quick-overrides",
            split = ",",
            description =
                    "Overrides applied in --quick mode, comma-separated (default: the environment kind's"
                            + " own small scale, such as trainer.iterations=2 and fewer tasks and evaluation"
                            + " games for ALFWorld).")
    private List<String> quickOverrides;

    @Option(
            names = "--seeds",
            defaultValue = "3",
            description = "Seeds per arm (default ${DEFAULT-VALUE}).")
    private int seeds;

    @Mixin private FirstSeedOption firstSeed;

    @Option(
            names = "--out",
            defaultValue = "bench/ablation",
            description = "Output folder (default ${DEFAULT-VALUE}).")
    private Path out;

    @Option(
            names = "--workers",
            description =
                    "Runs at a time (default: the number of cores, ${DEFAULT-VALUE}); their tensor work"
                            + " shares the native threads (RLANYTHING_THREADS, default one per core).")
    private int workers = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--tabulate",
            description =
                    "Train nothing: rewrite ablation.md/html/json from OUT/ablation.json"
                            + " and the run folders of an earlier ablation (give the same --config, --seeds and overrides).")
    private boolean tabulate;

    @Option(
            names = "--judge-flips",
            split = ",",
            description =
                    "The judge-quality sweep instead of the ablation:"
                            + " outcome only and, for each flip probability q (for example 0.5,0.4,0.3,0.2,0.1), the Policy arm with a"
                            + " label judge whose verdicts are the true step labels flipped with probability q.")
    private List<Double> judgeFlips = new ArrayList<>();

    @Option(
            names = "--arms",
            split = ",",
            description =
                    "Only these arms of the ablation, comma-separated (default:"
                            + " all; OUTCOME_ONLY always runs, as the baseline of the paired differences; STEP_ONLY needs"
                            + " POLICY_REWARD_ENV).")
    private List<String> arms = new ArrayList<>();

    @Option(
            names = "--variant",
            description =
                    "An extra arm, 'NAME ARM OVERRIDE...' (whitespace separated; repeatable): the"
                            + " ablation arm ARM with its own config overrides, paired against outcome only"
                            + " like the others, e.g. --variant 'separate POLICY_REWARD_ENV"
                            + " algorithm.integration=SEPARATE'.")
    private List<String> variants = new ArrayList<>();

    @Option(
            names = "--baselines",
            description =
                    "Also evaluate, per seed, policy.kind random (a uniform choice among the admissible"
                            + " commands) and demonstrator (the environment's own solver, where it offers one),"
                            + " and write each arm's held-out success against the start's, paired by seed.")
    private boolean baselines;

    @Parameters(
            paramLabel = "OVERRIDES",
            arity = "0..*",
            description = "Config overrides applied to every arm.")
    private List<String> overrides = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        List<Long> seedList = firstSeed.seeds(seeds);
        List<String> all = new ArrayList<>(overrides);
        if (quick) {
            List<String> small = quickOverrides;
            if (small == null) {
                small =
                        Backends.environmentProvider(ConfigLoader.load(config, overrides))
                                .quickOverrides();
            }
            all.addAll(0, small);
        }
        AblationBench bench =
                new AblationBench(
                        config,
                        all,
                        seedList,
                        out,
                        spec.commandLine().getOut(),
                        workers,
                        judgeFlips,
                        arms,
                        variants);
        if (baselines) {
            bench.withBaselines();
        }
        if (tabulate) {
            bench.tabulate();
        } else {
            bench.run();
        }
        spec.commandLine()
                .getOut()
                .println(
                        "wrote "
                                + out.resolve("ablation.md")
                                + " and "
                                + out.resolve("ablation.html"));
        return 0;
    }
}
