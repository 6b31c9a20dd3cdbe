package org.rlanything.core.imitation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.FixedPolicy;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.SessionPolicy;
import org.rlanything.core.spi.Demonstrator;

/**
 * Plays with an environment's solver in the loop: in each state it asks the {@link Demonstrator}
 * for its command and, where a log is given, records the pair as a {@link Demonstration}. Who acts
 * depends on the construction:
 *
 * <ul>
 *   <li>{@link #baseline}: the demonstrator itself (a uniformly drawn admissible command where it
 *       has none): {@code policy.kind: demonstrator}, the figure a clone is read against;
 *   <li>{@link #exploring}: the demonstrator, or with probability {@code explore} a uniformly drawn
 *       admissible command, so the recorded states include recoveries from mistakes (imitation's
 *       first round);
 *   <li>{@link #labelling}: a learner acts and the demonstrator only labels the states it reaches
 *       (DAgger's later rounds: the clone's own mistakes get their correction).
 * </ul>
 *
 * It learns nothing. The log is filled in the order the in-process engine asks (episode by episode
 * within a step, then step by step), which is deterministic.
 */
public final class DemonstratorPolicy implements SessionPolicy, FixedPolicy {

    private final Demonstrator demonstrator;
    private final Policy learner;
    private final double explore;
    private final List<Demonstration> log;
    private int labelled;
    private int agreed;

    private DemonstratorPolicy(
            Demonstrator demonstrator, Policy learner, double explore, List<Demonstration> log) {
        if (!(explore >= 0 && explore <= 1)) {
            throw new IllegalArgumentException("explore must be in [0, 1], got " + explore);
        }
        this.demonstrator = demonstrator;
        this.learner = learner;
        this.explore = explore;
        this.log = log;
    }

    /** The demonstrator acting alone (nothing recorded). */
    public static DemonstratorPolicy baseline(Demonstrator demonstrator) {
        return new DemonstratorPolicy(demonstrator, null, 0, null);
    }

    /**
     * The demonstrator acting, a drawn command with probability {@code explore}; records in log.
     */
    static DemonstratorPolicy exploring(
            Demonstrator demonstrator, double explore, List<Demonstration> log) {
        return new DemonstratorPolicy(demonstrator, null, explore, log);
    }

    /** {@code learner} acting, the demonstrator labelling each state into {@code log}. */
    static DemonstratorPolicy labelling(
            Demonstrator demonstrator, Policy learner, List<Demonstration> log) {
        return new DemonstratorPolicy(demonstrator, learner, 0, log);
    }

    @Override
    public List<Action> act(
            List<PolicyContext> contexts,
            List<RandomGenerator> rngs,
            List<EnvironmentSession> sessions) {
        if (contexts.size() != rngs.size() || contexts.size() != sessions.size()) {
            throw new IllegalArgumentException(
                    contexts.size()
                            + " contexts, "
                            + rngs.size()
                            + " generators and "
                            + sessions.size()
                            + " sessions.");
        }
        List<Optional<String>> demonstrated = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            PolicyContext context = contexts.get(i);
            Optional<String> command = demonstrator.demonstration(sessions.get(i));
            if (command.isPresent()
                    && !context.admissibleActions().isEmpty()
                    && !context.admissibleActions().contains(command.get())) {
                throw new IllegalStateException(
                        "The demonstrator's command \""
                                + command.get()
                                + "\" is not one of the admissible commands "
                                + context.admissibleActions()
                                + " of task "
                                + context.task().id()
                                + ".");
            }
            demonstrated.add(command);
            if (log != null && command.isPresent()) {
                log.add(new Demonstration(context, command.get()));
            }
        }
        if (learner != null) {
            List<Action> acted = learner.act(contexts, rngs);
            for (int i = 0; i < acted.size(); i++) {
                if (demonstrated.get(i).isPresent()) {
                    labelled++;
                    agreed += demonstrated.get(i).get().equals(acted.get(i).command()) ? 1 : 0;
                }
            }
            return acted;
        }
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            List<String> commands = contexts.get(i).admissibleActions();
            RandomGenerator rng = rngs.get(i);
            boolean draw =
                    demonstrated.get(i).isEmpty() || (explore > 0 && rng.nextDouble() < explore);
            if (draw && commands.isEmpty()) {
                throw new IllegalStateException(
                        "The demonstrator has no command for task "
                                + contexts.get(i).task().id()
                                + ", which takes free text: nothing to play.");
            }
            String command =
                    draw ? commands.get(rng.nextInt(commands.size())) : demonstrated.get(i).get();
            actions.add(new Action(command, command, 0.0, null));
        }
        return actions;
    }

    /**
     * The fraction of the learner's commands that were the demonstrator's, over the states it
     * labelled so far (NaN before any): the clone's agreement on its own states.
     */
    double agreement() {
        return labelled == 0 ? Double.NaN : agreed / (double) labelled;
    }

    @Override
    public String stateFile() {
        return "demonstrator-policy.txt";
    }

    @Override
    public String stateWord() {
        return "demonstrator";
    }
}
