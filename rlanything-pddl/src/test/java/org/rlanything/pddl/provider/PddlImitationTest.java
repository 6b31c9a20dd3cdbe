package org.rlanything.pddl.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.BadInputException;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.baseline.DemonstratorPolicyConfig;
import org.rlanything.core.baseline.DemonstratorPolicyProvider;
import org.rlanything.core.imitation.ImitationConfig;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.core.spi.RunContext;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.provider.LinearPolicyConfig;
import org.rlanything.linear.provider.LinearPolicyProvider;
import org.rlanything.linear.provider.LinearRewardModelConfig;
import org.rlanything.linear.provider.LinearRewardModelProvider;
import org.rlanything.pddl.env.PddlEnvironmentConfig;
import org.rlanything.testfixtures.SharedData;

/**
 * The linear kinds start as a clone of the planner (behaviour cloning, then DAgger) on a shared IPC
 * domain: the clone solves held-out problems as the planner does, the judge starts from the
 * planner's step labels, the starting weights are kept in {@code trainer.starting_models} and read
 * back by later runs of any seed (the same weights, no imitation played again), and a folder made
 * for other imitation sizes is refused.
 */
class PddlImitationTest {

    @TempDir Path dir;

    private static EnvironmentParts gripper() throws Exception {
        Path gripper = SharedData.require("pddl/gripper");
        return ProviderParts.of(
                new PddlEnvironmentConfig(
                        gripper.resolve("domain.pddl").toString(),
                        gripper.resolve("prob01.pddl").toString(),
                        gripper.resolve("prob02.pddl").toString(),
                        12,
                        null,
                        40,
                        2,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    private RunContext context(
            long seed, PolicyConfig policy, RewardModelConfig judge, List<String> log) {
        return new RunContext(
                seed,
                AlgorithmConfig.defaults(),
                0,
                dir.resolve("start"),
                policy,
                judge,
                log::add,
                new LockstepRollouts(),
                40);
    }

    private static LinearPolicyConfig imitating() {
        return new LinearPolicyConfig(
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                true,
                new ImitationConfig(6, 1, null, 2, 4, 1, null),
                null,
                null,
                null,
                null);
    }

    @Test
    void theLinearKindsStartFromThePlannerAndKeepTheirStartingWeights() throws Exception {
        EnvironmentParts parts = gripper();
        LinearRewardModelConfig judgeConfig = LinearRewardModelConfig.DEFAULTS;
        List<String> log = new ArrayList<>();
        RunContext context = context(3, imitating(), judgeConfig, log);
        LinearPolicy policy =
                (LinearPolicy) new LinearPolicyProvider().create(imitating(), context, parts);
        LinearJudge judge =
                (LinearJudge) new LinearRewardModelProvider().create(judgeConfig, context, parts);
        String text = String.join("\n", log);
        assertTrue(text.contains("imitation round 0"), text);
        assertTrue(text.contains("linear judge warm start"), text);
        assertTrue(Files.isRegularFile(dir.resolve("start/linear-start/linear-policy.json")), text);

        double planner =
                heldOut(
                        parts,
                        new DemonstratorPolicyProvider()
                                .create(new DemonstratorPolicyConfig(), context, parts),
                        judge);
        double clone = heldOut(parts, policy, judge);
        // measured: the planner 1.00, the clone 1.00 on the held-out problem's two episodes
        assertEquals(1.0, planner);
        assertTrue(clone >= 0.8 * planner, "clone " + clone + " vs planner " + planner);
        assertTrue(
                java.util.Arrays.stream(judge.weights()).anyMatch(w -> w != 0),
                "the judge starts from the labels, not at chance");

        // another run of the same environment and seed reads the weights back without playing
        List<String> again = new ArrayList<>();
        EnvironmentParts fresh = gripper();
        LinearPolicy reread =
                (LinearPolicy)
                        new LinearPolicyProvider()
                                .create(
                                        imitating(),
                                        context(3, imitating(), judgeConfig, again),
                                        fresh);
        assertArrayEquals(policy.weights(), reread.weights());
        assertTrue(again.stream().noneMatch(l -> l.contains("imitation round")), again.toString());

        // a run of another seed reads the same starting weights (the arms and seeds of a benchmark
        // start alike); a folder made for other imitation sizes is refused with the key named
        assertArrayEquals(
                policy.weights(),
                ((LinearPolicy)
                                new LinearPolicyProvider()
                                        .create(
                                                imitating(),
                                                context(4, imitating(), judgeConfig, again),
                                                gripper()))
                        .weights());
        LinearPolicyConfig larger =
                new LinearPolicyConfig(
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        true,
                        new ImitationConfig(7, 1, null, 2, 4, 1, null),
                        null,
                        null,
                        null,
                        null);
        BadInputException refused =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new LinearPolicyProvider()
                                        .create(
                                                larger,
                                                context(3, larger, judgeConfig, new ArrayList<>()),
                                                gripper()));
        assertTrue(
                refused.getMessage().startsWith("trainer.starting_models:"), refused.getMessage());
    }

    private static double heldOut(
            EnvironmentParts parts, org.rlanything.core.Policy policy, LinearJudge judge) {
        return parts.evaluator().evaluate(0, policy, judge, 11).get("val-core/pddl/success");
    }
}
