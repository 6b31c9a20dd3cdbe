package org.rlanything.core;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The in-process rollout engine: advances all episodes together, one policy call per step for the
 * whole batch of unfinished episodes, so a neural policy sees few large calls.
 *
 * <p>A trajectory ends when the environment reports done or after {@code maxSteps} steps (H). Each
 * episode's randomness comes from its request's seed, so the batch composition never changes a
 * result.
 */
public final class LockstepRollouts implements RolloutEngine {

    @Override
    public List<Trajectory> rollOut(
            List<RolloutRequest> requests, Policy policy, Environment environment, int maxSteps) {
        int count = requests.size();
        List<EnvironmentSession> sessions = new ArrayList<>(count);
        List<List<Step>> steps = new ArrayList<>(count);
        try {
            for (RolloutRequest request : requests) {
                sessions.add(environment.start(request.task(), request.environmentRng()));
                steps.add(new ArrayList<>());
            }
            for (int t = 0; t < maxSteps; t++) {
                List<Integer> running = new ArrayList<>();
                List<EnvironmentSession> live = new ArrayList<>();
                List<PolicyContext> contexts = new ArrayList<>();
                List<RandomGenerator> rngs = new ArrayList<>();
                for (int k = 0; k < count; k++) {
                    EnvironmentSession session = sessions.get(k);
                    if (session.done()) {
                        continue;
                    }
                    running.add(k);
                    live.add(session);
                    contexts.add(
                            new PolicyContext(
                                    requests.get(k).task(),
                                    steps.get(k),
                                    session.observation(),
                                    session.admissibleActions()));
                    rngs.add(requests.get(k).policyRng(t));
                }
                if (running.isEmpty()) {
                    break;
                }
                List<Action> actions =
                        policy instanceof SessionPolicy reading
                                ? reading.act(contexts, rngs, live)
                                : policy.act(contexts, rngs);
                if (actions.size() != contexts.size()) {
                    throw new IllegalStateException(
                            "The policy returned "
                                    + actions.size()
                                    + " actions for "
                                    + contexts.size()
                                    + " contexts.");
                }
                for (int b = 0; b < running.size(); b++) {
                    int k = running.get(b);
                    PolicyContext context = contexts.get(b);
                    Action action = actions.get(b);
                    StepResult result = sessions.get(k).step(action.command());
                    steps.get(k)
                            .add(
                                    new Step(
                                            t,
                                            context.observation(),
                                            context.admissibleActions(),
                                            action,
                                            result.observation(),
                                            result.label(),
                                            result.restrainedLabel()));
                }
            }
            List<Trajectory> trajectories = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                RolloutRequest request = requests.get(k);
                trajectories.add(
                        new Trajectory(
                                request.task(),
                                request.rollout(),
                                steps.get(k),
                                sessions.get(k).won()));
            }
            return trajectories;
        } finally {
            for (EnvironmentSession session : sessions) {
                session.close();
            }
        }
    }
}
