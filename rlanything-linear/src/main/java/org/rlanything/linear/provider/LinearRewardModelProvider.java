package org.rlanything.linear.provider;

import java.nio.file.Path;
import org.rlanything.core.RewardModel;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;
import org.rlanything.core.spi.Section;
import org.rlanything.core.spi.StepFeatures;
import org.rlanything.linear.HashedTextFeatures;
import org.rlanything.linear.LinearJudge;
import org.rlanything.linear.Optimizer;

/**
 * {@code reward_model.kind: linear}: a logistic judge over the environment's step features (its
 * {@code StepFeatures} hook, else hashed words), starting at chance, or from the environment's step
 * labels where the linear policy imitates a solver ({@link LinearStart}).
 */
public final class LinearRewardModelProvider
        implements RewardModelProvider<LinearRewardModelConfig> {

    /** The kind's name (the policy's too). */
    static final String KIND = "linear";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<LinearRewardModelConfig> configType() {
        return LinearRewardModelConfig.class;
    }

    @Override
    public LinearRewardModelConfig defaults() {
        return LinearRewardModelConfig.DEFAULTS;
    }

    @Override
    public RewardModel create(
            LinearRewardModelConfig config, RunContext context, EnvironmentParts environment) {
        var features = features("judge", environment, config.hashDimension(), context);
        LinearJudge judge =
                new LinearJudge(
                        features,
                        ChoiceKey.constant(Optimizer.Kind.class, config.optimizer()),
                        config.learningRate(),
                        config.optimizerSteps(),
                        config.l2());
        judge.withTemperature(config.temperature());
        if (config.init() != null) {
            judge.startFrom(Path.of(config.init()));
        } else if (config.warmStart()) {
            LinearStart start = LinearStart.of(environment, context);
            if (start != null && start.judge() != null) {
                judge.startWith(start.judge());
            }
        }
        return judge;
    }

    /** The environment's features, else hashed words; says which in the run's log. */
    static StepFeatures features(
            String role, EnvironmentParts environment, int dimension, RunContext context) {
        if (environment.hooks() instanceof StepFeatures supplied) {
            return logged(role, supplied, context);
        }
        context.log()
                .accept(
                        "linear "
                                + role
                                + ": the environment supplies no step features; hashed words in "
                                + dimension
                                + " buckets");
        return new HashedTextFeatures(dimension);
    }

    /**
     * The environment's own features, for a kind that learns on nothing else ({@code element});
     * refused, naming the hook, where the environment offers none.
     */
    static StepFeatures ownFeatures(
            Section section, String kind, EnvironmentParts environment, RunContext context) {
        if (!(environment.hooks() instanceof StepFeatures supplied)) {
            throw environment.refuses(section, kind, "StepFeatures");
        }
        return logged(section == Section.POLICY ? "policy" : "judge", supplied, context);
    }

    private static StepFeatures logged(String role, StepFeatures supplied, RunContext context) {
        var names =
                role.equals("policy")
                        ? supplied.policyFeatureNames()
                        : supplied.judgeFeatureNames();
        context.log()
                .accept(
                        "linear "
                                + role
                                + ": "
                                + names.size()
                                + " features of the environment "
                                + names);
        return supplied;
    }
}
