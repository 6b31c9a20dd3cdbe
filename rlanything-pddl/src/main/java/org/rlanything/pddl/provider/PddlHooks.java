package org.rlanything.pddl.provider;

import java.util.List;
import java.util.Optional;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlStepFeatures;
import org.rlanything.pddl.env.PddlTask;

/**
 * What a PDDL domain offers the model kinds: its description (for the prompts of the endpoint kinds
 * and of the neural judge) and the planner as the demonstrator (the first action of a shortest or
 * best-known plan from the episode's state), from which the neural kinds' generic starting models
 * are made; and the domain-independent step features of {@link PddlStepFeatures} for the linear
 * policy and judge.
 *
 * @param environment the domain's environment
 * @param tasks the training tasks (the first gives the example command)
 */
record PddlHooks(PddlEnvironment environment, List<PddlTask> tasks, PddlStepFeatures features)
        implements EnvironmentDescription, Demonstrator, StepFeatures {

    PddlHooks(PddlEnvironment environment, List<PddlTask> tasks) {
        this(environment, tasks, new PddlStepFeatures(environment));
    }

    @Override
    public List<String> policyFeatureNames() {
        return PddlStepFeatures.NAMES;
    }

    @Override
    public double[][] policy(PolicyContext context) {
        return features.candidates(context.task(), context.history(), context.admissibleActions());
    }

    @Override
    public List<String> judgeFeatureNames() {
        return PddlStepFeatures.NAMES;
    }

    @Override
    public double[] judge(JudgeRequest request) {
        return features.step(request.task(), request.trajectory().steps(), request.stepIndex());
    }

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
