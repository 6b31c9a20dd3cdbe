package org.rlanything.pddl.provider;

import java.util.List;
import java.util.Optional;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlTask;

/**
 * What a PDDL domain offers the model kinds: its description (for the prompts of the endpoint kinds
 * and of the neural judge) and the planner as the demonstrator (the first action of a shortest or
 * best-known plan from the episode's state), from which the neural kinds' generic starting models
 * are made.
 *
 * @param environment the domain's environment
 * @param tasks the training tasks (the first gives the example command)
 */
record PddlHooks(PddlEnvironment environment, List<PddlTask> tasks)
        implements EnvironmentDescription, Demonstrator {

    @Override
    public String description() {
        return "a planning task of the PDDL domain "
                + environment.domain().name()
                + ", shown as the facts that hold now and the goal";
    }

    @Override
    public String actionFormat() {
        return "one of the applicable actions as listed: the action's name, then its objects";
    }

    @Override
    public String example() {
        if (!tasks.isEmpty()) {
            PddlSession session = environment.startSession(tasks.get(0), 1);
            if (!session.admissibleActions().isEmpty()) {
                return session.admissibleActions().get(0);
            }
        }
        return environment.domain().actions().isEmpty()
                ? ""
                : environment.domain().actions().get(0).name();
    }

    @Override
    public Optional<String> demonstration(EnvironmentSession session) {
        return session instanceof PddlSession pddl ? pddl.demonstration() : Optional.empty();
    }
}
