package org.rlanything.demo;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.WeightsTransfer;

/**
 * The shared part of the demo's tabular models: one logit per (door colour, button), saved as a
 * checked text table, and shipped as {@link WeightsTransfer} bytes (rows, columns, then the logits
 * as big-endian doubles).
 */
abstract class TabularModel implements Checkpointable, WeightsTransfer {

    /** The format of {@link #exportWeights()}. */
    public static final String WEIGHTS_FORMAT = "rlanything-tabular-logits";

    /** Its version. */
    public static final int WEIGHTS_VERSION = 1;

    private final String fileName;
    protected double[][] logits;

    TabularModel(String fileName) {
        this.fileName = fileName;
        this.logits =
                new double[KeyLockEnvironment.COLORS.size()][KeyLockEnvironment.BUTTONS.size()];
    }

    /** A copy of the weights. */
    public double[][] weights() {
        return copy(logits);
    }

    public void restore(double[][] weights) {
        this.logits = copy(weights);
    }

    private static double[][] copy(double[][] table) {
        double[][] copy = new double[table.length][];
        for (int i = 0; i < table.length; i++) {
            copy[i] = table[i].clone();
        }
        return copy;
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        TableFile.write(directory.resolve(fileName), logits);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        logits = TableFile.read(directory.resolve(fileName), logits.length, logits[0].length);
    }

    @Override
    public VersionedWeights exportWeights() {
        java.nio.ByteBuffer bytes =
                java.nio.ByteBuffer.allocate(8 + 8 * logits.length * logits[0].length);
        bytes.putInt(logits.length).putInt(logits[0].length);
        for (double[] row : logits) {
            for (double value : row) {
                bytes.putDouble(value);
            }
        }
        return new VersionedWeights(WEIGHTS_FORMAT, WEIGHTS_VERSION, bytes.array());
    }

    @Override
    public void importWeights(VersionedWeights weights) {
        weights.require(WEIGHTS_FORMAT, WEIGHTS_VERSION);
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(weights.bytes());
        int rows = bytes.remaining() >= 8 ? bytes.getInt() : -1;
        int columns = bytes.remaining() >= 4 ? bytes.getInt() : -1;
        if (rows != logits.length
                || columns != logits[0].length
                || bytes.remaining() != 8L * rows * columns) {
            throw new IllegalArgumentException(
                    "The imported table is "
                            + rows
                            + " x "
                            + columns
                            + " with "
                            + bytes.remaining()
                            + " bytes of logits; this model needs "
                            + logits.length
                            + " x "
                            + logits[0].length
                            + ".");
        }
        double[][] table = new double[rows][columns];
        for (double[] row : table) {
            for (int c = 0; c < columns; c++) {
                row[c] = bytes.getDouble();
            }
        }
        logits = table;
    }
}
