package org.rlanything.coding.mini;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Second wordings of the in-domain families' statements, for the held-out set of new statements:
 * the same programs asked for in words the training pool never uses, so success there measures
 * whether the policy reads the statement or recalls its templates.
 */
public final class Rewordings {

    private static final Map<ProblemFamily, String> STATEMENTS = new EnumMap<>(ProblemFamily.class);

    static {
        STATEMENTS.put(ProblemFamily.ADD_K, "Add %d to the number.");
        STATEMENTS.put(ProblemFamily.MUL_K, "Multiply the number by %d.");
        STATEMENTS.put(ProblemFamily.SUB_K, "Subtract %d from the number.");
        STATEMENTS.put(ProblemFamily.SUM_TWO, "Add the two numbers together.");
        STATEMENTS.put(ProblemFamily.DIFF_TWO, "Subtract the second number from the first.");
        STATEMENTS.put(ProblemFamily.MAX_TWO, "Output the maximum of the two numbers.");
        STATEMENTS.put(ProblemFamily.SQUARE, "Multiply the number by itself.");
        STATEMENTS.put(ProblemFamily.AFFINE, "Double the number, then add %d.");
    }

    private Rewordings() {}

    /** The reworded statement of an in-domain family for parameter k. */
    public static String statement(ProblemFamily family, long k) {
        String template = STATEMENTS.get(family);
        if (template == null) {
            throw new IllegalArgumentException(
                    "the family " + family + " has no second wording (in-domain families only)");
        }
        return template.contains("%d") ? String.format(Locale.ROOT, template, k) : template;
    }
}
