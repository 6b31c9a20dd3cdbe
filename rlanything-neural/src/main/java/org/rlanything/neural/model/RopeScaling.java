package org.rlanything.neural.model;

/**
 * Llama 3's rotary frequency scaling ({@code rope_scaling} with {@code rope_type: llama3}): long
 * wavelengths are slowed by {@code factor}, short ones kept, and those between blended smoothly, so
 * a model trained on {@code originalMaxPositions} positions reads longer contexts.
 *
 * @param factor how much the low frequencies are divided by
 * @param lowFreqFactor wavelengths above originalMaxPositions / lowFreqFactor are fully scaled
 * @param highFreqFactor wavelengths below originalMaxPositions / highFreqFactor are kept
 * @param originalMaxPositions the context length the base frequencies were trained for
 */
public record RopeScaling(
        double factor, double lowFreqFactor, double highFreqFactor, int originalMaxPositions) {

    public RopeScaling {
        if (!(factor >= 1) || !(lowFreqFactor > 0) || !(highFreqFactor > lowFreqFactor)) {
            throw new org.rlanything.core.BadInputException(
                    "llama3 rope scaling needs factor >= 1 and 0 < low_freq_factor <"
                            + " high_freq_factor, got "
                            + factor
                            + ", "
                            + lowFreqFactor
                            + ", "
                            + highFreqFactor
                            + ".");
        }
        if (originalMaxPositions <= 0) {
            throw new org.rlanything.core.BadInputException(
                    "original_max_position_embeddings must be > 0, got "
                            + originalMaxPositions
                            + ".");
        }
    }

    /**
     * The scaled inverse frequency of one rotary pair. How: a pair turning with wavelength λ = 2π /
     * invFreq is left alone when λ < L / highFreqFactor (L = originalMaxPositions), divided by
     * factor when λ > L / lowFreqFactor, and in between blended as (1 − s)·invFreq/factor +
     * s·invFreq with s = (L/λ − lowFreqFactor) / (highFreqFactor − lowFreqFactor), as in Hugging
     * Face's {@code _compute_llama3_parameters}.
     */
    public double scale(double invFreq) {
        double wavelength = 2 * Math.PI / invFreq;
        double lowFreqWavelength = originalMaxPositions / lowFreqFactor;
        double highFreqWavelength = originalMaxPositions / highFreqFactor;
        if (wavelength < highFreqWavelength) {
            return invFreq;
        }
        if (wavelength > lowFreqWavelength) {
            return invFreq / factor;
        }
        double smooth =
                (originalMaxPositions / wavelength - lowFreqFactor)
                        / (highFreqFactor - lowFreqFactor);
        return (1 - smooth) * invFreq / factor + smooth * invFreq;
    }
}
