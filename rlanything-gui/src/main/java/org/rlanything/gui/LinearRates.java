package org.rlanything.gui;

/**
 * The two settings of the embedded linear GUI models ({@link ElementPolicy}, {@link ElementJudge}):
 * the policy-gradient step size and the softmax / sigmoid temperature, both positive.
 *
 * @param learningRate the step size of the policy-gradient update
 * @param temperature the logits are divided by it
 */
record LinearRates(double learningRate, double temperature) {
    LinearRates {
        if (!(learningRate > 0) || !(temperature > 0)) {
            throw new IllegalArgumentException(
                    "learning rate and temperature must be positive, got "
                            + learningRate
                            + " and "
                            + temperature);
        }
    }
}
