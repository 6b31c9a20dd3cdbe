package org.rlanything.core;

/**
 * One reward-model sample's judgement of one step: +1, -1, or invalid (no parseable verdict).
 *
 * <p>How it is parsed (method.md §4, [Proj]): take the text inside the <em>last</em> {@code
 * \boxed{...}}, trim it, map Unicode minus signs to {@code -}, and accept exactly {@code 1}, {@code
 * +1} or {@code -1}. Everything else is {@link #INVALID}: neutral (0) in the policy's integrated
 * reward and penalised with -2 in the reward model's consistency reward.
 */
public enum Verdict {
    POSITIVE(1),
    NEGATIVE(-1),
    INVALID(0);

    private final int value;

    Verdict(int value) {
        this.value = value;
    }

    /** +1, -1, or 0 for invalid: the value that enters the integrated reward's sum. */
    public int value() {
        return value;
    }

    public boolean isValid() {
        return this != INVALID;
    }

    /** The verdict for a sign: {@code +1 -> POSITIVE}, {@code -1 -> NEGATIVE}. */
    public static Verdict ofSign(int sign) {
        if (sign == 1) {
            return POSITIVE;
        }
        if (sign == -1) {
            return NEGATIVE;
        }
        throw new IllegalArgumentException("A verdict sign must be +1 or -1, got " + sign + ".");
    }

    /**
     * Parses the final verdict of a generated judgment; see the class comment for the exact rule.
     */
    public static Verdict parse(String text) {
        if (text == null) {
            return INVALID;
        }
        int open = text.lastIndexOf("\\boxed{");
        if (open < 0) {
            return INVALID;
        }
        int start = open + "\\boxed{".length();
        int close = text.indexOf('}', start);
        if (close < 0) {
            return INVALID;
        }
        String inner =
                text.substring(start, close)
                        .strip()
                        .replace('\u2212', '-') // MINUS SIGN
                        .replace('\u2013', '-') // EN DASH
                        .replace('\u2012', '-') // FIGURE DASH
                        .replace('\uFE63', '-') // SMALL HYPHEN-MINUS
                        .replace('\uFF0D', '-'); // FULLWIDTH HYPHEN-MINUS
        switch (inner) {
            case "1":
            case "+1":
                return POSITIVE;
            case "-1":
                return NEGATIVE;
            default:
                return INVALID;
        }
    }
}
