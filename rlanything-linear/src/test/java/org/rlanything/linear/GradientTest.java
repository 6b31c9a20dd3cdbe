package org.rlanything.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rlanything.core.spi.StepFeatures;

/**
 * The policy's and the judge's gradients against central finite differences of their objectives.
 */
class GradientTest {

    private static final int DIM = 7;

    /** Features of a fixed size; the tests feed the examples directly. */
    static StepFeatures fixed(int dim) {
        return new HashedTextFeatures(dim);
    }

    @ParameterizedTest
    @CsvSource({
        "0.0, 0.0, 0.0, 0.0",
        "0.2, 0.0, 0.0, 0.0",
        "0.0, 0.5, 0.0, 0.0",
        "0.2, 0.5, 0.0, 0.0",
        "0.0, 0.0, 0.3, 0.0",
        "0.2, 0.5, 0.3, 0.0",
        "0.0, 0.0, 0.3, 5.0",
        "0.0, 0.0, 0.3, 0.01"
    })
    void thePolicyGradientIsTheObjectivesDerivative(
            double clip, double klToStart, double entropyBonus, double entropyTarget) {
        Random random = new Random(7);
        LinearPolicy policy =
                new LinearPolicy(fixed(DIM), Optimizer.Kind.ADAM, 0.1, 1, 0.7, 0.05, clip)
                        .withKlToStart(klToStart)
                        .withEntropyBonus(entropyBonus)
                        .withEntropyTarget(entropyTarget);
        policy.startWith(randomVector(random, DIM)); // the anchor: another policy than w's
        double[] w = randomVector(random, DIM);
        List<LinearPolicy.Example> examples = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            int candidates = 2 + random.nextInt(4);
            double[][] rows = new double[candidates][];
            for (int b = 0; b < candidates; b++) {
                rows[b] = randomVector(random, DIM);
            }
            int chosen = random.nextInt(candidates);
            // the sampling policy: near the current one, so that some ratios leave [1-ε, 1+ε]
            double sampled =
                    Math.log(policy.probabilities(w, rows)[chosen]) + random.nextGaussian() * 0.3;
            examples.add(new LinearPolicy.Example(rows, chosen, random.nextGaussian(), sampled));
        }
        int[] clipped = new int[1];
        double[] analytic = policy.gradient(w, examples, clipped);
        double[] numeric = numeric(v -> policy.objective(v, examples), w);
        for (int k = 0; k < DIM; k++) {
            assertEquals(numeric[k], analytic[k], 1e-6, "component " + k);
        }
        if (clip > 0) {
            assertTrue(clipped[0] > 0 && clipped[0] < examples.size(), "some but not all clipped");
        }
    }

    /**
     * With nothing to learn (every advantage 0), the bonus alone softens a sharp policy towards the
     * uniform one; with a floor H* the policy settles near H* instead.
     */
    @Test
    void theEntropyBonusSoftensASharpPolicyUpToItsFloor() {
        Random random = new Random(5);
        List<LinearPolicy.Example> examples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            double[][] rows = new double[4][];
            for (int b = 0; b < 4; b++) {
                rows[b] = randomVector(random, DIM);
            }
            examples.add(new LinearPolicy.Example(rows, 0, 0.0, 0.0));
        }
        double[] sharp = randomVector(random, DIM);
        for (int k = 0; k < DIM; k++) {
            sharp[k] *= 8;
        }
        double uniform = Math.log(4);
        double floor = 0.4;
        double[] entropies = new double[2];
        for (int run = 0; run < 2; run++) {
            LinearPolicy policy =
                    new LinearPolicy(fixed(DIM), Optimizer.Kind.ADAM, 0.1, 1, 1.0, 0.0, 0.0)
                            .withEntropyBonus(0.5)
                            .withEntropyTarget(run == 0 ? 0.0 : floor);
            double[] w = sharp.clone();
            assertTrue(policy.meanEntropy(w, examples) < 0.2, "starts sharp");
            Optimizer optimizer = new Optimizer(Optimizer.Kind.ADAM, 0.1, DIM);
            for (int s = 0; s < 3000; s++) {
                optimizer.ascend(w, policy.gradient(w, examples, new int[1]));
            }
            entropies[run] = policy.meanEntropy(w, examples);
        }
        assertTrue(entropies[0] > 0.9 * uniform, "no floor: near uniform, " + entropies[0]);
        assertEquals(floor, entropies[1], 0.1, "settles near its floor");
    }

    @ParameterizedTest
    @ValueSource(doubles = {1.0, 2.5})
    void theJudgeGradientIsTheObjectivesDerivative(double temperature) {
        Random random = new Random(11);
        LinearJudge judge =
                new LinearJudge(fixed(DIM), Optimizer.Kind.SGD, 0.1, 1, 0.03)
                        .withTemperature(temperature);
        double[] v = randomVector(random, DIM);
        List<LinearJudge.Example> examples = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            examples.add(
                    new LinearJudge.Example(
                            randomVector(random, DIM),
                            random.nextBoolean(),
                            random.nextGaussian()));
        }
        double[] analytic = judge.gradient(v, examples);
        double[] numeric = numeric(x -> judge.objective(x, examples), v);
        for (int k = 0; k < DIM; k++) {
            assertEquals(numeric[k], analytic[k], 1e-7, "component " + k);
        }
    }

    @Test
    void adamAndSgdClimbTheObjective() {
        Random random = new Random(3);
        for (Optimizer.Kind kind : Optimizer.Kind.values()) {
            LinearJudge judge = new LinearJudge(fixed(DIM), kind, 0.05, 1, 0.0);
            List<LinearJudge.Example> examples = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                examples.add(
                        new LinearJudge.Example(
                                randomVector(random, DIM),
                                random.nextBoolean(),
                                random.nextGaussian()));
            }
            double[] w = new double[DIM];
            double start = judge.objective(w, examples);
            Optimizer optimizer = new Optimizer(kind, 0.05, DIM);
            for (int s = 0; s < 50; s++) {
                optimizer.ascend(w, judge.gradient(w, examples));
            }
            assertTrue(judge.objective(w, examples) > start + 1e-3, kind + " climbs");
        }
    }

    private static double[] numeric(java.util.function.ToDoubleFunction<double[]> f, double[] w) {
        double h = 1e-6;
        double[] g = new double[w.length];
        for (int k = 0; k < w.length; k++) {
            double[] plus = w.clone();
            double[] minus = w.clone();
            plus[k] += h;
            minus[k] -= h;
            g[k] = (f.applyAsDouble(plus) - f.applyAsDouble(minus)) / (2 * h);
        }
        return g;
    }

    private static double[] randomVector(Random random, int dim) {
        double[] x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = random.nextGaussian();
        }
        return x;
    }
}
