package org.rlanything.neural.train;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Batches of a supervised data set drawn over reshuffled epochs: each epoch visits every item once
 * in an order shuffled (Fisher-Yates) by the caller's generator, and a batch that crosses an
 * epoch's end continues in the next epoch's order. Used by the warm starts of the starting models.
 *
 * @param <T> the item type
 */
public final class EpochBatches<T> {

    private final List<T> data;
    private final int batch;
    private final RandomGenerator rng;
    private final int[] order;
    private int at;

    /**
     * @param data the items; not empty
     * @param batch items per batch (a batch holds all items when there are fewer)
     * @param rng the generator of the shuffles
     */
    public EpochBatches(List<T> data, int batch, RandomGenerator rng) {
        this.data = data;
        this.batch = batch;
        this.rng = rng;
        this.order = new int[data.size()];
        this.at = order.length;
    }

    /** The next batch. */
    public List<T> next() {
        List<T> b = new ArrayList<>(batch);
        while (b.size() < Math.min(batch, data.size())) {
            if (at == order.length) {
                shuffle();
                at = 0;
            }
            b.add(data.get(order[at++]));
        }
        return b;
    }

    private void shuffle() {
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
}
