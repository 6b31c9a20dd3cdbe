package org.rlanything.neural.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.Demonstrator;

/**
 * Episodes an environment plays for its generic starting models ({@link GenericWarmStart}): on each
 * sampled task, the demonstrator's command with probability 1 − {@code explore} and a uniformly
 * drawn admissible command otherwise (without a demonstrator, always a drawn one), so the episodes
 * reach states off the solver's path as well. Every state where the demonstrator has a command is a
 * behaviour-cloning target (states reached by exploring too: the clone learns to recover); every
 * step taken is a judged step, GOOD or BAD by the environment's step label (the restrained one
 * where present) or, without labels, by whether it was the demonstrator's command; steps with
 * neither are left out.
 *
 * @param targets the (state, demonstrator's command) pairs
 * @param judged the judged steps with their verdicts
 * @param trajectories every episode played (their text fits the tokenizer)
 */
record EnvironmentPlay(List<Target> targets, List<Judged> judged, List<Trajectory> trajectories) {

    /** A behaviour-cloning target: the policy's view and the demonstrator's command there. */
    record Target(PolicyContext context, String command) {}

    /** A judged step and whether it is GOOD. */
    record Judged(JudgeRequest request, boolean good) {}

    private static final long EPISODES = Seeds.purpose("generic/warm-start/episodes");

    /**
     * Plays {@code episodes} episodes of each task in {@code tasks} (at most {@code maxSteps} steps
     * each) with {@code demonstrator} (null for none); random choices come from {@code seed}.
     */
    static EnvironmentPlay collect(
            Environment environment,
            List<Task> tasks,
            Demonstrator demonstrator,
            int episodes,
            double explore,
            int maxSteps,
            long seed) {
        List<Target> targets = new ArrayList<>();
        List<Judged> judged = new ArrayList<>();
        List<Trajectory> trajectories = new ArrayList<>();
        for (int t = 0; t < tasks.size(); t++) {
            for (int e = 0; e < episodes; e++) {
                RandomGenerator rng = Seeds.rng(seed, EPISODES, t, e);
                Trajectory trajectory =
                        play(
                                environment,
                                tasks.get(t),
                                e,
                                demonstrator,
                                explore,
                                maxSteps,
                                rng,
                                targets,
                                judged);
                trajectories.add(trajectory);
            }
        }
        return new EnvironmentPlay(targets, judged, trajectories);
    }

    private static Trajectory play(
            Environment environment,
            Task task,
            int rollout,
            Demonstrator demonstrator,
            double explore,
            int maxSteps,
            RandomGenerator rng,
            List<Target> targets,
            List<Judged> judged) {
        List<Step> steps = new ArrayList<>();
        List<Boolean> demonstrated = new ArrayList<>();
        boolean won = false;
        try (EnvironmentSession session = environment.start(task, rng)) {
            while (!session.done() && steps.size() < maxSteps) {
                String observation = session.observation();
                List<String> admissible = List.copyOf(session.admissibleActions());
                Optional<String> demo =
                        demonstrator == null
                                ? Optional.empty()
                                : demonstrator.demonstration(session);
                PolicyContext context = new PolicyContext(task, steps, observation, admissible);
                demo.ifPresent(c -> targets.add(new Target(context, c)));
                String command;
                if (!admissible.isEmpty() && (demo.isEmpty() || rng.nextDouble() < explore)) {
                    command = admissible.get(rng.nextInt(admissible.size()));
                } else if (demo.isPresent()) {
                    command = demo.get();
                } else {
                    break; // free text and no demonstrator: nothing sensible to write
                }
                StepResult result = session.step(command);
                steps.add(
                        new Step(
                                steps.size(),
                                observation,
                                admissible,
                                new Action(command, command, 0.0, null),
                                result.observation(),
                                result.label(),
                                result.restrainedLabel()));
                demonstrated.add(demo.map(command::equals).orElse(null));
                won = result.won();
            }
        }
        Trajectory trajectory = new Trajectory(task, rollout, steps, won);
        for (Step step : steps) {
            StepLabel label =
                    step.restrainedLabel() != StepLabel.UNKNOWN
                            ? step.restrainedLabel()
                            : step.label();
            Boolean good =
                    label != StepLabel.UNKNOWN
                            ? Boolean.valueOf(label == StepLabel.GOOD)
                            : demonstrated.get(step.index());
            if (good != null) {
                judged.add(new Judged(new JudgeRequest(trajectory, step.index()), good));
            }
        }
        return trajectory;
    }
}
