package org.rlanything.coding.mini;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates miniature-language problems from the families, deterministically from a seed: a family
 * of the requested split, a parameter k in 1..9 (2..9 for modulo), and {@code tests} inputs of
 * small integers (−9..9; 0..20 for modulo), each expected output computed by running the family's
 * reference program, so a problem's tests and reference always agree.
 */
public final class MiniProblemGenerator {

    private final StackInterpreter interpreter = StackInterpreter.defaults();
    private final int tests;

    public MiniProblemGenerator(int tests) {
        if (tests < 1) {
            throw new IllegalArgumentException("tests per problem must be >= 1, got " + tests);
        }
        this.tests = tests;
    }

    /** The families of one split. */
    public static List<ProblemFamily> families(boolean inDomain) {
        List<ProblemFamily> out = new ArrayList<>();
        for (ProblemFamily f : ProblemFamily.values()) {
            if (f.inDomain() == inDomain) {
                out.add(f);
            }
        }
        return out;
    }

    /** {@code count} problems of one split, from the seed. */
    public List<MiniProblem> generate(boolean inDomain, int count, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<ProblemFamily> families = families(inDomain);
        List<MiniProblem> problems = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            problems.add(generate(families.get(rng.nextInt(families.size())), rng));
        }
        return problems;
    }

    /** One problem of a family. */
    public MiniProblem generate(ProblemFamily family, SplittableRandom rng) {
        long k =
                family.parameterised()
                        ? family.minK() + rng.nextInt((int) (10 - family.minK()))
                        : 0;
        return generate(family, k, tests, rng.nextLong());
    }

    /**
     * {@code count} problems of the in-domain families with their statements reworded ({@link
     * Rewordings}): the same programs asked for in words the policy never trained on.
     */
    public List<MiniProblem> generateReworded(int count, long seed) {
        List<MiniProblem> out = new ArrayList<>();
        for (MiniProblem p : generate(true, count, seed)) {
            long k = parameter(p.id());
            out.add(
                    new MiniProblem(
                            p.id() + "-reworded",
                            p.family(),
                            Rewordings.statement(p.family(), k),
                            p.reference(),
                            p.tests()));
        }
        return out;
    }

    /**
     * The problem of a family with parameter k and {@code testCount} tests drawn from {@code
     * testSeed}; the expected outputs come from the reference program.
     */
    public MiniProblem generate(ProblemFamily family, long k, int testCount, long testSeed) {
        if (testCount < 1) {
            throw new IllegalArgumentException("tests per problem must be >= 1, got " + testCount);
        }
        String reference = family.reference(k);
        SplittableRandom inputs = new SplittableRandom(testSeed);
        List<MiniTest> list = new ArrayList<>();
        for (int t = 0; t < testCount; t++) {
            List<Long> in = new ArrayList<>();
            for (int a = 0; a < family.arity(); a++) {
                in.add(
                        family == ProblemFamily.MOD_K
                                ? inputs.nextLong(0, 21)
                                : inputs.nextLong(-9, 10));
            }
            StackInterpreter.Result r = interpreter.run(reference, in);
            if (!r.ok()) {
                throw new IllegalStateException(
                        "the reference of " + family + " failed on " + in + ": " + r.error());
            }
            list.add(new MiniTest(in, r.output()));
        }
        String id =
                family.name().toLowerCase(java.util.Locale.ROOT)
                        + "-k"
                        + k
                        + "-"
                        + Long.toHexString(testSeed)
                        + (testCount == tests ? "" : "-t" + testCount);
        return new MiniProblem(id, family, family.statement(k), reference, list);
    }

    /** The parameter k of a generated problem, read back from its id ({@code family-kK-...}). */
    public static long parameter(String id) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("-k(\\d+)-").matcher(id);
        if (!m.find()) {
            throw new IllegalArgumentException("problem id " + id + " names no parameter k");
        }
        return Long.parseLong(m.group(1));
    }
}
