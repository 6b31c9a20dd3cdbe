package org.rlanything.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.rlanything.run.review.ReviewRuns;
import org.rlanything.run.review.ReviewServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything review RUN...}: serves a local web page over one run or several (finished or
 * still training) where a person reads the judge's verdicts, corrects them, and compares runs; see
 * docs/review.md.
 */
@Command(
        name = "review",
        mixinStandardHelpOptions = true,
        description = {
            "Serves a web page over RUN (or every run inside a folder of runs, or several RUNs side"
                    + " by side): the overview, the saved trajectories with the judge's verdicts,"
                    + " and corrections of those verdicts (written to RUN/corrections.jsonl). Works"
                    + " offline; follows runs still training.",
            "Every API call needs the token printed on start (part of the printed address). Stop"
                    + " with Ctrl-C."
        })
final class ReviewCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(
            paramLabel = "RUN",
            arity = "1..*",
            description =
                    "A run folder, or a folder holding runs (an ablation's output), up to 3 levels"
                            + " down.")
    private List<Path> runs;

    @Option(
            names = "--port",
            defaultValue = "8765",
            description = "The port (default ${DEFAULT-VALUE}; 0: any free port).")
    private int port;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            description =
                    "The address to listen on (default ${DEFAULT-VALUE}: this machine only; 0.0.0.0:"
                            + " every interface, for a browser on another machine).")
    private String host;

    @Option(
            names = "--allow-host",
            paramLabel = "NAME",
            split = ",",
            description =
                    "A host name (or address) the browser may use besides localhost, 127.0.0.1 and"
                            + " [::1] on any port (an SSH forward needs nothing more); repeatable"
                            + " or comma-separated. With --host 0.0.0.0 this machine's own names"
                            + " and addresses are allowed too.")
    private List<String> allowHosts = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new org.rlanything.core.BadInputException(
                    "--port must be 0 to 65535, not " + port + ".");
        }
        for (String name : allowHosts) {
            if (name.isBlank() || !name.strip().matches("[A-Za-z0-9.:\\[\\]_-]+")) {
                throw new org.rlanything.core.BadInputException(
                        "--allow-host takes host names or addresses (letters, digits, '.', '-',"
                                + " ':'), not \""
                                + name
                                + "\".");
            }
        }
        List<ReviewRuns.Run> found = ReviewRuns.find(runs);
        ReviewServer server =
                ReviewServer.start(found, new ReviewServer.Options(host, port, allowHosts));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    server.close();
                                    stopped.countDown();
                                }));
        var out = spec.commandLine().getOut();
        if (found.size() == 1) {
            out.println("Reviewing " + found.get(0).folder().root() + ".");
        } else {
            out.println("Reviewing " + found.size() + " runs:");
            for (ReviewRuns.Run run : found) {
                out.println("    " + run.name() + "  (" + run.folder().root() + ")");
            }
        }
        out.println("Open this address (it carries the session's token):");
        out.println("    " + server.url());
        out.println(
                "From another machine, forward the port and open the forwarded address, e.g.:"
                        + " ssh -N -L 8765:localhost:"
                        + server.port()
                        + " THIS-MACHINE, then http://localhost:8765/?token="
                        + server.token());
        if (!allowHosts.isEmpty() || !server.url().startsWith("http://127.0.0.1:")) {
            out.println("Host names allowed: " + String.join(", ", server.allowedHosts()) + ".");
        }
        for (ReviewRuns.Run run : found) {
            var corrections = run.folder().corrections();
            for (var status : corrections.state(run.folder().trajectories().read()).all()) {
                if (status.standing() != org.rlanything.run.Corrections.Standing.IN_FORCE) {
                    out.println(
                            corrections.file()
                                    + ", line "
                                    + status.line()
                                    + ": "
                                    + status.reason());
                }
            }
        }
        out.println(
                "Corrections go to RUN/corrections.jsonl of the run corrected. Stop with Ctrl-C.");
        out.flush();
        stopped.await();
        return 0;
    }
}
