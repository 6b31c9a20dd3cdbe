package org.rlanything.neural.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;

/**
 * The {@code base_dtype} key of a neural section: {@code f32} (default) or {@code f16}, the latter
 * only with LoRA (it holds the frozen base; a full update trains every weight in float32).
 */
final class BaseDtype {

    private BaseDtype() {}

    /** The checked value of {@code base_dtype} for a section of LoRA rank {@code loraRank}. */
    static String check(String baseDtype, int loraRank) {
        String value = Check.nonEmpty("base_dtype", baseDtype, "f32");
        if (!value.equals("f32") && !value.equals("f16")) {
            throw new InvalidValueException(
                    "base_dtype", "expected \"f32\" or \"f16\", got \"" + value + "\".");
        }
        if (value.equals("f16") && loraRank == 0) {
            throw new InvalidValueException(
                    "base_dtype",
                    "f16 holds a LoRA model's frozen base; set lora_rank > 0 (a full update trains"
                            + " every weight in float32).");
        }
        return value;
    }
}
