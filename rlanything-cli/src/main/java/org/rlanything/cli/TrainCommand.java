package org.rlanything.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.cli.options.QuietOption;
import org.rlanything.run.RunFlags;
import org.rlanything.run.TrainingRun;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything train CONFIG [key=value ...]} and {@code rlanything train --resume RUN}. */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description =
                "Trains policy, reward model and task pool together and writes a run folder (config.yaml,"
                        + " metrics.jsonl, timings.jsonl, trajectories.jsonl, pool.jsonl, checkpoints/, report.html).",
        footer = {
            "",
            "Examples:",
            "  rlanything train configs/demo.yaml trainer.iterations=20 trainer.run_dir=runs/a",
            "  rlanything train --resume runs/a            # continue after a crash or kill",
            "  rlanything train --resume runs/a trainer.iterations=80   # extend a finished run",
            "  rlanything train --resume runs/a --from iter-000019   # go back to an earlier checkpoint",
            "Exit codes: 0 done, 1 the run failed, 2 bad config or usage."
        })
final class TrainCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Option(
            names = "--resume",
            paramLabel = "RUN",
            description = "Continue the run in this folder from its last complete checkpoint.")
    private Path resume;

    @Option(
            names = "--from",
            paramLabel = "CHECKPOINT",
            description =
                    "With --resume: continue from this checkpoint (iter-NNNNNN) instead of the newest;"
                            + " the checkpoints after it are moved aside as checkpoints/discarded-iter-NNNNNN.")
    private String from;

    @Mixin private QuietOption quietOption;

    @Parameters(
            paramLabel = "CONFIG_AND_OVERRIDES",
            arity = "0..*",
            description =
                    "A YAML config file, then dotted overrides such as trainer.iterations=10.")
    private List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        TrainingRun run;
        if (from != null && resume == null) {
            throw new org.rlanything.core.BadInputException(
                    "--from names the checkpoint a resumed run continues from: use it with --resume RUN.");
        }
        if (resume != null) {
            run = TrainingRun.resume(resume, arguments, from, !quietOption.quiet());
        } else {
            if (arguments.isEmpty() || arguments.get(0).contains("=")) {
                throw new org.rlanything.core.BadInputException(
                        "train needs a config file (for example configs/demo.yaml) or"
                                + " --resume RUN.");
            }
            RunConfig config =
                    ConfigLoader.load(
                            Path.of(arguments.get(0)), arguments.subList(1, arguments.size()));
            run = TrainingRun.start(config, !quietOption.quiet());
        }
        Map<String, Double> last = run.run();
        RunFlags.summary(run.folder().metrics().read()).forEach(out::println);
        out.println(
                "run "
                        + run.folder().root()
                        + ": "
                        + run.loop().iteration()
                        + " iterations done; "
                        + Summaries.line(last)
                        + "; report "
                        + run.folder().report());
        return 0;
    }
}
