package org.rlanything.pddl.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.Limits;
import org.rlanything.pddl.plan.PlanResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything pddl inspect DOMAIN PROBLEM}: the first observation, the admissible commands
 * and the planner's plan length (and, with {@code --plan}, the plan).
 */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description =
                "Prints a PDDL problem's first observation, its admissible commands and the planner's plan length.")
public final class InspectCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DOMAIN", description = "The domain file.")
    private Path domainFile;

    @Parameters(index = "1", paramLabel = "PROBLEM", description = "The problem file.")
    private Path problemFile;

    @Option(names = "--plan", description = "Also print the plan.")
    private boolean showPlan;

    @Option(
            names = "--nodes",
            defaultValue = "20000",
            description =
                    "The A* bound in evaluated states before greedy search (default ${DEFAULT-VALUE}).")
    private long nodes;

    @Option(
            names = "--greedy-nodes",
            defaultValue = "200000",
            description =
                    "The greedy search's bound in evaluated states (default ${DEFAULT-VALUE}).")
    private long greedyNodes;

    @Option(
            names = "--seconds",
            defaultValue = "60",
            description = "Wall-clock bound of each search (default ${DEFAULT-VALUE}).")
    private long seconds;

    @Override
    public Integer call() throws IOException {
        if (seconds < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--seconds (" + seconds + ") must be >= 1.");
        }
        Domain domain = DomainReader.read(domainFile);
        PddlTask task =
                PddlTask.of(
                        problemFile.getFileName().toString(),
                        problemFile.toString(),
                        ProblemReader.read(problemFile, domain),
                        domain);
        PddlEnvironment environment =
                new PddlEnvironment(
                        domain,
                        1000,
                        false,
                        new Limits(nodes, seconds * 1000),
                        new Limits(greedyNodes, seconds * 1000));
        PrintWriter out = spec.commandLine().getOut();
        GroundTask ground;
        try {
            ground = environment.compile(task).ground();
        } catch (org.rlanything.core.BadInputException e) {
            throw new org.rlanything.core.BadInputException(problemFile + ": " + e.getMessage(), e);
        }
        out.printf(
                "%s: %d objects, %d fluent facts, %d static facts, %d grounded actions%n%n",
                task.id(),
                task.problem().objects().size(),
                ground.facts().size(),
                ground.staticFacts().size(),
                ground.actions().size());
        try (PddlSession session = environment.startSession(task, 1000)) {
            out.println(session.observation());
            out.println();
            out.println("Admissible commands (" + session.admissibleActions().size() + "):");
            for (String command : session.admissibleActions()) {
                out.println("  " + command);
            }
        }
        long start = System.nanoTime();
        PlanResult plan = environment.compile(task).initialPlan();
        double took = (System.nanoTime() - start) / 1e9;
        out.println();
        switch (plan.status()) {
            case SOLVED ->
                    out.printf(
                            "Planner: plan of %d steps (%s), %d states evaluated, %.2f s%n",
                            plan.length(),
                            plan.optimal() ? "shortest" : "not shown shortest",
                            plan.expanded(),
                            took);
            case UNSOLVABLE -> out.printf("Planner: the goal is unreachable (%.2f s)%n", took);
            case LIMIT ->
                    out.printf(
                            "Planner: no plan within the bounds (%d states, %.2f s)%n",
                            plan.expanded(), took);
        }
        if (showPlan && plan.solved()) {
            for (int a : plan.actions()) {
                out.println("  " + ground.actions().get(a).command());
            }
        }
        out.flush();
        return 0;
    }
}
