package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.UpdateStats;

class AlfworldEvaluationTest {

    /** Plays the planner's next command (it replays the history to know the state). */
    static final class PlannerPolicy implements Policy {
        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            List<Action> out = new ArrayList<>();
            for (PolicyContext c : contexts) {
                AlfworldTask task = (AlfworldTask) c.task();
                try (AlfworldSession s = AlfworldSession.start(task.game(), 100)) {
                    for (Step step : c.history()) {
                        s.step(step.action().command());
                    }
                    String command =
                            new AlfworldPlanner(task.game())
                                    .plan(s.state())
                                    .orElseThrow()
                                    .commands()
                                    .get(0);
                    out.add(new Action(command, " " + command, 0, null));
                }
            }
            return out;
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }
    }

    /** Always "look": never wins. */
    static final class IdlePolicy implements Policy {
        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            return contexts.stream().map(c -> new Action("look", " look", 0, null)).toList();
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }
    }

    /** Judges by the planner's label (a perfect judge), or always +1. */
    static final class LabelJudge implements RewardModel {
        final boolean perfect;

        LabelJudge(boolean perfect) {
            this.perfect = perfect;
        }

        @Override
        public List<List<Judgment>> judge(
                List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
            List<List<Judgment>> out = new ArrayList<>();
            for (JudgeRequest r : requests) {
                boolean good = !perfect || r.step().label() == StepLabel.GOOD;
                List<Judgment> js = new ArrayList<>();
                for (int j = 0; j < m; j++) {
                    js.add(Judgment.parsed(good ? "ok \\boxed{1}" : "bad \\boxed{-1}", 0, null));
                }
                out.add(js);
            }
            return out;
        }

        @Override
        public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }
    }

    @Test
    void scoresSuccessAndBothRewardModelAccuraciesUnderTheDatasetsNames() {
        List<AlfworldTask> games = AgentFixtures.training().subList(0, 3);
        AlfworldEvaluation eval =
                new AlfworldEvaluation(
                        List.of(new AlfworldEvaluation.Dataset("alfworld_generated", games)),
                        new AlfworldEvaluation.Settings(2, 20, Double.NaN, 2));
        Map<String, Double> planner =
                eval.evaluate(0, new PlannerPolicy(), new LabelJudge(true), 42);
        assertEquals(1.0, planner.get("val-core/alfworld_generated/success"));
        assertEquals(1.0, planner.get("val-core/alfworld_generated/rm_process_acc"));
        assertEquals(1.0, planner.get("val-core/alfworld_generated/rm_outcome_acc"));
        assertEquals(0.0, planner.get("val-core/alfworld_generated/rm_invalid_rate"));

        Map<String, Double> idle = eval.evaluate(0, new IdlePolicy(), new LabelJudge(false), 42);
        assertEquals(0.0, idle.get("val-core/alfworld_generated/success"));
        assertEquals(20.0, idle.get("val-aux/alfworld_generated/mean_length"));
        // "look" never shortens the plan: every +1 verdict is wrong, and +1 everywhere predicts
        // success wrongly.
        assertEquals(0.0, idle.get("val-core/alfworld_generated/rm_process_acc"));
        assertEquals(0.0, idle.get("val-core/alfworld_generated/rm_outcome_acc"));

        Map<String, Double> noJudge =
                new AlfworldEvaluation(
                                eval.datasets(),
                                new AlfworldEvaluation.Settings(1, 20, Double.NaN, 0))
                        .evaluate(0, new PlannerPolicy(), new LabelJudge(true), 42);
        assertTrue(!noJudge.containsKey("val-core/alfworld_generated/rm_process_acc"));
        assertEquals(1.0, noJudge.get("val-core/alfworld_generated/success"));
        assertTrue(
                !noJudge.containsKey("val-aux/alfworld_generated/good_rate_restrained"),
                "no oracle, no label");
        assertEquals(
                1.0,
                noJudge.get("val-aux/alfworld_generated/good_rate"),
                "the planner's steps all shorten the plan");
    }

    @Test
    void withARestrainedOracleBothLabelsAreReported() {
        List<AlfworldTask> games = AgentFixtures.training().subList(0, 3);
        AlfworldEvaluation eval =
                new AlfworldEvaluation(
                        List.of(new AlfworldEvaluation.Dataset("alfworld_generated", games)),
                        new AlfworldEvaluation.Settings(1, 20, Double.NaN, 1),
                        new RestrainedOracle(SearchingExpert.Prior.of(AgentFixtures.training())));
        Map<String, Double> idle = eval.evaluate(0, new IdlePolicy(), new LabelJudge(false), 42);
        // "look" is useless under both labels: the judge's +1 verdicts are all wrong against
        // either.
        assertEquals(0.0, idle.get("val-core/alfworld_generated/rm_process/restrained/acc"));
        assertEquals(0.0, idle.get("val-core/alfworld_generated/rm_process/restrained/good_rate"));
        assertEquals(0.0, idle.get("val-aux/alfworld_generated/good_rate_restrained"));
        assertEquals(0.0, idle.get("val-aux/alfworld_generated/good_rate"));
    }
}
