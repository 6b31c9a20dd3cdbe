package org.rlanything.core.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a key of a settings record that a run of the method does not need to set: an {@link
 * Kind#EXPERIMENT_SWITCH} (an ablation, a project rule against the reference's, a simulated part
 * for a measurement) or an {@link Kind#EXPERT_BOUND} (a memory or speed bound of large models). The
 * generated config reference (docs/config-reference.md) lists these keys under their own heading,
 * after the keys a run needs; they work the same as any other key.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Advanced {

    /** Why the key is set by few. */
    Kind value();

    /** The two kinds of advanced keys. */
    enum Kind {
        /** Chooses between variants of the method, or simulates a part, for a measurement. */
        EXPERIMENT_SWITCH,
        /** Bounds memory or time for models larger than the embedded ones. */
        EXPERT_BOUND
    }
}
