package org.rlanything.neural.provider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.WeightsTransfer.VersionedWeights;
import org.rlanything.core.imitation.Demonstration;
import org.rlanything.core.imitation.Imitable;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.NeuralPolicy;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainingSequence;

/**
 * The generic warm start's policy while it imitates ({@link
 * org.rlanything.core.imitation.Imitation}): the model acting as the run's policy will (its listed
 * commands scored, one drawn at temperature 1), trained by supervised steps on the demonstrated
 * commands. Without a fixed step count the steps are sized from the data: {@value #EPOCHS} passes
 * over the demonstrations, between {@value #MIN_STEPS} and {@value #MAX_STEPS} steps. Its snapshot
 * (for keeping the best round) is the model's weights.
 */
final class ClonePolicy implements Policy, Imitable, Checkpointable {

    /** Passes over the demonstrations of one imitation call, where the steps are sized. */
    static final int EPOCHS = 4;

    /** The fewest sized steps. */
    static final int MIN_STEPS = 50;

    /** The most sized steps. */
    static final int MAX_STEPS = 3000;

    private static final String FILE = "clone-weights.safetensors";

    private final NeuralModel model;
    private final PromptFormat format;
    private final NeuralPolicy acting;
    private final int fixedSteps;
    private final int batch;
    private final double learningRate;

    /**
     * @param fixedSteps supervised steps of every imitation call, or −1 to size them from the data
     */
    ClonePolicy(
            NeuralModel model,
            PromptFormat format,
            int fixedSteps,
            int batch,
            double learningRate) {
        this.model = model;
        this.format = format;
        this.acting =
                new NeuralPolicy(
                        model,
                        format,
                        new SamplingConfig(1.0, 1.0, GenericWarmStart.RESPONSE_TOKENS));
        this.fixedSteps = fixedSteps;
        this.batch = batch;
        this.learningRate = learningRate;
    }

    /** The steps one call takes on {@code n} demonstrations. */
    int steps(int n) {
        if (fixedSteps >= 0) {
            return fixedSteps;
        }
        int sized = (int) Math.ceil(EPOCHS * (double) n / batch);
        return Math.max(MIN_STEPS, Math.min(MAX_STEPS, sized));
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        return acting.act(contexts, rngs);
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        throw new UnsupportedOperationException("the warm start's clone is trained by imitation");
    }

    /** The loss is the mean token cross-entropy of the last steps; agreement is not measured. */
    @Override
    public ImitationFit imitate(List<Demonstration> demonstrations, RandomGenerator rng) {
        List<TrainingSequence> data = new ArrayList<>(demonstrations.size());
        for (Demonstration d : demonstrations) {
            data.add(
                    new TrainingSequence(
                            model.encodePrompt(format.policyPrompt(d.context())).tokens(),
                            model.encodeResponse(format.commandResponse(d.command())),
                            1.0));
        }
        int steps = steps(data.size());
        double loss = model.supervised().warmStart(data, steps, batch, learningRate, rng);
        return new ImitationFit(steps, loss, Double.NaN);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.write(directory.resolve(FILE), model.exportWeights().bytes());
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        model.importWeights(
                new VersionedWeights(
                        NeuralModel.WEIGHTS_FORMAT,
                        NeuralModel.WEIGHTS_VERSION,
                        Files.readAllBytes(directory.resolve(FILE))));
    }
}
