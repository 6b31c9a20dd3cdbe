package org.rlanything.it.kinds;

import org.rlanything.core.Policy;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.PolicyProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;

/** {@code policy.kind: stepper}, registered by this test module's services file alone. */
public final class StepperProvider implements PolicyProvider<StepperConfig> {

    @Override
    public String kind() {
        return "stepper";
    }

    @Override
    public Class<StepperConfig> configType() {
        return StepperConfig.class;
    }

    @Override
    public StepperConfig defaults() {
        return new StepperConfig(null, null);
    }

    @Override
    public Policy create(StepperConfig config, RunContext context, EnvironmentParts environment) {
        if (!(environment.hooks() instanceof Rungs.Climbing)) {
            throw environment.refuses(Section.POLICY, kind(), "Rungs.Climbing");
        }
        return new Stepper(config);
    }
}
