package org.rlanything.linear.provider;

import java.util.Locale;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.linear.Optimizer;

/** The {@code optimizer} key of the linear sections: {@code adam} or {@code sgd}. */
final class OptimizerName {

    private OptimizerName() {}

    static String check(String key, String value) {
        String v = value == null ? "adam" : value.toLowerCase(Locale.ROOT);
        if (!v.equals("adam") && !v.equals("sgd")) {
            throw new InvalidValueException(key, "expected adam or sgd, got '" + value + "'.");
        }
        return v;
    }

    static Optimizer.Kind kind(String checked) {
        return checked.equals("sgd") ? Optimizer.Kind.SGD : Optimizer.Kind.ADAM;
    }
}
