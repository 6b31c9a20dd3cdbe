package org.rlanything.linear.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.BadInputException;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.demo.KeyLockEnvironmentConfig;
import org.rlanything.demo.provider.KeyLockEnvironmentProvider;
import org.rlanything.linear.HashedTextFeatures;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.LinearPolicy;
import org.rlanything.linear.Optimizer;
import org.rlanything.linear.WeightsFile;

/**
 * The {@code element} kinds are the linear policy and judge on the environment's own step features
 * with plain SGD: they take the environment's feature names and the configured rate, and an
 * environment that offers no {@link StepFeatures} is refused, naming the hook (no hashed words).
 */
class ElementKindsTest {

    private final List<String> log = new ArrayList<>();

    private final RunContext context =
            new RunContext(
                    1,
                    KeyLockEnvironmentConfig.ALGORITHM,
                    0,
                    null,
                    new PolicyConfig() {},
                    new RewardModelConfig() {},
                    log::add,
                    new LockstepRollouts(),
                    0);

    private final EnvironmentParts corridors =
            new KeyLockEnvironmentProvider().create(KeyLockEnvironmentConfig.DEFAULTS, context);

    @Test
    void theyLearnOnTheEnvironmentsOwnFeaturesWithPlainSgd(@TempDir Path dir) throws Exception {
        StepFeatures own = new HashedTextFeatures(9);
        EnvironmentParts featured = corridors.withHooks(own);
        LinearPolicy policy =
                (LinearPolicy)
                        new ElementPolicyProvider()
                                .create(new ElementPolicyConfig(3.0, 1.0), context, featured);
        LinearJudge judge =
                (LinearJudge)
                        new ElementJudgeProvider()
                                .create(new ElementJudgeConfig(0.5, 2.0), context, featured);
        assertEquals(own.policyFeatureNames(), policy.featureNames());
        assertEquals(own.judgeFeatureNames(), judge.featureNames());
        assertEquals(3.0, policy.stepSize());
        assertEquals(0.5, judge.stepSize());
        policy.saveTo(dir);
        judge.saveTo(dir);
        assertEquals(
                Optimizer.Kind.SGD,
                WeightsFile.read(dir.resolve("linear-policy.json"), "policy").optimizer().kind());
        assertEquals(
                Optimizer.Kind.SGD,
                WeightsFile.read(dir.resolve("linear-judge.json"), "judge").optimizer().kind());
        assertEquals(
                List.of(
                        "linear policy: 9 features of the environment " + own.policyFeatureNames(),
                        "linear judge: 9 features of the environment " + own.judgeFeatureNames()),
                log);
    }

    @Test
    void anEnvironmentWithoutStepFeaturesIsRefused() {
        BadInputException policy =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new ElementPolicyProvider()
                                        .create(ElementPolicyConfig.DEFAULTS, context, corridors));
        assertEquals(
                "policy.kind element does not work with environment.kind keylock (it offers no"
                        + " StepFeatures).",
                policy.getMessage());
        BadInputException judge =
                assertThrows(
                        BadInputException.class,
                        () ->
                                new ElementJudgeProvider()
                                        .create(ElementJudgeConfig.DEFAULTS, context, corridors));
        assertEquals(
                "reward_model.kind element does not work with environment.kind keylock (it offers"
                        + " no StepFeatures).",
                judge.getMessage());
    }
}
