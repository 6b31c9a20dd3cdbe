package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * What one forward pass with recomputed layers keeps for its backward pass (activation
 * checkpointing, {@code recompute_layers}): each decoder layer's input instead of every
 * intermediate of every layer.
 *
 * <p>How and why: a backward pass through all layers at once needs each layer's inputs, outputs and
 * attention maps, kept from the forward pass; at a 3B model's rows of 1000 tokens that is some 17
 * GiB, more than the weights. With this, {@link LlamaModel#hidden} runs the layers without a graph
 * and keeps only their inputs (hidden size values per token and layer); the loss's backward pass
 * stops at the last layer's output ({@link #top}), and {@link LlamaModel#backwardThroughLayers}
 * then runs each layer again, from the last to the first, with a graph, and pushes the gradient
 * that reached its output back to its input. The gradients equal those of the plain pass (the same
 * operations on the same values); the price is a second forward pass of every layer.
 */
public final class LayerRecompute {

    final List<NDArray> inputs = new ArrayList<>();
    NDArray top;
    NDArray tokens;
    NDArray cos;
    NDArray sin;
    NDArray mask;
    long rows;
    long width;

    LayerRecompute() {}

    /** Whether the forward pass ran (and so a backward pass through the layers is due). */
    public boolean ran() {
        return top != null;
    }
}
