package org.rlanything.gui.provider;

import java.util.List;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.gui.ElementFeatures;
import org.rlanything.gui.GuiStepFeatures;

/**
 * What MiniWoB++ offers the model kinds: its words, and task-free step features read from the
 * element lists ({@link ElementFeatures} for each legal action the policy chooses among, {@link
 * GuiStepFeatures} for each judged step), which the {@code linear} kinds (and their {@code element}
 * presets) learn over.
 *
 * @param description what the environment is, in words
 * @param actionFormat the commands' syntax
 * @param example one command
 */
record MiniwobHooks(String description, String actionFormat, String example)
        implements EnvironmentDescription, StepFeatures {

    @Override
    public List<String> policyFeatureNames() {
        return ElementFeatures.names();
    }

    @Override
    public double[][] policy(PolicyContext context) {
        return ElementFeatures.of(context);
    }

    @Override
    public List<String> judgeFeatureNames() {
        return GuiStepFeatures.names();
    }

    @Override
    public double[] judge(JudgeRequest request) {
        return GuiStepFeatures.of(request);
    }
}
