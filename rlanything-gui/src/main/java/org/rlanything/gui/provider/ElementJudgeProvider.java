package org.rlanything.gui.provider;

import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.gui.ElementJudge;

/** {@code reward_model.kind: element}: the embedded judge of MiniWoB++ steps. */
public final class ElementJudgeProvider implements RewardModelProvider<ElementJudgeConfig> {

    /** The kind's name (the policy's too: both read element lists). */
    public static final String KIND = "element";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<ElementJudgeConfig> configType() {
        return ElementJudgeConfig.class;
    }

    @Override
    public ElementJudgeConfig defaults() {
        return ElementJudgeConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            ElementJudgeConfig config, RunContext context, EnvironmentParts environment) {
        if (!(environment.hooks() instanceof ElementLists)) {
            throw environment.refuses(Section.REWARD_MODEL, KIND, "ElementLists");
        }
        return new ElementJudge(config.learningRate(), config.temperature());
    }
}
