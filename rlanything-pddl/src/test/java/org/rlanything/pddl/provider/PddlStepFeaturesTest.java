package org.rlanything.pddl.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.Optimizer;
import org.rlanything.pddl.env.PddlEnvironmentConfig;
import org.rlanything.pddl.env.PddlStepFeatures;
import org.rlanything.testfixtures.SharedData;

/**
 * The pddl kind's step features for the linear kinds: what they say of real steps (undo, revisit,
 * the goal reached, a command that does nothing), and that the linear policy over them learns
 * Blocksworld in a few iterations of the loop.
 */
class PddlStepFeaturesTest {

    private static final int UNDO = PddlStepFeatures.NAMES.indexOf("undo");
    private static final int REVISIT = PddlStepFeatures.NAMES.indexOf("revisit");
    private static final int GOAL = PddlStepFeatures.NAMES.indexOf("goal_reached");
    private static final int UNCHANGED = PddlStepFeatures.NAMES.indexOf("unchanged");
    private static final int HFF_DOWN = PddlStepFeatures.NAMES.indexOf("hff_down");

    private static EnvironmentParts parts(
            String domain, String problems, String heldOut, int pool, int maxSteps)
            throws Exception {
        PddlEnvironmentConfig config =
                new PddlEnvironmentConfig(
                        domain, problems, heldOut, pool, null, maxSteps, 4, null, null, null, null,
                        null);
        return ProviderParts.of(config);
    }

    private static Step step(int index, EnvironmentSession session, String command) {
        String before = session.observation();
        List<String> admissible = session.admissibleActions();
        StepResult result = session.step(command);
        return new Step(
                index,
                before,
                admissible,
                new Action(command, command, 0, null),
                result.observation(),
                StepLabel.UNKNOWN);
    }

    @Test
    void featuresSayWhatAStepDid() throws Exception {
        EnvironmentParts parts =
                parts(ProviderParts.tidy().resolve("domain.pddl").toString(), null, null, 4, 20);
        StepFeatures features = (StepFeatures) parts.hooks();
        Demonstrator demonstrator = (Demonstrator) parts.hooks();
        Task task = parts.tasks().get(0);
        try (EnvironmentSession session = parts.environment().start(task, new Random(1))) {
            List<Step> steps = new ArrayList<>();
            String go =
                    session.admissibleActions().stream()
                            .filter(c -> c.startsWith("go "))
                            .findFirst()
                            .orElseThrow();
            steps.add(step(0, session, go));
            // the way back undoes the step and revisits the start; no other command does
            String[] words = go.split(" ");
            String back = "go " + words[2] + " " + words[1];
            PolicyContext context =
                    new PolicyContext(
                            task, steps, session.observation(), session.admissibleActions());
            double[][] rows = features.policy(context);
            assertEquals(session.admissibleActions().size(), rows.length);
            for (int i = 0; i < rows.length; i++) {
                boolean isBack = session.admissibleActions().get(i).equals(back);
                assertEquals(isBack ? 1.0 : 0.0, rows[i][UNDO], session.admissibleActions().get(i));
                assertEquals(isBack ? 1.0 : 0.0, rows[i][REVISIT]);
                assertEquals(PddlStepFeatures.NAMES.size(), rows[i].length);
            }
            steps.add(step(1, session, "fly to the moon"));
            while (!session.done()) {
                steps.add(step(steps.size(), session, demonstrator.demonstration(session).get()));
            }
            assertTrue(session.won());
            Trajectory trajectory = new Trajectory(task, 0, steps, true);
            double[] nothing = features.judge(new JudgeRequest(trajectory, 1));
            assertEquals(1.0, nothing[UNCHANGED]);
            double[] last = features.judge(new JudgeRequest(trajectory, steps.size() - 1));
            assertEquals(1.0, last[GOAL]);
            assertEquals(0.0, last[UNCHANGED]);
            assertEquals(0.0, features.judge(new JudgeRequest(trajectory, 0))[GOAL]);
        }
    }

    @Test
    void theLinearPolicyLearnsBlocksworldOverTheseFeatures() throws Exception {
        Path blocks = SharedData.require("pddl/blocks");
        EnvironmentParts parts =
                parts(
                        blocks.resolve("domain.pddl").toString(),
                        blocks.resolve("probBLOCKS-4-*.pddl").toString(),
                        blocks.resolve("probBLOCKS-5-*.pddl").toString(),
                        6,
                        24);
        StepFeatures features = (StepFeatures) parts.hooks();
        LinearPolicy policy =
                new LinearPolicy(features, Optimizer.Kind.ADAM, 0.3, 1, 1.0, 0.0, 0.0);
        LinearJudge judge = new LinearJudge(features, Optimizer.Kind.ADAM, 0.1, 1, 0.0);
        AlgorithmConfig algorithm =
                PddlEnvironmentConfig.ALGORITHM.toBuilder()
                        .arm(Ablation.POLICY_REWARD_ENV)
                        .tasksPerIteration(4)
                        .rolloutsPerTask(4)
                        .build();
        RLAnythingLoop loop =
                RLAnythingLoop.builder()
                        .config(new LoopConfig(7, algorithm, 24, 0))
                        .environment(parts.environment())
                        .policy(policy)
                        .rewardModel(judge)
                        .rewriter(parts.rewriter())
                        .tasks(parts.tasks())
                        .build();
        double before = heldOut(parts, policy, judge);
        loop.runUntil(16);
        double after = heldOut(parts, policy, judge);
        // measured: 0.00 -> 0.25 (12 episodes of the three 5-block problems, 24 steps)
        assertTrue(after >= before + 0.2, "held-out success " + before + " -> " + after);
        double down = policy.weights()[HFF_DOWN];
        assertTrue(down > 0, "a step down the relaxed plan is preferred: weight " + down);
    }

    private static double heldOut(EnvironmentParts parts, LinearPolicy policy, LinearJudge judge) {
        return parts.evaluator().evaluate(0, policy, judge, 11).get("val-core/pddl/success");
    }
}
