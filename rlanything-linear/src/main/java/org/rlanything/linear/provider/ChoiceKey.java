package org.rlanything.linear.provider;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.rlanything.core.config.InvalidValueException;

/**
 * A key whose value names one constant of an enum, in lower case: {@code optimizer} ({@code adam}
 * or {@code sgd}), {@code step_sizing} ({@code shared} or {@code per_weight}).
 */
final class ChoiceKey {

    private ChoiceKey() {}

    /**
     * The value in lower case ({@code fallback}'s name where absent); any other name is refused.
     */
    static <E extends Enum<E>> String check(String key, String value, E fallback) {
        String v = value == null ? name(fallback) : value.toLowerCase(Locale.ROOT);
        E[] choices = fallback.getDeclaringClass().getEnumConstants();
        if (Arrays.stream(choices).noneMatch(c -> name(c).equals(v))) {
            throw new InvalidValueException(
                    key,
                    "expected "
                            + Arrays.stream(choices)
                                    .map(ChoiceKey::name)
                                    .collect(Collectors.joining(" or "))
                            + ", got '"
                            + value
                            + "'.");
        }
        return v;
    }

    /** The constant a checked value names. */
    static <E extends Enum<E>> E constant(Class<E> type, String checked) {
        return Enum.valueOf(type, checked.toUpperCase(Locale.ROOT));
    }

    private static String name(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }
}
