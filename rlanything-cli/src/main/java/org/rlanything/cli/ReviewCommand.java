package org.rlanything.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.rlanything.cli.review.ReviewServer;
import org.rlanything.cli.run.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything review RUN}: serves a local web page over a run (finished or still training)
 * where a person reads the judge's verdicts and corrects them; see docs/review.md.
 */
@Command(
        name = "review",
        mixinStandardHelpOptions = true,
        description = {
            "Serves a web page over RUN on this machine: the overview, the saved trajectories with the"
                    + " judge's verdicts, and corrections of those verdicts (written to"
                    + " RUN/corrections.jsonl). Works offline; follows a run still training.",
            "Writes need the token printed on start. Stop with Ctrl-C."
        })
final class ReviewCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(paramLabel = "RUN", description = "The run folder.")
    private Path run;

    @Option(
            names = "--port",
            defaultValue = "8765",
            description = "The port (default ${DEFAULT-VALUE}; 0: any free port).")
    private int port;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            description = "The address to listen on (default ${DEFAULT-VALUE}: this machine only).")
    private String host;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new org.rlanything.core.BadInputException(
                    "--port must be 0 to 65535, not " + port + ".");
        }
        ReviewServer server = ReviewServer.start(new RunFolder(run), host, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    server.close();
                                    stopped.countDown();
                                }));
        var out = spec.commandLine().getOut();
        out.println("Reviewing " + run + "; open this address (it carries the session's token):");
        out.println("    " + server.url());
        out.println(
                "Corrections go to " + run.resolve("corrections.jsonl") + ". Stop with Ctrl-C.");
        out.flush();
        stopped.await();
        return 0;
    }
}
