package org.rlanything.coding.mini;

/**
 * The generated problem families of the miniature language. Each has a statement template with a
 * parameter k, the number of inputs, and a reference program; {@link #inDomain()} says which split
 * it belongs to. The out-of-domain families need the same tokens in combinations the in-domain ones
 * never show (three inputs, a composition, a loop), so success there measures generalisation, not
 * recall.
 */
public enum ProblemFamily {
    ADD_K(true, 1, "Given a number x, output x plus %d.", "%d add"),
    MUL_K(true, 1, "Given a number x, output x times %d.", "%d mul"),
    SUB_K(true, 1, "Given a number x, output x minus %d.", "%d sub"),
    SUM_TWO(true, 2, "Given two numbers, output their sum.", "add"),
    DIFF_TWO(true, 2, "Given two numbers a and b, output a minus b.", "sub"),
    MAX_TWO(true, 2, "Given two numbers, output the larger one.", "max"),
    SQUARE(true, 1, "Given a number x, output x squared.", "sq"),
    AFFINE(true, 1, "Given a number x, output x times 2 plus %d.", "2 mul %d add"),
    SUM_THREE(false, 3, "Given three numbers, output their sum.", "add add"),
    MIN_THREE(false, 3, "Given three numbers, output the smallest one.", "min min"),
    SUM_TIMES_K(false, 2, "Given two numbers, output their sum times %d.", "add %d mul"),
    ABS_DIFF(
            false,
            2,
            "Given two numbers, output the absolute value of their difference.",
            "sub abs"),
    MOD_K(false, 1, "Given a number x, output x modulo %d.", "%d mod"),
    REPEAT_ADD(
            false,
            1,
            "Given a number x, add %d to it three times and output the result.",
            "3 [ %d add ] times");

    private final boolean inDomain;
    private final int arity;
    private final String statement;
    private final String reference;

    ProblemFamily(boolean inDomain, int arity, String statement, String reference) {
        this.inDomain = inDomain;
        this.arity = arity;
        this.statement = statement;
        this.reference = reference;
    }

    /** Whether the family belongs to the training (in-domain) split. */
    public boolean inDomain() {
        return inDomain;
    }

    /** How many numbers the input has. */
    public int arity() {
        return arity;
    }

    /** Whether the statement and the reference take the parameter k. */
    public boolean parameterised() {
        return statement.contains("%d");
    }

    /** The statement for parameter k. */
    public String statement(long k) {
        return parameterised() ? String.format(java.util.Locale.ROOT, statement, k) : statement;
    }

    /** The reference program for parameter k. */
    public String reference(long k) {
        return parameterised() ? reference.replace("%d", Long.toString(k)) : reference;
    }

    /** The smallest sensible k (MOD_K needs k >= 2). */
    public long minK() {
        return this == MOD_K ? 2 : 1;
    }
}
