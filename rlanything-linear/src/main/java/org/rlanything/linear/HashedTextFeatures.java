package org.rlanything.linear;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.spi.StepFeatures;

/**
 * The features of any text environment, for an environment that supplies none: words hashed into
 * {@code dimension} signed buckets (the hashing trick).
 *
 * <h2>How and why</h2>
 *
 * A word is a run of letters, digits, {@code -} and {@code _}, lower-cased. The policy's φ(s, a)
 * holds the command's words ({@code c=w}), every pair of an observation word and a command word
 * ({@code p=o|w}: which command fits which situation, the part a linear model cannot build from
 * words alone) and whether the command repeats the previous one. The judge's ψ(step) holds the same
 * for (before, command) and the words the step added to and removed from the observation ({@code
 * a=w}, {@code d=w}), whether the observation stayed the same, and a bias. Each group is scaled by
 * 1/√(its size), so a long observation does not drown the command. A feature lands in bucket
 * hash(name) mod dimension with the sign of another bit of the hash (collisions then cancel on
 * average instead of adding up). The hash is 64-bit FNV-1a over the name's characters: the same on
 * every machine and run.
 */
public final class HashedTextFeatures implements StepFeatures {

    private final int dimension;
    private final List<String> names;

    /** Features hashed into {@code dimension} buckets. */
    public HashedTextFeatures(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        this.dimension = dimension;
        List<String> n = new ArrayList<>(dimension);
        for (int i = 0; i < dimension; i++) {
            n.add("hash" + i);
        }
        this.names = List.copyOf(n);
    }

    @Override
    public List<String> policyFeatureNames() {
        return names;
    }

    @Override
    public double[][] policy(PolicyContext context) {
        List<String> commands = context.admissibleActions();
        double[][] rows = new double[commands.size()][];
        Set<String> observed = words(context.observation());
        String previous =
                context.history().isEmpty()
                        ? null
                        : context.history().get(context.history().size() - 1).action().command();
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new double[dimension];
            addSituation(rows[i], observed, commands.get(i), previous);
        }
        return rows;
    }

    @Override
    public List<String> judgeFeatureNames() {
        return names;
    }

    @Override
    public double[] judge(JudgeRequest request) {
        Step step = request.step();
        double[] row = new double[dimension];
        Set<String> before = words(step.observation());
        Set<String> after = words(step.nextObservation());
        String previous =
                request.stepIndex() == 0
                        ? null
                        : request.trajectory()
                                .steps()
                                .get(request.stepIndex() - 1)
                                .action()
                                .command();
        addSituation(row, before, step.action().command(), previous);
        List<String> added = new ArrayList<>();
        for (String w : after) {
            if (!before.contains(w)) {
                added.add("a=" + w);
            }
        }
        List<String> removed = new ArrayList<>();
        for (String w : before) {
            if (!after.contains(w)) {
                removed.add("d=" + w);
            }
        }
        addGroup(row, added);
        addGroup(row, removed);
        if (step.observation().equals(step.nextObservation())) {
            add(row, "unchanged", 1);
        }
        add(row, "bias", 1);
        return row;
    }

    private void addSituation(double[] row, Set<String> observed, String command, String previous) {
        Set<String> commandWords = words(command);
        List<String> own = new ArrayList<>();
        List<String> pairs = new ArrayList<>();
        for (String c : commandWords) {
            own.add("c=" + c);
            for (String o : observed) {
                pairs.add("p=" + o + "|" + c);
            }
        }
        addGroup(row, own);
        addGroup(row, pairs);
        if (command.equals(previous)) {
            add(row, "repeat", 1);
        }
    }

    private void addGroup(double[] row, List<String> features) {
        if (features.isEmpty()) {
            return;
        }
        double scale = 1 / Math.sqrt(features.size());
        for (String f : features) {
            add(row, f, scale);
        }
    }

    private void add(double[] row, String feature, double value) {
        long h = fnv1a(feature);
        int bucket = (int) Math.floorMod(h, (long) dimension);
        row[bucket] += (h >>> 63) == 0 ? value : -value;
    }

    /** The distinct words of {@code text}, in order of first appearance. */
    static Set<String> words(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_-]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** 64-bit FNV-1a over the characters of {@code text}. */
    static long fnv1a(String text) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }
}
