package org.rlanything.neural.infer;

/**
 * How tokens (or admissible commands) are sampled.
 *
 * @param temperature softmax temperature; 0 means greedy
 * @param topP nucleus mass in (0, 1]; 1 disables nucleus filtering (free text only)
 * @param maxNewTokens longest generated response; longer responses are cut there
 */
public record SamplingConfig(double temperature, double topP, int maxNewTokens) {

    public SamplingConfig {
        if (!(temperature >= 0) || Double.isInfinite(temperature)) {
            throw new org.rlanything.core.BadInputException(
                    "temperature must be finite and >= 0, got " + temperature + ".");
        }
        if (!(topP > 0 && topP <= 1)) {
            throw new org.rlanything.core.BadInputException(
                    "topP must be in (0, 1], got " + topP + ".");
        }
        if (maxNewTokens <= 0) {
            throw new org.rlanything.core.BadInputException(
                    "maxNewTokens must be > 0, got " + maxNewTokens + ".");
        }
    }
}
