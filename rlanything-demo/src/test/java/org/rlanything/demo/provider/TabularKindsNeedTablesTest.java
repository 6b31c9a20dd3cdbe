package org.rlanything.demo.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.rlanything.core.BadInputException;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.RunContext;
import org.rlanything.demo.KeyLockEnvironmentConfig;
import org.rlanything.demo.TabularPolicyConfig;
import org.rlanything.demo.TabularRewardModelConfig;

/**
 * The tabular kinds ask the environment for its {@link DoorButtonTables} hook, the one way a kind
 * says what it needs: the key-lock corridors offer it; the same parts without it are refused,
 * naming the hook, even though their environment is the corridors' own class.
 */
class TabularKindsNeedTablesTest {

    private static final RunContext CONTEXT =
            new RunContext(
                    3,
                    AlgorithmConfig.defaults(),
                    0,
                    null,
                    TabularPolicyConfig.DEFAULTS,
                    TabularRewardModelConfig.DEFAULTS,
                    line -> {},
                    new LockstepRollouts(),
                    0);

    @Test
    void theCorridorsOfferTablesAndPartsWithoutTheHookAreRefused() throws Exception {
        EnvironmentParts corridors =
                new KeyLockEnvironmentProvider().create(KeyLockEnvironmentConfig.DEFAULTS, CONTEXT);
        assertInstanceOf(DoorButtonTables.class, corridors.hooks());
        assertNotNull(
                new TabularPolicyProvider()
                        .create(TabularPolicyConfig.DEFAULTS, CONTEXT, corridors));
        assertNotNull(
                new TabularRewardModelProvider()
                        .create(TabularRewardModelConfig.DEFAULTS, CONTEXT, corridors));

        EnvironmentParts bare = withoutHooks(corridors);
        BadInputException policy =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new TabularPolicyProvider()
                                        .create(TabularPolicyConfig.DEFAULTS, CONTEXT, bare));
        assertEquals(
                "policy.kind tabular does not work with environment.kind keylock (it offers no"
                        + " DoorButtonTables).",
                policy.getMessage());
        BadInputException judge =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new TabularRewardModelProvider()
                                        .create(TabularRewardModelConfig.DEFAULTS, CONTEXT, bare));
        assertEquals(
                "reward_model.kind tabular does not work with environment.kind keylock (it offers"
                        + " no DoorButtonTables).",
                judge.getMessage());
    }

    private static EnvironmentParts withoutHooks(EnvironmentParts parts) {
        return new EnvironmentParts(
                parts.kind(),
                parts.name(),
                parts.environment(),
                parts.tasks(),
                parts.codec(),
                parts.rewriter(),
                parts.evaluator(),
                parts.dataManifest(),
                parts.taskFeedback(),
                ModelHooks.NONE);
    }
}
