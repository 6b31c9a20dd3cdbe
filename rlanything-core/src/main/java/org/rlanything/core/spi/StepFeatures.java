package org.rlanything.core.spi;

import java.util.List;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;

/**
 * The hook of an environment that describes its steps by numbers for the {@code linear} policy and
 * judge kinds (its {@link ModelHooks} object implements it): a fixed-size feature vector for each
 * (state, candidate command) the policy chooses among, and one for each judged step (before,
 * command, after), with a name for each feature (the weights file and the docs show them). The
 * vectors must depend on their arguments alone (no randomness, no state of a running episode), so
 * that a step's features can be computed again when the step is trained on. An environment that
 * offers none gets the linear kinds' hashed words ({@code HashedTextFeatures}).
 */
public interface StepFeatures extends ModelHooks {

    /** The names of the policy's features, one per component of a row of {@link #policy}. */
    List<String> policyFeatureNames();

    /**
     * One row of {@link #policyFeatureNames()}'s size for each admissible command of {@code
     * context}, in the context's order.
     */
    double[][] policy(PolicyContext context);

    /** The names of the judge's features, one per component of {@link #judge}. */
    List<String> judgeFeatureNames();

    /** The features of the judged step (its state before, its command, what followed). */
    double[] judge(JudgeRequest request);
}
