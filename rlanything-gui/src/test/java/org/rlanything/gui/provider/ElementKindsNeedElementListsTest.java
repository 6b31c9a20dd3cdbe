package org.rlanything.gui.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.rlanything.core.BadInputException;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.testfixtures.SharedData;

/**
 * The element kinds ask the environment for its {@link ElementLists} hook, the one way a kind says
 * what it needs: MiniWoB++ offers it; the same parts without it are refused, naming the hook, even
 * under the kind name {@code miniwob}.
 */
class ElementKindsNeedElementListsTest {

    @Test
    void miniwobOffersElementListsAndPartsWithoutTheHookAreRefused() {
        EnvironmentParts miniwob =
                new MiniwobEnvironmentProvider()
                        .create(
                                new MiniwobEnvironmentConfig(
                                        SharedData.require("miniwob/html/miniwob").toString(),
                                        null,
                                        null,
                                        null,
                                        5,
                                        1,
                                        1,
                                        null),
                                null);
        assertInstanceOf(ElementLists.class, miniwob.hooks());
        assertNotNull(
                new ElementPolicyProvider().create(ElementPolicyConfig.DEFAULTS, null, miniwob));
        assertNotNull(
                new ElementJudgeProvider().create(ElementJudgeConfig.DEFAULTS, null, miniwob));

        EnvironmentParts bare =
                new EnvironmentParts(
                        miniwob.kind(),
                        miniwob.name(),
                        miniwob.environment(),
                        miniwob.tasks(),
                        miniwob.codec(),
                        miniwob.rewriter(),
                        miniwob.evaluator(),
                        miniwob.dataManifest(),
                        miniwob.taskFeedback(),
                        ModelHooks.NONE);
        BadInputException policy =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new ElementPolicyProvider()
                                        .create(ElementPolicyConfig.DEFAULTS, null, bare));
        assertEquals(
                "policy.kind element does not work with environment.kind miniwob (it offers no"
                        + " ElementLists).",
                policy.getMessage());
        BadInputException judge =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new ElementJudgeProvider()
                                        .create(ElementJudgeConfig.DEFAULTS, null, bare));
        assertEquals(
                "reward_model.kind element does not work with environment.kind miniwob (it offers"
                        + " no ElementLists).",
                judge.getMessage());
    }
}
