package org.rlanything.core.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.reward.RewardModelWeighting;

/**
 * What the consistency objective drives a judge to (method.md §4, "Weighting"): the loop's exact
 * reward-model samples ({@link RewardModelData}: consistency reward, per-step z-scoring, weighting)
 * and the §3 update (PPO-clip surrogate plus k3 over U minibatches, log π_old fixed before the
 * first, AdamW with moments reset each iteration) on a logistic judge whose input is the step's
 * true label.
 *
 * <p>The simulated world has the shape that makes per-step weighting fail on ALFWorld: won rollouts
 * end after 6-14 steps, failed ones run all H = 30; a step of a won rollout is GOOD with
 * probability 0.7, one of a failed rollout with 0.3; task accuracies 2/6, 3/6, 4/6. So a quarter of
 * the judged steps come from wins, and P(won | GOOD) under per-step weighting is 0.25·0.7 /
 * (0.25·0.7 + 0.75·0.3) = 0.44 < ½: the per-step optimum is "−1" even on GOOD steps, while with won
 * and failed rollouts weighed equally it is 0.7 > ½ on GOOD and 0.3 < ½ on BAD, the label.
 */
class JudgeObjectiveTest {

    static final int ROLLOUTS = 6;
    static final int VERDICTS = 3;
    static final int HORIZON = 30;
    static final int TASKS = 8;
    static final double LAMBDA = 1.0;

    @Test
    void aPerfectlyInformedJudgeLearnsTheLabelOnlyWhenWonAndFailedRolloutsWeighTheSame() {
        for (long seed : new long[] {1, 2, 3}) {
            double balanced = train(RewardModelWeighting.BALANCED, seed, 150);
            double perStep = train(RewardModelWeighting.STEP, seed, 150);
            assertTrue(balanced >= 0.95, "BALANCED, seed " + seed + ": " + balanced);
            assertTrue(perStep <= 0.55, "STEP, seed " + seed + ": " + perStep);
        }
    }

    @Test
    void aConstantJudgeGetsZeroExpectedAdvantageOnlyUnderBalancedWeighting() {
        // Every verdict triple appears once on each step of a won rollout (8 steps) and three times
        // on the failed one (24 steps); weighing each sample by the probability of its triple under
        // a constant judge with P(+1) = p gives the expected gradient on the judge's bias,
        // Σ A·(y − p) = Σ A·y (the m advantages of a step sum to 0).
        Trajectory won = trajectory(true, 8);
        Trajectory lost = trajectory(false, 24);
        List<List<Judgment>> wonJudgments = new ArrayList<>();
        List<List<Judgment>> lostJudgments = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            List<Judgment> triple = triple(i % 8);
            if (i < 8) {
                wonJudgments.add(triple);
            }
            lostJudgments.add(triple);
        }
        TaskRollouts rollouts =
                new TaskRollouts(
                        TaskRollouts.Role.ACTIVE,
                        0,
                        won.task(),
                        List.of(won, lost),
                        List.of(wonJudgments, lostJudgments));
        for (double p : new double[] {0.1, 0.5, 0.8}) {
            double balanced =
                    expectedBiasGradient(
                            RewardModelData.samples(
                                    rollouts, LAMBDA, RewardModelWeighting.BALANCED),
                            p);
            double perStep =
                    expectedBiasGradient(
                            RewardModelData.samples(rollouts, LAMBDA, RewardModelWeighting.STEP),
                            p);
            assertEquals(0.0, balanced, 1e-12, "BALANCED, p = " + p);
            // STEP: the failure's 3x as many steps push +1 down: 1·X − 3·X with X = √2·3p(1−p).
            assertEquals(-2 * Math.sqrt(2) * 3 * p * (1 - p), perStep, 1e-9, "STEP, p = " + p);
        }
    }

    /** Σ over samples of P(triple)·A·[verdict = +1], the triple read from the step's judgments. */
    private static double expectedBiasGradient(List<RewardModelSample> samples, double p) {
        double sum = 0;
        for (RewardModelSample s : samples) {
            // Step i of either rollout was judged with triple(i % 8).
            int positives = 0;
            int index = s.request().stepIndex() % 8;
            for (int j = 0; j < VERDICTS; j++) {
                positives += (index >> j & 1) == 1 ? 1 : 0;
            }
            double probability = Math.pow(p, positives) * Math.pow(1 - p, VERDICTS - positives);
            boolean positive = s.judgment().verdict().value() > 0;
            sum += probability * s.advantage() * (positive ? 1 : 0);
        }
        return sum;
    }

    /** Triple number {@code bits}: verdict j is +1 when bit j is set. */
    private static List<Judgment> triple(int bits) {
        List<Judgment> out = new ArrayList<>();
        for (int j = 0; j < VERDICTS; j++) {
            out.add(Judgment.parsed((bits >> j & 1) == 1 ? "\\boxed{1}" : "\\boxed{-1}", 0, null));
        }
        return out;
    }

    private static Trajectory trajectory(boolean won, int length) {
        List<StepLabel> labels = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            labels.add(StepLabel.GOOD);
        }
        return trajectory(won, labels);
    }

    private static Trajectory trajectory(boolean won, List<StepLabel> labels) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            steps.add(
                    new Step(
                            i,
                            "o",
                            List.of("a"),
                            new Action("a", " a", 0, null),
                            "o",
                            labels.get(i)));
        }
        return new Trajectory(new ScriptedWorld.ScriptedTask("t", 0), 0, steps, won);
    }

    /**
     * Trains the logistic judge for {@code iterations} loop iterations under {@code weighting} and
     * returns its balanced process accuracy, (TPR + TNR) / 2 = (σ(a + b) + 1 − σ(−a + b)) / 2.
     */
    static double train(RewardModelWeighting weighting, long seed, int iterations) {
        SplittableRandom rng = new SplittableRandom(seed);
        LogisticJudge judge = new LogisticJudge();
        for (int t = 0; t < iterations; t++) {
            List<RewardModelSample> samples = new ArrayList<>();
            for (int q = 0; q < TASKS; q++) {
                int wins = 2 + rng.nextInt(3);
                List<Trajectory> trajectories = new ArrayList<>();
                List<List<List<Judgment>>> judgments = new ArrayList<>();
                for (int r = 0; r < ROLLOUTS; r++) {
                    boolean won = r < wins;
                    int length = won ? 6 + rng.nextInt(9) : HORIZON;
                    List<StepLabel> labels = new ArrayList<>();
                    List<List<Judgment>> steps = new ArrayList<>();
                    for (int i = 0; i < length; i++) {
                        StepLabel label =
                                rng.nextDouble() < (won ? 0.7 : 0.3)
                                        ? StepLabel.GOOD
                                        : StepLabel.BAD;
                        labels.add(label);
                        steps.add(judge.judge(label, rng));
                    }
                    trajectories.add(trajectory(won, labels));
                    judgments.add(steps);
                }
                TaskRollouts rollouts =
                        new TaskRollouts(
                                TaskRollouts.Role.ACTIVE,
                                q,
                                trajectories.get(0).task(),
                                trajectories,
                                judgments);
                samples.addAll(RewardModelData.samples(rollouts, LAMBDA, weighting));
            }
            if (!samples.isEmpty()) {
                judge.update(samples, rng);
            }
        }
        return judge.balancedAccuracy();
    }

    /**
     * A judge whose verdict is +1 with probability σ(a·x + b), x = +1 on a GOOD step and −1 on a
     * BAD one: a perfectly informative input. Starts as a coin (a = b = 0).
     */
    static final class LogisticJudge {
        static final double EPSILON = 0.2;
        static final double BETA = 0.01;
        static final double CLAMP = 10;
        static final int OPTIMIZER_STEPS = 4;
        static final double LEARNING_RATE = 0.05;

        double a;
        double b;

        List<Judgment> judge(StepLabel label, SplittableRandom rng) {
            double p = sigmoid(a * x(label) + b);
            List<Judgment> out = new ArrayList<>(VERDICTS);
            for (int j = 0; j < VERDICTS; j++) {
                out.add(
                        Judgment.parsed(
                                rng.nextDouble() < p ? "\\boxed{1}" : "\\boxed{-1}", 0, null));
            }
            return out;
        }

        /**
         * One iteration's update (method.md §3): log π_old from the model before the first step;
         * the samples shuffled and split into U near-equal minibatches; on each, the mean over its
         * samples of −min(ρA, clip(ρ, 1±ε)A) + β·k3 with δ = clamp(log π − log π_old, ±10), ρ =
         * e^δ, k3 = e^−δ − 1 + δ; one AdamW step (betas 0.9/0.999, eps 1e-8, no decay) each, with
         * fresh moments.
         */
        void update(List<RewardModelSample> samples, SplittableRandom rng) {
            List<RewardModelSample> order = new ArrayList<>(samples);
            for (int i = order.size() - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                RewardModelSample swap = order.get(i);
                order.set(i, order.get(j));
                order.set(j, swap);
            }
            double[] old = new double[order.size()];
            for (int s = 0; s < order.size(); s++) {
                old[s] = logProb(order.get(s));
            }
            double[] m = new double[2];
            double[] v = new double[2];
            for (int u = 0; u < OPTIMIZER_STEPS; u++) {
                int from = u * order.size() / OPTIMIZER_STEPS;
                int to = (u + 1) * order.size() / OPTIMIZER_STEPS;
                if (to <= from) {
                    continue;
                }
                double[] gradient = new double[2];
                for (int s = from; s < to; s++) {
                    RewardModelSample sample = order.get(s);
                    double x = x(sample.request().step().label());
                    double y = sample.judgment().verdict().value() > 0 ? 1 : 0;
                    double advantage = sample.advantage();
                    double delta = logProb(sample) - old[s];
                    double clamped = Math.max(-CLAMP, Math.min(CLAMP, delta));
                    double ratio = Math.exp(clamped);
                    double clippedRatio = Math.max(1 - EPSILON, Math.min(1 + EPSILON, ratio));
                    boolean unclipped = ratio * advantage <= clippedRatio * advantage;
                    boolean inRange = Math.abs(delta) < CLAMP;
                    double dSurr = unclipped && inRange ? ratio * advantage : 0;
                    double dK3 = inRange ? 1 - Math.exp(-clamped) : 0;
                    double dLossDelta = (-dSurr + BETA * dK3) / (to - from);
                    double dLogit = y - sigmoid(a * x + b); // d log π(verdict) / d logit
                    gradient[0] += dLossDelta * dLogit * x;
                    gradient[1] += dLossDelta * dLogit;
                }
                double[] parameters = {a, b};
                for (int k = 0; k < 2; k++) {
                    m[k] = 0.9 * m[k] + 0.1 * gradient[k];
                    v[k] = 0.999 * v[k] + 0.001 * gradient[k] * gradient[k];
                    double mHat = m[k] / (1 - Math.pow(0.9, u + 1));
                    double vHat = v[k] / (1 - Math.pow(0.999, u + 1));
                    parameters[k] -= LEARNING_RATE * mHat / (Math.sqrt(vHat) + 1e-8);
                }
                a = parameters[0];
                b = parameters[1];
            }
        }

        private double logProb(RewardModelSample sample) {
            double p = sigmoid(a * x(sample.request().step().label()) + b);
            return sample.judgment().verdict().value() > 0 ? Math.log(p) : Math.log(1 - p);
        }

        double balancedAccuracy() {
            return (sigmoid(a + b) + 1 - sigmoid(-a + b)) / 2;
        }

        private static double x(StepLabel label) {
            return label == StepLabel.GOOD ? 1 : -1;
        }

        private static double sigmoid(double z) {
            return 1 / (1 + Math.exp(-z));
        }
    }
}
