package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Environment;
import org.rlanything.core.Policy;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Step;
import org.rlanything.core.StepResult;
import org.rlanything.core.Trajectory;
import org.rlanything.pddl.env.HeldOutProblems;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.plan.Planner;

/**
 * The held-out metrics on episodes of known length: rollout 0 plays the demonstrator (the planner's
 * plan, ratio 1), rollout 1 one inapplicable command first (one step more).
 */
class HeldOutProblemsTest {

    /**
     * An engine that ignores the policy and plays the demonstrator, after a wasted step on odd
     * rollouts.
     */
    private static final class DemonstratorEngine implements RolloutEngine {
        @Override
        public List<Trajectory> rollOut(
                List<RolloutRequest> requests,
                Policy policy,
                Environment environment,
                int maxSteps) {
            List<Trajectory> out = new ArrayList<>();
            for (RolloutRequest r : requests) {
                List<Step> steps = new ArrayList<>();
                try (PddlSession s =
                        (PddlSession) environment.start(r.task(), r.environmentRng())) {
                    while (!s.done() && steps.size() < maxSteps) {
                        String command =
                                r.rollout() % 2 == 1 && steps.isEmpty()
                                        ? "wait"
                                        : s.demonstration().orElseThrow();
                        String before = s.observation();
                        List<String> admissible = s.admissibleActions();
                        StepResult result = s.step(command);
                        steps.add(
                                new Step(
                                        steps.size(),
                                        before,
                                        admissible,
                                        new Action(command, command, 0.0, null),
                                        result.observation(),
                                        result.label()));
                    }
                    out.add(new Trajectory(r.task(), r.rollout(), steps, s.won()));
                }
            }
            return out;
        }
    }

    @Test
    void successAndPlanLengthRatioToThePlanner() {
        PddlEnvironment env =
                new PddlEnvironment(
                        TestDomains.tidy(),
                        30,
                        true,
                        Planner.DEFAULT_OPTIMAL,
                        Planner.DEFAULT_SATISFICING);
        HeldOutProblems heldOut =
                new HeldOutProblems(
                        env,
                        List.of(TestDomains.tidyTask("p1"), TestDomains.tidyTask("p3")),
                        2,
                        0,
                        new DemonstratorEngine());
        Map<String, Double> metrics = heldOut.evaluate(1, null, null, 9);
        assertEquals(1.0, metrics.get("val-core/pddl/success"));
        assertEquals(1.0, metrics.get("val-core/pddl/solved_by_planner"));
        // p1: 9 and 10 steps for a 9-step plan; p3: 6 and 7 for 6
        double expected = (1.0 + 10.0 / 9 + 1.0 + 7.0 / 6) / 4;
        assertEquals(expected, metrics.get("val-core/pddl/plan_ratio"), 1e-12);
    }
}
