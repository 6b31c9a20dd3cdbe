package org.rlanything.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rlanything.run.ReportWriter;
import org.rlanything.run.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything report RUN}: (re)writes the run's self-contained report.html. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "Writes RUN/report.html from the run's logs: one self-contained file, no network needed.")
final class ReportCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "RUN", description = "The run folder.")
    private Path run;

    @Override
    public Integer call() throws Exception {
        RunFolder folder = new RunFolder(run);
        if (Files.exists(folder.metrics().file())
                && !Files.isRegularFile(folder.metrics().file())) {
            throw new org.rlanything.core.BadInputException(
                    folder.metrics().file()
                            + " is not a file (a folder or a special file stands where the log should"
                            + " be); move it aside and restore the log from a copy.");
        }
        if (!Files.isRegularFile(folder.metrics().file())) {
            if (Files.isRegularFile(folder.config())) {
                throw new org.rlanything.core.BadInputException(
                        "The run in "
                                + run
                                + " has no metrics yet ("
                                + folder.metrics().file()
                                + " is not written until the starting point is evaluated); run report again later.");
            }
            throw new org.rlanything.core.BadInputException(
                    run
                            + " is not a run folder: it has no config.yaml and no"
                            + " metrics.jsonl (give the trainer.run_dir of a run).");
        }
        ReportWriter.write(folder);
        spec.commandLine().getOut().println(folder.report());
        return 0;
    }
}
