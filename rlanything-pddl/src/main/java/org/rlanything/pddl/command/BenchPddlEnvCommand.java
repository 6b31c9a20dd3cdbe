package org.rlanything.pddl.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.rlanything.core.StepLabel;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.env.ProblemFiles;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.Planner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench pddl-env}: pddl environment steps per second on the calling thread, as
 * {@code bench env} measures ALFWorld's (random admissible commands; observation and admissible
 * list at every step), without and with the planner's step labels. For a strict one-core figure,
 * pin the process (e.g. {@code taskset -c 0}).
 */
@Command(
        name = "pddl-env",
        mixinStandardHelpOptions = true,
        description =
                "Measures pddl environment steps per second on one thread (random admissible commands,"
                        + " observation and admissible list every step), without and with the planner's step labels.")
public final class BenchPddlEnvCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec private CommandSpec spec;

    @Option(
            names = "--problems",
            paramLabel = "GLOB",
            description =
                    "Problem files, a folder or a glob (default: the 4- to 6-block problems of"
                            + " shared/data/pddl/blocks found above the working directory).")
    private String problems;

    @Option(
            names = "--seconds",
            defaultValue = "5",
            description = "Measured seconds (default ${DEFAULT-VALUE}).")
    private double seconds;

    @Option(
            names = "--warmup",
            defaultValue = "3",
            description = "Warm-up seconds (default ${DEFAULT-VALUE}).")
    private double warmup;

    @Option(
            names = "--max-steps",
            defaultValue = "50",
            description = "Episode step limit (default ${DEFAULT-VALUE}).")
    private int maxSteps;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Seed of the random commands (default ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() throws IOException {
        if (seconds <= 0 || warmup < 0 || maxSteps < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--seconds must be > 0, --warmup >= 0 and --max-steps >= 1.");
        }
        List<Path> files = ProblemFiles.find(problems != null ? problems : defaultProblems());
        if (files.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "No problem file matches " + problems + ".");
        }
        Domain domain = DomainReader.read(ProblemFiles.domainOf(files.get(0), null));
        List<PddlTask> tasks = new ArrayList<>();
        for (Path f : files) {
            tasks.add(
                    PddlTask.of(
                            f.getFileName().toString(),
                            f.toString(),
                            ProblemReader.read(f, domain),
                            domain));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "problems: %d (%s ...), domain %s%n",
                tasks.size(),
                files.get(0).getFileName(),
                domain.name());
        for (boolean labels : new boolean[] {false, true}) {
            PddlEnvironment env =
                    new PddlEnvironment(
                            domain,
                            maxSteps,
                            labels,
                            Planner.DEFAULT_OPTIMAL,
                            Planner.DEFAULT_SATISFICING);
            for (PddlTask t : tasks) {
                env.compile(t); // grounding is done once per task, outside the measurement
            }
            play(env, tasks, warmup, new SplittableRandom(seed ^ 0x5DEECE66DL));
            long[] r = play(env, tasks, seconds, new SplittableRandom(seed));
            double s = r[4] / 1e9;
            out.printf(
                    Locale.ROOT,
                    "env steps/second (1 thread, random admissible commands, observation + admissible list every step%s): %.0f%n",
                    labels ? ", planner step labels" : "",
                    r[0] / s);
            out.printf(
                    Locale.ROOT,
                    "  %d steps, %d episodes (%d won by chance), %d labelled GOOD, in %.2f s after %.1f s warm-up%n",
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    s,
                    warmup);
        }
        out.flush();
        return 0;
    }

    /** {steps, episodes, wins, good labels, nanos}. */
    private static long[] play(
            PddlEnvironment env, List<PddlTask> tasks, double seconds, SplittableRandom random) {
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        long steps = 0;
        long episodes = 0;
        long wins = 0;
        long good = 0;
        long checksum = 0;
        int next = 0;
        while (System.nanoTime() < deadline) {
            PddlTask task = tasks.get(next);
            next = (next + 1) % tasks.size();
            try (PddlSession session = env.startSession(task, env.maxSteps())) {
                episodes++;
                checksum += session.observation().length();
                while (!session.done()) {
                    List<String> commands = session.admissibleActions();
                    checksum += commands.size();
                    var result = session.step(commands.get(random.nextInt(commands.size())));
                    checksum += result.observation().length();
                    good += result.label() == StepLabel.GOOD ? 1 : 0;
                    steps++;
                }
                wins += session.won() ? 1 : 0;
            }
        }
        return new long[] {
            steps, episodes, wins, good, System.nanoTime() - start + (checksum == 42 ? 1 : 0)
        };
    }

    private static String defaultProblems() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate =
                    dir.resolve("shared").resolve("data").resolve("pddl").resolve("blocks");
            if (Files.isDirectory(candidate)) {
                return candidate.resolve("probBLOCKS-[4-6]-*.pddl").toString();
            }
        }
        throw new org.rlanything.core.BadInputException(
                "No shared/data/pddl/blocks folder was found above "
                        + Paths.get("").toAbsolutePath()
                        + "; name problems with --problems.");
    }
}
