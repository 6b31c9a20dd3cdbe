package org.rlanything.linear.provider;

import java.util.Locale;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.linear.StepSizing;

/** The {@code step_sizing} key of the linear policy: {@code shared} or {@code per_weight}. */
final class StepSizingName {

    private StepSizingName() {}

    static String check(String key, String value) {
        String v = value == null ? "shared" : value.toLowerCase(Locale.ROOT);
        if (!v.equals("shared") && !v.equals("per_weight")) {
            throw new InvalidValueException(
                    key, "expected shared or per_weight, got '" + value + "'.");
        }
        return v;
    }

    static StepSizing sizing(String checked) {
        return checked.equals("per_weight") ? StepSizing.PER_WEIGHT : StepSizing.SHARED;
    }
}
