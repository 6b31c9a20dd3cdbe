package org.rlanything.pddl.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.rlanything.pddl.env.ProblemFiles;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.Grounder;
import org.rlanything.pddl.ground.State;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.Limits;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;

/**
 * For each domain folder under a root: reads its smallest problem (by file size) with its domain,
 * grounds it, plans within a stated time and replays the plan to check that it reaches the goal; or
 * records the one-line refusal of a construct it does not support.
 */
public final class DomainSurvey {

    /**
     * One domain's row.
     *
     * @param domain the folder's name
     * @param problems its problem files
     * @param smallest the smallest problem's file name
     * @param outcome "solved", "refused", "unsolvable", "limit" or "error"
     * @param facts grounded fluent facts
     * @param actions grounded actions
     * @param planLength the plan's length (-1 when none)
     * @param optimal whether the plan is a shortest one
     * @param millis grounding and planning time (wall clock)
     * @param cpuMillis the same on the calling thread's CPU clock (what a loaded machine's wall
     *     clock hides)
     * @param note the refusal or error message, or the requirements
     */
    public record Row(
            String domain,
            int problems,
            String smallest,
            String outcome,
            int facts,
            int actions,
            int planLength,
            boolean optimal,
            long millis,
            long cpuMillis,
            String note) {}

    private DomainSurvey() {}

    /** The rows of every folder under {@code root}, by name. */
    public static List<Row> survey(Path root, Limits optimal, Limits satisficing)
            throws IOException {
        List<Path> folders;
        try (Stream<Path> list = Files.list(root)) {
            folders = list.filter(Files::isDirectory).sorted().toList();
        }
        List<Row> rows = new ArrayList<>();
        for (Path folder : folders) {
            List<Path> problems = ProblemFiles.find(folder.toString());
            if (problems.isEmpty()) {
                continue;
            }
            rows.add(row(folder, problems, optimal, satisficing));
        }
        return rows;
    }

    private static Row row(Path folder, List<Path> problems, Limits optimal, Limits satisficing)
            throws IOException {
        Path smallest =
                problems.stream()
                        .min(
                                Comparator.comparingLong(DomainSurvey::size)
                                        .thenComparing(Path::toString))
                        .orElseThrow();
        String name = folder.getFileName().toString();
        String file = smallest.getFileName().toString();
        long start = System.nanoTime();
        long cpuStart = cpu();
        try {
            Domain domain = DomainReader.read(ProblemFiles.domainOf(smallest, null));
            Problem problem = ProblemReader.read(smallest, domain);
            GroundTask task = Grounder.ground(domain, problem);
            PlanResult plan = new Planner(task, optimal, satisficing).solve(task.init());
            long millis = (System.nanoTime() - start) / 1_000_000;
            String outcome = plan.status().name().toLowerCase(Locale.ROOT);
            if (plan.solved()) {
                State s = task.init();
                for (int a : plan.actions()) {
                    if (!task.actions().get(a).applicable(s)) {
                        throw new IllegalStateException(
                                "the plan's action " + a + " does not apply");
                    }
                    s = task.actions().get(a).apply(s);
                }
                if (!task.isGoal(s)) {
                    throw new IllegalStateException("the plan does not reach the goal");
                }
            }
            return new Row(
                    name,
                    problems.size(),
                    file,
                    outcome,
                    task.facts().size(),
                    task.actions().size(),
                    plan.solved() ? plan.length() : -1,
                    plan.optimal(),
                    millis,
                    (cpu() - cpuStart) / 1_000_000,
                    String.join(" ", domain.requirements().stream().sorted().toList()));
        } catch (IllegalArgumentException e) {
            return new Row(
                    name,
                    problems.size(),
                    file,
                    "refused",
                    0,
                    0,
                    -1,
                    false,
                    (System.nanoTime() - start) / 1_000_000,
                    (cpu() - cpuStart) / 1_000_000,
                    e.getMessage());
        }
    }

    private static long cpu() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
