package org.rlanything.core.judge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.UpdateStats;

/**
 * A controlled judge for measuring how good a judge must be before integrated feedback pays: each
 * of its m verdicts on a step is the step's true label, flipped independently with probability
 * {@code q}. It never learns (its update is a no-op), so a run with it isolates the policy's side
 * of the method from the quality of a trained judge. With q = 0.5 it is a coin; with q = 0 it is
 * the oracle.
 *
 * <p>The label is the restrained one ({@link Step#restrainedLabel()}) when the environment provides
 * it and {@code preferRestrained} is set, else the omniscient one; a step with no label at all gets
 * a fair coin. The expected balanced process accuracy against the label used is exactly {@code 1 −
 * q}.
 */
public final class LabelJudge implements RewardModel, Checkpointable {

    private static final String STATE_FILE = "label_judge.txt";

    private final double flipProbability;
    private final boolean preferRestrained;

    public LabelJudge(double flipProbability, boolean preferRestrained) {
        if (!(flipProbability >= 0 && flipProbability <= 1)) {
            throw new IllegalArgumentException(
                    "The flip probability must be in [0, 1], got " + flipProbability + ".");
        }
        this.flipProbability = flipProbability;
        this.preferRestrained = preferRestrained;
    }

    public double flipProbability() {
        return flipProbability;
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        RewardModel.requireOneGeneratorPerRequest(requests, rngs);
        List<List<Judgment>> out = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            StepLabel label = labelOf(requests.get(i).step());
            RandomGenerator rng = rngs.get(i);
            List<Judgment> judgments = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                boolean good =
                        label == StepLabel.UNKNOWN
                                ? rng.nextBoolean()
                                : (label == StepLabel.GOOD) != (rng.nextDouble() < flipProbability);
                judgments.add(
                        Judgment.parsed(
                                good ? "label \\boxed{1}" : "label \\boxed{-1}", 0.0, null));
            }
            out.add(judgments);
        }
        return out;
    }

    private StepLabel labelOf(Step step) {
        if (preferRestrained && step.restrainedLabel() != StepLabel.UNKNOWN) {
            return step.restrainedLabel();
        }
        return step.label();
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        return new UpdateStats(Map.of());
    }

    /** Saves the judge's settings, so a resumed run can check it continues with the same judge. */
    @Override
    public void saveTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(STATE_FILE), describe() + "\n", StandardCharsets.UTF_8);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        Path file = directory.resolve(STATE_FILE);
        String saved = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (!saved.equals(describe())) {
            throw new IOException(
                    file
                            + " holds a label judge \""
                            + saved
                            + "\", but this run's is \""
                            + describe()
                            + "\".");
        }
    }

    private String describe() {
        return String.format(
                Locale.ROOT,
                "flip_probability=%s label=%s",
                flipProbability,
                preferRestrained ? "restrained" : "planner");
    }
}
