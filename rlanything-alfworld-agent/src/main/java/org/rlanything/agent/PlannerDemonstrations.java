package org.rlanything.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.Action;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepResult;
import org.rlanything.core.Trajectory;

/**
 * Planner demonstrations with injected noise (the DART recipe): in every visited state the
 * demonstrator's next command ({@link SearchingExpert}: the planner, restrained to what the agent
 * has seen) is recorded as the imitation target, and the command actually executed is the
 * planner's, or, with probability {@code noise}, a uniformly random admissible command. The noise
 * visits states off the optimal path, so the cloned policy also learns how the planner recovers
 * from them; the executed steps, labelled GOOD/BAD by the planner (did the step shorten the
 * remaining optimal plan?), are the reward model's warm-start data.
 *
 * <p>Everything is a function of the seed, the prior and the game order.
 *
 * @param targets one (context, planner command) pair per visited state
 * @param trajectories the executed episodes, one per game, with the planner's step labels
 */
public record PlannerDemonstrations(List<Target> targets, List<Trajectory> trajectories) {

    private static final long DEMO = Seeds.purpose("agent/demonstrations");

    /** One imitation target: what the policy saw and the planner's command there. */
    public record Target(PolicyContext context, String command) {}

    public PlannerDemonstrations {
        targets = List.copyOf(targets);
        trajectories = List.copyOf(trajectories);
    }

    /**
     * Plays each game once under the planner with {@code noise}, for at most {@code maxSteps}
     * steps.
     *
     * @param seed seeds the noise (episode i draws from {@code (seed, "agent/demonstrations", i)})
     */
    public static PlannerDemonstrations collect(
            List<AlfworldTask> games,
            SearchingExpert.Prior prior,
            double noise,
            int maxSteps,
            long seed) {
        if (!(noise >= 0 && noise <= 1)) {
            throw new IllegalArgumentException(
                    "The demonstration noise (" + noise + ") must be in [0, 1].");
        }
        List<Target> targets = new ArrayList<>();
        List<Trajectory> trajectories = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            AlfworldTask task = games.get(i);
            AlfworldGame game = task.game();
            RandomGenerator rng = Seeds.rng(seed, DEMO, i);
            SearchingExpert.Episode demonstrator = new SearchingExpert(game, prior).start();
            List<Step> steps = new ArrayList<>();
            try (AlfworldSession session = AlfworldSession.start(game, maxSteps, true)) {
                demonstrator.observe(session.observation());
                while (!session.done()) {
                    String observation = session.observation();
                    List<String> admissible = session.admissibleActions();
                    Optional<String> next = demonstrator.next(session.state(), admissible);
                    if (next.isEmpty()) {
                        break;
                    }
                    String expert = next.get();
                    if (!admissible.contains(expert)) {
                        throw new IllegalStateException(
                                "The planner's command '"
                                        + expert
                                        + "' is not admissible in "
                                        + game.source()
                                        + ".");
                    }
                    targets.add(
                            new Target(
                                    new PolicyContext(task, steps, observation, admissible),
                                    expert));
                    String command =
                            rng.nextDouble() < noise
                                    ? admissible.get(rng.nextInt(admissible.size()))
                                    : expert;
                    StepResult result = session.step(command);
                    demonstrator.executed(command);
                    demonstrator.observe(result.observation());
                    steps.add(
                            new Step(
                                    steps.size(),
                                    observation,
                                    admissible,
                                    new Action(command, " " + command, 0.0, null),
                                    result.observation(),
                                    result.label()));
                }
                trajectories.add(new Trajectory(task, 0, steps, session.won()));
            }
        }
        return new PlannerDemonstrations(targets, trajectories);
    }

    /**
     * DAgger labels: replays each of the policy's {@code trajectories} and records, in every state
     * it visited, the demonstrator's command there (the demonstrator remembers what the policy saw
     * and did). The returned trajectories are the policy's own (for the reward model's warm start).
     */
    public static PlannerDemonstrations relabel(
            List<Trajectory> trajectories, SearchingExpert.Prior prior, int maxSteps) {
        List<Target> targets = new ArrayList<>();
        for (Trajectory trajectory : trajectories) {
            AlfworldTask task = (AlfworldTask) trajectory.task();
            SearchingExpert.Episode demonstrator = new SearchingExpert(task.game(), prior).start();
            try (AlfworldSession session =
                    AlfworldSession.start(task.game(), Math.max(maxSteps, trajectory.length()))) {
                demonstrator.observe(session.observation());
                for (Step step : trajectory.steps()) {
                    if (session.done()) {
                        break;
                    }
                    List<String> admissible = session.admissibleActions();
                    Optional<String> next = demonstrator.next(session.state(), admissible);
                    if (next.isPresent()) {
                        targets.add(
                                new Target(
                                        new PolicyContext(
                                                task,
                                                trajectory.steps().subList(0, step.index()),
                                                session.observation(),
                                                admissible),
                                        next.get()));
                    }
                    StepResult result = session.step(step.action().command());
                    demonstrator.executed(step.action().command());
                    demonstrator.observe(result.observation());
                }
            }
        }
        return new PlannerDemonstrations(targets, trajectories);
    }

    /** These demonstrations followed by {@code other}'s. */
    public PlannerDemonstrations plus(PlannerDemonstrations other) {
        List<Target> t = new ArrayList<>(targets);
        t.addAll(other.targets);
        List<Trajectory> j = new ArrayList<>(trajectories);
        j.addAll(other.trajectories);
        return new PlannerDemonstrations(t, j);
    }
}
