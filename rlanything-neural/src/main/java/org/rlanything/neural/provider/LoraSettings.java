package org.rlanything.neural.provider;

/**
 * LoRA for a model section: rank 0 trains every weight.
 *
 * @param rank r (0: no adapters)
 * @param alpha the scale numerator (update = alpha / r · B A)
 */
public record LoraSettings(int rank, double alpha) {

    /** Full fine-tuning. */
    public static final LoraSettings NONE = new LoraSettings(0, 0);

    public boolean enabled() {
        return rank > 0;
    }
}
