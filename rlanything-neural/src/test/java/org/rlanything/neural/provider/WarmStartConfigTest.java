package org.rlanything.neural.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rlanything.core.BadInputException;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.RunContext;

/**
 * {@code warm_start}: left out, the generic warm start is the one it was before the keys existed; a
 * key set changes that size alone; a bad size is named; the recipe is the policy section's when the
 * policy is neural (the judge's may only repeat it), else the judge section's.
 */
class WarmStartConfigTest {

    private static WarmStartConfig tasks(int tasks) {
        return new WarmStartConfig(
                tasks, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    private static NeuralPolicyConfig policy(WarmStartConfig warmStart) {
        return NeuralPolicyConfig.builder().warmStart(warmStart).build();
    }

    private static NeuralRewardModelConfig judge(WarmStartConfig warmStart) {
        return NeuralRewardModelConfig.builder().warmStart(warmStart).build();
    }

    private static RunContext context(
            PolicyConfig policy, org.rlanything.core.spi.RewardModelConfig judge) {
        return new RunContext(
                5,
                AlgorithmConfig.defaults(),
                0,
                null,
                policy,
                judge,
                line -> {},
                new LockstepRollouts(),
                0);
    }

    @Test
    void leftOutTheSizesAreTheDefaultRecipe() {
        assertEquals(GenericWarmStart.defaults(9), WarmStartConfig.DEFAULTS.recipe(9, 30));
        assertEquals(WarmStartConfig.DEFAULTS, NeuralPolicyConfig.DEFAULTS.warmStart());
        assertEquals(WarmStartConfig.DEFAULTS, NeuralRewardModelConfig.DEFAULTS.warmStart());
        GenericWarmStart two = tasks(2).recipe(9, 30);
        assertEquals(2, two.sampleTasks());
        assertEquals(GenericWarmStart.defaults(9).policySteps(), two.policySteps());
    }

    @Test
    void aBadSizeIsNamed() {
        InvalidValueException heads =
                assertThrows(
                        InvalidValueException.class,
                        () ->
                                new WarmStartConfig(
                                        null, null, null, null, null, 64, null, 3, null, null, null,
                                        null, null, null, null));
        assertEquals("heads", heads.key());
        assertEquals("tasks", assertThrows(InvalidValueException.class, () -> tasks(0)).key());
    }

    @Test
    void theRecipeIsThePolicySectionsWhenThePolicyIsNeural() {
        assertEquals(tasks(3), GenericModels.recipe(context(policy(tasks(3)), judge(null))));
        assertEquals(tasks(3), GenericModels.recipe(context(policy(tasks(3)), judge(tasks(3)))));
        assertEquals(
                tasks(4), GenericModels.recipe(context(new PolicyConfig() {}, judge(tasks(4)))));
        BadInputException both =
                assertThrows(
                        BadInputException.class,
                        () -> GenericModels.recipe(context(policy(tasks(3)), judge(tasks(4)))));
        assertTrue(both.getMessage().contains("policy.warm_start"), both.getMessage());
    }
}
