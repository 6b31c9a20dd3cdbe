package org.rlanything.core.imitation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Environment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.Demonstrator;

/**
 * Imitation of an environment's solver before RL, for any policy kind that is {@link Imitable}:
 * behaviour cloning, then DAgger rounds, with the clone measured after each round.
 *
 * <h2>How and why</h2>
 *
 * <ol>
 *   <li><b>Round 0, cloning.</b> The demonstrator plays {@code episodes} episodes of each sample
 *       task, a uniformly drawn command taking its place with probability {@code explore}; every
 *       state where it has a command is a target. The drawn commands put states off the solver's
 *       path in the data, but only where the draws lead.
 *   <li><b>Rounds 1..R, DAgger</b> (Ross, Gordon and Bagnell, 2011). The clone plays the same tasks
 *       with fresh seeds and the demonstrator labels every state the clone reaches; the labels join
 *       the data and the clone trains on all of it. A cloned policy fails on the states its own
 *       mistakes lead to, which the demonstrator's episodes never show; this is the part of
 *       ALFWorld's pipeline that lifted its clone most, done here for any environment.
 *   <li><b>Stopping.</b> After each round the clone plays the validation tasks (pool tasks outside
 *       the sample, never the run's held-out tasks), always with the same seeds, so rounds are
 *       compared on the same episodes, and the demonstrator names its command in every state the
 *       clone reaches there (nothing of it joins the data). Rounds go on while the clone gets
 *       better: a higher success, or the same success with more of its commands the demonstrator's
 *       (success alone can stay flat for a round while the clone learns the states its mistakes
 *       lead to); the first round that is not better is undone (the best round's weights come back)
 *       and ends the imitation.
 * </ol>
 *
 * The demonstrator alone plays the validation episodes too: its success there is the figure the
 * clone is read against. Everything is played in-process with {@link LockstepRollouts}, so the data
 * come in a deterministic order and every random choice derives from {@code seed}.
 */
public final class Imitation {

    private static final long SAMPLE = Seeds.purpose("imitation/sample");
    private static final long PLAY = Seeds.purpose("imitation/play");
    private static final long VALIDATE = Seeds.purpose("imitation/validate");
    private static final long TRAIN = Seeds.purpose("imitation/train");

    /**
     * The imitation's sizes.
     *
     * @param tasks pool tasks the demonstrator and the clone play
     * @param episodes episodes per task and round
     * @param explore the probability of a drawn command in round 0
     * @param rounds the most DAgger rounds after cloning (0: cloning alone)
     * @param validationTasks pool tasks the clone is measured on (the sample's own, with other
     *     seeds, where the pool holds no more)
     * @param validationEpisodes episodes per validation task
     * @param maxSteps H of every episode played
     */
    public record Settings(
            int tasks,
            int episodes,
            double explore,
            int rounds,
            int validationTasks,
            int validationEpisodes,
            int maxSteps) {
        public Settings {
            if (tasks < 1
                    || episodes < 1
                    || rounds < 0
                    || validationTasks < 1
                    || validationEpisodes < 1
                    || maxSteps < 1) {
                throw new IllegalArgumentException(
                        "imitation sizes out of range: "
                                + tasks
                                + " tasks, "
                                + episodes
                                + " episodes, "
                                + rounds
                                + " rounds, "
                                + validationTasks
                                + " x "
                                + validationEpisodes
                                + " validation episodes, "
                                + maxSteps
                                + " steps");
            }
            if (!(explore >= 0 && explore <= 1)) {
                throw new IllegalArgumentException("explore must be in [0, 1], got " + explore);
            }
        }
    }

    /**
     * One round: the data after it, the fit, and the clone on the validation episodes.
     *
     * @param round 0 for cloning, then the DAgger round
     * @param demonstrations the targets gathered so far
     * @param fit what training did
     * @param validationSuccess the clone's success on the validation episodes after the round
     * @param validationAgreement the fraction of the clone's commands on those episodes that were
     *     the demonstrator's in the same states
     */
    public record Round(
            int round,
            int demonstrations,
            Imitable.ImitationFit fit,
            double validationSuccess,
            double validationAgreement) {

        /** Whether this round's clone is better than {@code other}'s: success, then agreement. */
        boolean beats(Round other) {
            if (validationSuccess != other.validationSuccess) {
                return validationSuccess > other.validationSuccess;
            }
            return validationAgreement > other.validationAgreement;
        }
    }

    /**
     * What the imitation did.
     *
     * @param rounds every round, in order
     * @param kept the round whose weights the policy holds at the end
     * @param demonstratorSuccess the demonstrator's own success on the validation episodes
     * @param validationEpisodes episodes behind each success figure
     * @param demonstrations every target gathered
     * @param played every episode of the gathering rounds (the judge's warm start reads them)
     * @param seconds wall time
     */
    public record Result(
            List<Round> rounds,
            int kept,
            double demonstratorSuccess,
            int validationEpisodes,
            List<Demonstration> demonstrations,
            List<Trajectory> played,
            double seconds) {

        /** The kept round's validation success. */
        public double cloneSuccess() {
            return rounds.get(kept).validationSuccess();
        }

        /** One line for the log. */
        public String summary() {
            StringBuilder curve = new StringBuilder();
            for (Round r : rounds) {
                curve.append(curve.length() == 0 ? "" : " -> ")
                        .append(String.format("%.3f", r.validationSuccess()));
            }
            return String.format(
                    "imitation: %d demonstrations; clone's validation success by round %s (kept"
                            + " round %d: %.3f, the demonstrator's command in %.3f of its states),"
                            + " the demonstrator's %.3f on the same %d episodes; %.1f s",
                    demonstrations.size(),
                    curve,
                    kept,
                    cloneSuccess(),
                    rounds.get(kept).validationAgreement(),
                    demonstratorSuccess,
                    validationEpisodes,
                    seconds);
        }
    }

    private Imitation() {}

    /**
     * Imitates {@code demonstrator} on {@code pool}'s tasks with {@code learner} (a policy that is
     * {@link Imitable} and {@link Checkpointable}); {@code log} gets a line per round.
     */
    public static <P extends Policy & Imitable & Checkpointable> Result run(
            Environment environment,
            List<Task> pool,
            Demonstrator demonstrator,
            P learner,
            Settings settings,
            long seed,
            Consumer<String> log) {
        return run(environment, pool, demonstrator, learner, List.of(), settings, seed, log);
    }

    /**
     * {@link #run(Environment, List, Demonstrator, Policy, Settings, long, Consumer)} whose round 0
     * clones {@code gathered} (demonstrations a caller has played already, for instance while it
     * gathered the text its model's tokenizer is made from) instead of playing the demonstrator
     * again; where {@code gathered} is empty, round 0 plays as usual.
     */
    public static <P extends Policy & Imitable & Checkpointable> Result run(
            Environment environment,
            List<Task> pool,
            Demonstrator demonstrator,
            P learner,
            List<Demonstration> gathered,
            Settings settings,
            long seed,
            Consumer<String> log) {
        long started = System.nanoTime();
        List<Task> shuffled = order(pool, seed);
        List<Task> sample = shuffled.subList(0, Math.min(settings.tasks(), shuffled.size()));
        List<Task> rest = shuffled.subList(sample.size(), shuffled.size());
        List<Task> validation =
                (rest.isEmpty() ? sample : rest)
                        .subList(
                                0,
                                Math.min(
                                        settings.validationTasks(),
                                        (rest.isEmpty() ? sample : rest).size()));
        LockstepRollouts engine = new LockstepRollouts();
        List<RolloutRequest> validationRequests =
                requests(validation, settings.validationEpisodes(), Seeds.derive(seed, VALIDATE));
        double demonstratorSuccess =
                success(
                        engine.rollOut(
                                validationRequests,
                                DemonstratorPolicy.baseline(demonstrator),
                                environment,
                                settings.maxSteps()));

        List<Demonstration> data = new ArrayList<>(gathered);
        List<Trajectory> played = new ArrayList<>();
        if (gathered.isEmpty()) {
            played.addAll(
                    engine.rollOut(
                            requests(sample, settings.episodes(), Seeds.derive(seed, PLAY, 0)),
                            DemonstratorPolicy.exploring(demonstrator, settings.explore(), data),
                            environment,
                            settings.maxSteps()));
        }
        List<Round> rounds = new ArrayList<>();
        Path best = null;
        int kept = 0;
        try {
            for (int round = 0; round <= settings.rounds(); round++) {
                if (round > 0) {
                    played.addAll(
                            engine.rollOut(
                                    requests(
                                            sample,
                                            settings.episodes(),
                                            Seeds.derive(seed, PLAY, round)),
                                    DemonstratorPolicy.labelling(demonstrator, learner, data),
                                    environment,
                                    settings.maxSteps()));
                }
                if (data.isEmpty()) {
                    log.accept("imitation: the demonstrator gave no command; nothing to clone");
                    break;
                }
                Imitable.ImitationFit fit =
                        learner.imitate(List.copyOf(data), Seeds.rng(seed, TRAIN, round));
                DemonstratorPolicy checked =
                        DemonstratorPolicy.labelling(demonstrator, learner, new ArrayList<>());
                double success =
                        success(
                                engine.rollOut(
                                        validationRequests,
                                        checked,
                                        environment,
                                        settings.maxSteps()));
                Round done = new Round(round, data.size(), fit, success, checked.agreement());
                rounds.add(done);
                log.accept(
                        String.format(
                                "imitation round %d: %d demonstrations, %d steps (loss %.3f);"
                                        + " validation success %.3f (the demonstrator's %.3f),"
                                        + " the demonstrator's command in %.3f of the clone's"
                                        + " states",
                                round,
                                data.size(),
                                fit.steps(),
                                fit.loss(),
                                success,
                                demonstratorSuccess,
                                checked.agreement()));
                if (round == 0 || done.beats(rounds.get(kept))) {
                    kept = round;
                    best = snapshot(learner, best);
                } else {
                    learner.loadFrom(best);
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("imitation: cannot keep the best round's weights", e);
        } finally {
            delete(best);
        }
        if (rounds.isEmpty()) {
            rounds.add(
                    new Round(
                            0,
                            0,
                            new Imitable.ImitationFit(0, Double.NaN, Double.NaN),
                            success(
                                    engine.rollOut(
                                            validationRequests,
                                            learner,
                                            environment,
                                            settings.maxSteps())),
                            Double.NaN));
        }
        return new Result(
                List.copyOf(rounds),
                kept,
                demonstratorSuccess,
                validationRequests.size(),
                List.copyOf(data),
                List.copyOf(played),
                (System.nanoTime() - started) / 1e9);
    }

    /**
     * The pool in the seeded order {@link #run} reads it in: the first {@code tasks} are the
     * sample, the next {@code validationTasks} the validation tasks (a caller that gathers round
     * 0's demonstrations itself plays the same sample).
     */
    public static List<Task> order(List<Task> pool, long seed) {
        List<Task> shuffled = new ArrayList<>(pool);
        RandomGenerator rng = Seeds.rng(seed, SAMPLE);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            Collections.swap(shuffled, i, rng.nextInt(i + 1));
        }
        return shuffled;
    }

    private static List<RolloutRequest> requests(List<Task> tasks, int episodes, long seed) {
        List<RolloutRequest> requests = new ArrayList<>();
        for (int t = 0; t < tasks.size(); t++) {
            for (int e = 0; e < episodes; e++) {
                requests.add(new RolloutRequest(tasks.get(t), e, Seeds.derive(seed, t, e)));
            }
        }
        return requests;
    }

    private static double success(List<Trajectory> played) {
        return played.isEmpty()
                ? 0
                : played.stream().filter(Trajectory::won).count() / (double) played.size();
    }

    /** Saves the learner into a fresh temporary folder and removes the previous one. */
    private static Path snapshot(Checkpointable learner, Path previous) throws IOException {
        Path folder = Files.createTempDirectory("rlanything-imitation");
        learner.saveTo(folder);
        delete(previous);
        return folder;
    }

    private static void delete(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
