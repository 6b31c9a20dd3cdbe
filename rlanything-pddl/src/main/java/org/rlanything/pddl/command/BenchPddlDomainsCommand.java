package org.rlanything.pddl.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.pddl.plan.Limits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench pddl-domains}: for every domain folder under a root (default the shared
 * {@code pddl} data), whether its smallest problem loads and the planner solves it within the
 * stated time, or the one-line refusal; a Markdown table.
 */
@Command(
        name = "pddl-domains",
        mixinStandardHelpOptions = true,
        description =
                "For each PDDL domain folder: its smallest problem read, grounded and solved by the planner within"
                        + " the stated time (the plan replayed to the goal), or the refusal naming the construct;"
                        + " prints a Markdown table.")
public final class BenchPddlDomainsCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec private CommandSpec spec;

    @Option(
            names = "--root",
            paramLabel = "DIR",
            description =
                    "Folder of domain folders (default: shared/data/pddl found above the working directory).")
    private Path root;

    @Option(
            names = "--seconds",
            defaultValue = "60",
            description = "Time bound of each search, A* then greedy (default ${DEFAULT-VALUE}).")
    private long seconds;

    @Option(
            names = "--nodes",
            defaultValue = "20000",
            description = "A* bound in evaluated states (default ${DEFAULT-VALUE}).")
    private long nodes;

    @Option(
            names = "--greedy-nodes",
            defaultValue = "1000000",
            description = "Greedy search bound in evaluated states (default ${DEFAULT-VALUE}).")
    private long greedyNodes;

    @Override
    public Integer call() throws IOException {
        if (seconds < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--seconds (" + seconds + ") must be >= 1.");
        }
        Path folder = root != null ? root : findShared();
        List<DomainSurvey.Row> rows =
                DomainSurvey.survey(
                        folder,
                        new Limits(nodes, seconds * 1000),
                        new Limits(greedyNodes, seconds * 1000));
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "Smallest problem of each domain under %s; A* (%d states), then weighted A* (5 times as many), then"
                        + " greedy search (%d states), each bounded by %d s.%n%n",
                folder.getFileName(),
                nodes,
                greedyNodes,
                seconds);
        out.println(
                "| domain | problems | smallest | outcome | facts | actions | plan length | time (s) | CPU (s) | requirements or refusal |");
        out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (DomainSurvey.Row r : rows) {
            out.printf(
                    Locale.ROOT,
                    "| %s | %d | %s | %s | %d | %d | %s | %.2f | %.2f | %s |%n",
                    r.domain(),
                    r.problems(),
                    r.smallest(),
                    r.outcome(),
                    r.facts(),
                    r.actions(),
                    r.planLength() < 0 ? "-" : r.planLength() + (r.optimal() ? " (shortest)" : ""),
                    r.millis() / 1000.0,
                    r.cpuMillis() / 1000.0,
                    r.note()
                            .replace(root == null ? folder.toString() + "/" : "", "")
                            .replace("|", "\\|"));
        }
        out.flush();
        return 0;
    }

    private static Path findShared() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("data").resolve("pddl");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new org.rlanything.core.BadInputException(
                "No shared/data/pddl folder was found above "
                        + Paths.get("").toAbsolutePath()
                        + "; name one with --root DIR.");
    }
}
