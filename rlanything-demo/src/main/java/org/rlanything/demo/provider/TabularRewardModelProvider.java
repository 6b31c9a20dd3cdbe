package org.rlanything.demo.provider;

import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.demo.TabularJudge;
import org.rlanything.demo.TabularRewardModelConfig;

/**
 * {@code reward_model.kind: tabular} (the default): one verdict logit per (door colour, button),
 * key-lock only.
 */
public final class TabularRewardModelProvider
        implements RewardModelProvider<TabularRewardModelConfig> {

    /** The kind's name (the policy's too). */
    static final String KIND = "tabular";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<TabularRewardModelConfig> configType() {
        return TabularRewardModelConfig.class;
    }

    @Override
    public TabularRewardModelConfig defaults() {
        return TabularRewardModelConfig.DEFAULTS;
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public RewardModel create(
            TabularRewardModelConfig config, RunContext context, EnvironmentParts environment) {
        requireKeyLock(Section.REWARD_MODEL, environment);
        return new TabularJudge(config.learningRate(), config.invalidRate());
    }

    /**
     * The tables are indexed by door colour and button: refuse an environment that offers no {@link
     * DoorButtonTables}.
     */
    static void requireKeyLock(Section section, EnvironmentParts environment) {
        if (!(environment.hooks() instanceof DoorButtonTables)) {
            throw environment.refuses(section, KIND, "DoorButtonTables");
        }
    }
}
