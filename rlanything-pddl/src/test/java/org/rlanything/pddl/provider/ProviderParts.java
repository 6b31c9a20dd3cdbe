package org.rlanything.pddl.provider;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyConfig;
import org.rlanything.core.spi.RewardModelConfig;
import org.rlanything.core.spi.RunContext;
import org.rlanything.pddl.env.PddlEnvironmentConfig;

/**
 * The pddl kind's parts as a run makes them (seed 3, default algorithm), for the provider tests.
 */
final class ProviderParts {

    private ProviderParts() {}

    /** The parts the provider makes from {@code config}. */
    static EnvironmentParts of(PddlEnvironmentConfig config) throws Exception {
        RunContext context =
                new RunContext(
                        3,
                        AlgorithmConfig.defaults(),
                        0,
                        null,
                        new PolicyConfig() {},
                        new RewardModelConfig() {},
                        line -> {},
                        new LockstepRollouts(),
                        0);
        return new PddlEnvironmentProvider().create(config, context);
    }

    /** The folder of the hand-written test domain {@code tidy}. */
    static Path tidy() throws URISyntaxException {
        return Path.of(ProviderParts.class.getResource("/pddl/tidy/domain.pddl").toURI())
                .getParent();
    }
}
