package org.rlanything.demo;

import java.io.IOException;
import java.nio.file.Path;
import org.rlanything.core.Checkpointable;

/**
 * The shared part of the demo's tabular models: one logit per (door colour, button), saved as a checked
 * text table.
 */
abstract class TabularModel implements Checkpointable {

    private final String fileName;
    protected double[][] logits;

    TabularModel(String fileName) {
        this.fileName = fileName;
        this.logits = new double[KeyLockEnvironment.COLORS.size()][KeyLockEnvironment.BUTTONS.size()];
    }

    /** A copy of the weights. */
    public double[][] weights() {
        return Softmax.copy(logits);
    }

    public void restore(double[][] weights) {
        this.logits = Softmax.copy(weights);
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        TableFile.write(directory.resolve(fileName), logits);
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        logits = TableFile.read(directory.resolve(fileName), logits.length, logits[0].length);
    }
}
