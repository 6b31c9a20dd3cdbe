package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.loop.Ablation;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopState;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.demo.KeyLockDemo;
import org.rlanything.demo.KeyLockEnvironment;
import org.rlanything.demo.KeyLockEnvironmentConfig;
import org.rlanything.demo.KeyLockRewriter;

/**
 * The linear kinds in the closed loop on the key-lock corridors, with the generic hashed word
 * features (the corridors supply none): the policy learns, and a resumed run continues exactly.
 */
class KeyLockLinearTest {

    private static final long SEED = 5;

    private record Run(RLAnythingLoop loop, LinearPolicy policy, LinearJudge judge) {}

    private static Run run(Ablation arm) {
        HashedTextFeatures features = new HashedTextFeatures(256);
        LinearPolicy policy =
                new LinearPolicy(features, Optimizer.Kind.ADAM, 0.1, 2, 1.0, 0.0, 0.2);
        LinearJudge judge = new LinearJudge(features, Optimizer.Kind.ADAM, 0.1, 1, 0.0);
        KeyLockEnvironment environment = new KeyLockEnvironment(KeyLockDemo.MAX_STEPS);
        LoopConfig config =
                new LoopConfig(
                        SEED,
                        KeyLockEnvironmentConfig.ALGORITHM.toBuilder().arm(arm).build(),
                        KeyLockDemo.MAX_STEPS,
                        0);
        RLAnythingLoop loop =
                RLAnythingLoop.builder()
                        .config(config)
                        .environment(environment)
                        .policy(policy)
                        .rewardModel(judge)
                        .rewriter(new KeyLockRewriter())
                        .tasks(KeyLockDemo.pool(SEED, 16, 2, 5))
                        .build();
        return new Run(loop, policy, judge);
    }

    @Test
    void thePolicyLearnsTheCorridors() {
        Run run = run(Ablation.POLICY_REWARD_ENV);
        KeyLockDemo heldOut = new KeyLockDemo(SEED, Ablation.POLICY_REWARD_ENV, null);
        double before = heldOut.successRate(run.policy(), 99);
        run.loop().runUntil(12);
        double after = heldOut.successRate(run.policy(), 99);
        // measured: 0.417 -> 0.875 (the demo's 24 held-out corridors, 3 rollouts each)
        assertTrue(
                after >= before + 0.3,
                "held-out success " + before + " -> " + after + " (expected +0.3 at least)");
    }

    @Test
    void aResumedRunContinuesExactly(@TempDir Path dir) throws IOException {
        Run whole = run(Ablation.POLICY_REWARD_ENV);
        whole.loop().runUntil(4);

        Run first = run(Ablation.POLICY_REWARD_ENV);
        first.loop().runUntil(2);
        first.policy().saveTo(dir);
        first.judge().saveTo(dir);
        LoopState state = first.loop().captureState();

        Run resumed = run(Ablation.POLICY_REWARD_ENV);
        resumed.policy().loadFrom(dir);
        resumed.judge().loadFrom(dir);
        resumed.loop().restoreState(state);
        resumed.loop().runUntil(4);

        assertArrayEquals(whole.policy().weights(), resumed.policy().weights());
        assertArrayEquals(whole.judge().weights(), resumed.judge().weights());
        assertTrue(
                java.util.Arrays.stream(whole.judge().weights()).anyMatch(w -> w != 0),
                "the judge trained");
    }

    @Test
    void aCorruptOrForeignWeightsFileIsRefusedByName(@TempDir Path dir) throws IOException {
        Run run = run(Ablation.POLICY_REWARD_ENV);
        run.loop().runUntil(1);
        run.policy().saveTo(dir);
        Path file = dir.resolve("linear-policy.json");
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() / 2));
        IOException truncated =
                assertThrows(IOException.class, () -> run(Ablation.POLICY).policy().loadFrom(dir));
        assertTrue(truncated.getMessage().contains(file.toString()), truncated.getMessage());

        run.policy().saveTo(dir);
        Files.copy(file, dir.resolve("linear-judge.json"));
        IOException role =
                assertThrows(IOException.class, () -> run(Ablation.POLICY).judge().loadFrom(dir));
        assertTrue(role.getMessage().contains("policy's weights"), role.getMessage());
    }

    @Test
    void theSameSeedGivesTheSameWeights() {
        Run a = run(Ablation.OUTCOME_ONLY);
        Run b = run(Ablation.OUTCOME_ONLY);
        a.loop().runUntil(2);
        b.loop().runUntil(2);
        assertArrayEquals(a.policy().weights(), b.policy().weights());
        assertEquals(0.0, java.util.Arrays.stream(a.judge().weights()).map(Math::abs).sum());
    }
}
