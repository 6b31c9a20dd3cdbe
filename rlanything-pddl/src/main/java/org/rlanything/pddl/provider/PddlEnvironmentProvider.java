package org.rlanything.pddl.provider;

import java.io.IOException;
import java.util.ArrayList;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.pddl.env.HeldOutProblems;
import org.rlanything.pddl.env.PddlEnvironmentConfig;
import org.rlanything.pddl.env.PddlRewriter;
import org.rlanything.pddl.env.PddlSetting;
import org.rlanything.pddl.env.PddlTaskCodec;

/**
 * {@code environment.kind: pddl}: the problems of any PDDL domain (within the supported subset) as
 * text tasks, with the planner's step labels, the domain-generic rewriter and the held-out
 * evaluation on problems never trained on. Its hooks ({@link PddlHooks}) describe the domain and
 * offer the planner as the demonstrator of the neural kinds' generic starting models.
 */
public final class PddlEnvironmentProvider implements EnvironmentProvider<PddlEnvironmentConfig> {

    /** The kind's name. */
    public static final String KIND = "pddl";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<PddlEnvironmentConfig> configType() {
        return PddlEnvironmentConfig.class;
    }

    @Override
    public PddlEnvironmentConfig defaults() {
        return PddlEnvironmentConfig.DEFAULTS;
    }

    @Override
    public AlgorithmConfig algorithmDefaults() {
        return PddlEnvironmentConfig.ALGORITHM;
    }

    @Override
    public EnvironmentParts create(PddlEnvironmentConfig config, RunContext context)
            throws IOException {
        PddlSetting setting = PddlSetting.load(config, context.seed(), context.log());
        return new EnvironmentParts(
                KIND,
                KIND,
                setting.environment(),
                new ArrayList<>(setting.pool()),
                new PddlTaskCodec(setting.environment().domain()),
                new PddlRewriter(setting.environment()),
                new HeldOutProblems(
                        setting.environment(),
                        setting.heldOut(),
                        config.evalRollouts(),
                        config.evalVerdicts(),
                        context.engine()),
                null,
                null,
                new PddlHooks(setting.environment(), setting.pool()));
    }
}
