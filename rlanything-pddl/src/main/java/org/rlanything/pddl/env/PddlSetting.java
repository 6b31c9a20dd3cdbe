package org.rlanything.pddl.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.rlanything.core.Seeds;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.Limits;

/**
 * What an {@code environment.kind: pddl} section names, read: the domain, the training pool (the
 * smallest training problems, filled up with generated ones) and the held-out problems.
 *
 * @param environment the environment of the domain
 * @param pool the training tasks, one per slot
 * @param heldOut the held-out tasks
 */
public record PddlSetting(
        PddlEnvironment environment, List<PddlTask> pool, List<PddlTask> heldOut) {

    public PddlSetting {
        pool = List.copyOf(pool);
        heldOut = List.copyOf(heldOut);
    }

    /**
     * Reads the setting of {@code config}; random choices (generated problems) come from {@code
     * seed}.
     */
    public static PddlSetting load(PddlEnvironmentConfig config, long seed, Consumer<String> log)
            throws IOException {
        if (config.domain() == null && config.problems() == null) {
            throw new org.rlanything.core.BadInputException(
                    "environment.domain or environment.problems must name the PDDL domain file or its problems.");
        }
        List<Path> heldOutFiles =
                config.heldOut() == null ? List.of() : ProblemFiles.find(config.heldOut());
        Set<Path> excluded = new HashSet<>();
        heldOutFiles.forEach(p -> excluded.add(p.toAbsolutePath().normalize()));
        String spec =
                config.problems() != null
                        ? config.problems()
                        : parentOf(Path.of(config.domain())).toString();
        List<Path> training = new ArrayList<>();
        for (Path p : ProblemFiles.find(spec)) {
            if (!excluded.contains(p.toAbsolutePath().normalize())) {
                training.add(p);
            }
        }
        if (training.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "environment.problems: no training problem in "
                            + spec
                            + " (held-out ones left out).");
        }
        training.sort(Comparator.comparingLong(PddlSetting::size).thenComparing(Path::toString));
        Path domainFile =
                config.domain() != null
                        ? Path.of(config.domain())
                        : ProblemFiles.domainOf(training.get(0), null);
        if (!Files.isRegularFile(domainFile)) {
            throw new org.rlanything.core.BadInputException(
                    "environment.domain: no file " + domainFile + ".");
        }
        Domain domain = DomainReader.read(domainFile);
        String domainText = Files.readString(domainFile, StandardCharsets.UTF_8);
        PddlEnvironment environment =
                new PddlEnvironment(
                        domain,
                        config.maxSteps(),
                        config.labelSteps(),
                        new Limits(config.plannerNodes(), 0),
                        new Limits(config.greedyNodes(), 0),
                        config.exactStates());
        List<PddlTask> pool = new ArrayList<>();
        for (Path file : training.subList(0, Math.min(config.poolSize(), training.size()))) {
            pool.add(
                    requirePlayable(environment, read(file, domain, domainFile, domainText), file));
        }
        List<PddlTask> heldOut = new ArrayList<>();
        for (Path file : heldOutFiles) {
            heldOut.add(
                    requirePlayable(environment, read(file, domain, domainFile, domainText), file));
        }
        fill(environment, pool, config.poolSize(), config.generateWalk(), seed, log);
        return new PddlSetting(environment, pool, heldOut);
    }

    /**
     * Reads one problem file against the run's domain; a domain file beside it, if there is one,
     * must be the same text (a problem folder of its own needs none).
     */
    static PddlTask read(Path file, Domain domain, Path domainFile, String domainText)
            throws IOException {
        Path own = ProblemFiles.besideOf(file).orElse(domainFile);
        if (!own.toAbsolutePath().normalize().equals(domainFile.toAbsolutePath().normalize())
                && !Files.readString(own, StandardCharsets.UTF_8).equals(domainText)) {
            throw new org.rlanything.core.BadInputException(
                    file
                            + ": its domain file "
                            + own
                            + " differs from the run's domain "
                            + domainFile
                            + ".");
        }
        Problem problem = ProblemReader.read(file, domain);
        String name = file.getFileName().toString();
        String id = name.endsWith(".pddl") ? name.substring(0, name.length() - 5) : name;
        return PddlTask.of(id, file.getFileName().toString(), problem, domain);
    }

    /**
     * Returns {@code task} of {@code file} when an episode of it can be won and is not won before
     * its first step; refuses, naming the file, a problem too large to ground, one whose goal holds
     * in its initial state (an empty goal: every episode a success with nothing learned) and one
     * whose goal the relaxation cannot reach (no episode can be won: every episode a failure).
     */
    static PddlTask requirePlayable(PddlEnvironment environment, PddlTask task, Path file) {
        CompiledTask compiled;
        try {
            compiled = environment.compile(task);
        } catch (org.rlanything.core.BadInputException e) {
            throw new org.rlanything.core.BadInputException(file + ": " + e.getMessage(), e);
        }
        var ground = compiled.ground();
        if (ground.isGoal(ground.init())) {
            throw new org.rlanything.core.BadInputException(
                    file
                            + ": the goal already holds in the initial state (an empty goal?), so"
                            + " every episode is won before its first step; give the problem a goal.");
        }
        if (ground.goal() instanceof org.rlanything.pddl.ground.GroundCondition.Constant never
                        && !never.value()
                || compiled.hFF(ground.init()) == org.rlanything.pddl.plan.Relaxation.INFINITE) {
            throw new org.rlanything.core.BadInputException(
                    file
                            + ": the goal cannot be reached from the initial state (not even with"
                            + " delete effects ignored), so no episode can be won.");
        }
        return task;
    }

    /**
     * Fills the pool up to {@code size} with generated problems: a training problem (in turn)
     * started after 1 to {@code walk} random steps, kept when the environment verifies it.
     */
    private static void fill(
            PddlEnvironment environment,
            List<PddlTask> pool,
            int size,
            int walk,
            long seed,
            Consumer<String> log) {
        int originals = pool.size();
        int made = 0;
        for (int attempt = 0; pool.size() < size && attempt < 20 * size; attempt++) {
            PddlTask base = pool.get(attempt % originals);
            RandomGenerator rng = Seeds.rng(seed, Seeds.purpose("pddl-generate"), attempt);
            CompiledTask compiled = environment.compile(base);
            var state =
                    PddlRewriter.walk(
                            compiled.ground(),
                            compiled.ground().init(),
                            1 + rng.nextInt(walk),
                            rng);
            Problem problem = PddlRewriter.withInit(base.problem(), compiled.ground(), state);
            String id = base.id() + "/generated-" + attempt;
            PddlTask task =
                    PddlTask.of(
                            id,
                            "generated from " + base.id(),
                            problem.with(
                                    problem.name() + "-g" + attempt,
                                    problem.init(),
                                    problem.goal()),
                            environment.domain());
            if (pool.stream()
                            .noneMatch(
                                    t ->
                                            t.problem().init().equals(task.problem().init())
                                                    && t.problem()
                                                            .goal()
                                                            .equals(task.problem().goal()))
                    && environment.verify(task).valid()) {
                pool.add(task);
                made++;
            }
        }
        if (made > 0 || pool.size() < size) {
            log.accept(
                    "pddl: "
                            + originals
                            + " training problems, "
                            + made
                            + " generated"
                            + (pool.size() < size
                                    ? " (the pool holds " + pool.size() + " of " + size + ")"
                                    : ""));
        }
    }

    private static Path parentOf(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
