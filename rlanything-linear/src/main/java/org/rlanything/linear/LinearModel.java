package org.rlanything.linear;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.rlanything.core.BadInputException;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.WeightsTransfer;

/**
 * The shared part of the linear policy and judge: one weight per named feature, the optimizer that
 * moves them, the weights file of a checkpoint ({@link WeightsFile}) and the weights as bytes for a
 * distributed engine (the count, then the weights as big-endian doubles).
 */
abstract class LinearModel implements Checkpointable, WeightsTransfer {

    /** The format of {@link #exportWeights()}. */
    public static final String TRANSFER_FORMAT = "rlanything-linear-weights";

    /** Its version. */
    public static final int TRANSFER_VERSION = 1;

    private final String role;
    private final String fileName;
    protected final List<String> names;
    protected double[] weights;
    protected final Optimizer optimizer;
    private final double learningRate;
    private StepSizing stepSizing = StepSizing.SHARED;

    LinearModel(String role, List<String> names, Optimizer.Kind kind, double learningRate) {
        this.role = role;
        this.fileName = "linear-" + role + ".json";
        this.names = List.copyOf(names);
        this.weights = new double[names.size()];
        this.optimizer = new Optimizer(kind, learningRate, names.size());
        this.learningRate = learningRate;
    }

    /** The feature names, one per weight. */
    public List<String> featureNames() {
        return names;
    }

    /** A copy of the weights. */
    public double[] weights() {
        return weights.clone();
    }

    /**
     * Starts from the weights of {@code file} (a weights file of this role whose feature names are
     * this model's); the optimizer starts fresh, its steps sized to them.
     */
    public void startFrom(Path file) {
        WeightsFile.Contents contents;
        try {
            contents = WeightsFile.read(file, role);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage(), e);
        }
        if (!contents.features().equals(names)) {
            throw new BadInputException(
                    "The weights file "
                            + file
                            + " names the features "
                            + contents.features()
                            + ", but this environment supplies "
                            + names
                            + ".");
        }
        weights = contents.weights().clone();
        scaleSteps();
    }

    /**
     * Starts from {@code start} (this model's size); the optimizer starts fresh, its steps sized to
     * them.
     */
    public void startWith(double[] start) {
        if (start.length != weights.length) {
            throw new IllegalArgumentException(
                    start.length + " starting weights for " + weights.length + " features.");
        }
        weights = start.clone();
        scaleSteps();
    }

    /**
     * Sizes the optimizer's steps to the weights the model starts from ({@link StepSizing}): by
     * default the configured rate times max(1, the root mean square of the starting weights). How
     * and why: Adam moves every weight by about its rate a step whatever the gradient's size, so a
     * rate that suits a start from zero weights (0.05) barely moves a clone whose weights are in
     * the tens (a 2048 clone's were 22 to 45: ten iterations at 0.05 changed its held-out success
     * by nothing, at 1.0 they lifted it from 0.547 to 0.703); steps relative to the weights' size
     * move every start alike. From zero weights the rate is the configured one.
     */
    private void scaleSteps() {
        double[] scales = new double[weights.length];
        if (stepSizing == StepSizing.PER_WEIGHT) {
            // A clone's weights can be lopsided (a checkers clone: one weight -67, most under 11; a
            // 2048 clone: 189 beside four weights under 2). One shared step sized to their root
            // mean square
            // moves the small weights by far more than their size each step, and they turn round
            // within a few steps; a step proportional to each weight keeps the clone's shape while
            // every weight moves by the same fraction of itself.
            optimizer.learningRate(learningRate);
            for (int i = 0; i < scales.length; i++) {
                scales[i] = Math.max(1.0, Math.abs(weights[i]));
            }
        } else {
            optimizer.learningRate(
                    learningRate * Math.max(1.0, norm(weights) / Math.sqrt(weights.length)));
            Arrays.fill(scales, 1.0);
        }
        optimizer.scales(scales);
    }

    /**
     * Chooses how the steps are sized to the starting weights ({@link StepSizing}); sizes them
     * again to the weights held now (call it before {@link #startWith} or {@link #startFrom}).
     */
    public void withStepSizing(StepSizing sizing) {
        this.stepSizing = sizing;
        scaleSteps();
    }

    /**
     * The optimizer's step size now (the configured rate, scaled to the starting weights); with
     * {@link StepSizing#PER_WEIGHT} the rate itself, each weight's step being {@link #stepSizes()}.
     */
    public double stepSize() {
        return optimizer.learningRate();
    }

    /** Each weight's step size now. */
    public double[] stepSizes() {
        return optimizer.stepSizes();
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        WeightsFile.write(
                directory.resolve(fileName),
                new WeightsFile.Contents(role, names, weights, optimizer.state()));
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        Path file = directory.resolve(fileName);
        WeightsFile.Contents contents = WeightsFile.read(file, role);
        if (!contents.features().equals(names)) {
            throw new IOException(
                    "The checkpoint file "
                            + file
                            + " names "
                            + contents.features().size()
                            + " features that are not this environment's "
                            + names.size()
                            + ".");
        }
        if (contents.optimizer().kind() != optimizer.kind()) {
            throw new IOException(
                    "The checkpoint file "
                            + file
                            + " was trained with "
                            + contents.optimizer().kind()
                            + ", this run's optimizer is "
                            + optimizer.kind()
                            + ".");
        }
        optimizer.restore(contents.optimizer());
        weights = contents.weights().clone();
    }

    @Override
    public VersionedWeights exportWeights() {
        ByteBuffer bytes = ByteBuffer.allocate(4 + 8 * weights.length);
        bytes.putInt(weights.length);
        for (double w : weights) {
            bytes.putDouble(w);
        }
        return new VersionedWeights(TRANSFER_FORMAT, TRANSFER_VERSION, bytes.array());
    }

    @Override
    public void importWeights(VersionedWeights shipped) {
        shipped.require(TRANSFER_FORMAT, TRANSFER_VERSION);
        ByteBuffer bytes = ByteBuffer.wrap(shipped.bytes());
        int count = bytes.remaining() >= 4 ? bytes.getInt() : -1;
        if (count != weights.length || bytes.remaining() != 8L * count) {
            throw new IllegalArgumentException(
                    "The imported weights hold "
                            + count
                            + " values in "
                            + bytes.capacity()
                            + " bytes; this model has "
                            + weights.length
                            + " weights.");
        }
        double[] read = new double[count];
        for (int i = 0; i < count; i++) {
            read[i] = bytes.getDouble();
        }
        weights = read;
    }

    static double dot(double[] w, double[] x) {
        double sum = 0;
        for (int i = 0; i < w.length; i++) {
            sum += w[i] * x[i];
        }
        return sum;
    }

    static double sigmoid(double z) {
        return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    }

    /** log σ(z), stable for large |z|. */
    static double logSigmoid(double z) {
        return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
    }

    static double norm(double[] v) {
        return Math.sqrt(dot(v, v));
    }
}
