package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;

/**
 * Keys and values of every layer for the positions processed so far, shaped {@code [batch, heads,
 * length, headDim]}. A forward pass with a cache attends over the cached positions plus the new
 * ones and then appends the new ones. Arrays live in the manager of the inputs that produced them
 * (the caller's per-step sub-manager).
 *
 * <p>With a capacity (a sampler knows its prompt length plus the tokens it may add), the first
 * append reserves that many positions and later appends write into them in place; the forward pass
 * attends over a view of the filled part. Without one, every append concatenates, copying the whole
 * cache each time.
 */
public final class KvCache {

    private final NDArray[] keys;
    private final NDArray[] values;
    private final long[] lengths;
    private final int capacity;

    /** A cache that grows by concatenation. */
    public KvCache(int numLayers) {
        this(numLayers, 0);
    }

    /**
     * A cache that reserves {@code capacity} positions at its first append (0: grows by
     * concatenation).
     */
    public KvCache(int numLayers, int capacity) {
        keys = new NDArray[numLayers];
        values = new NDArray[numLayers];
        lengths = new long[numLayers];
        this.capacity = capacity;
    }

    /** Number of cached positions (0 when empty). */
    public long length() {
        return lengths[0];
    }

    /** Number of cached rows (0 when empty). */
    public long batchSize() {
        return keys[0] == null ? 0 : keys[0].getShape().get(0);
    }

    /**
     * Appends new keys and values of one layer and returns the full keys and values to attend over.
     */
    NDArray[] append(int layer, NDArray k, NDArray v) {
        long t = k.getShape().get(2);
        if (capacity == 0) {
            NDArray oldK = keys[layer];
            NDArray oldV = values[layer];
            keys[layer] = oldK == null ? k : oldK.concat(k, 2);
            values[layer] = oldV == null ? v : oldV.concat(v, 2);
            if (oldK != null) {
                oldK.close();
                oldV.close();
            }
            lengths[layer] += t;
            return new NDArray[] {keys[layer], values[layer]};
        }
        long from = lengths[layer];
        if (from + t > capacity) {
            throw new IllegalStateException(
                    "The key/value cache holds "
                            + capacity
                            + " positions; "
                            + from
                            + " are filled and "
                            + t
                            + " more were given.");
        }
        if (keys[layer] == null) {
            Shape shape =
                    new Shape(
                            k.getShape().get(0),
                            k.getShape().get(1),
                            capacity,
                            k.getShape().get(3));
            keys[layer] = k.getManager().zeros(shape, k.getDataType());
            values[layer] = v.getManager().zeros(shape, v.getDataType());
        }
        NDIndex written = new NDIndex(":, :, {}:{}", from, from + t);
        keys[layer].set(written, k);
        values[layer].set(written, v);
        lengths[layer] = from + t;
        NDIndex filled = new NDIndex(":, :, 0:{}", from + t);
        return new NDArray[] {keys[layer].get(filled), values[layer].get(filled)};
    }

    /**
     * Keeps what the cache stores for {@code layer} beyond the scope of the pass that made it (the
     * decoder releases a layer's intermediates when the layer ends); the arrays live until their
     * manager closes.
     */
    void retain(int layer) {
        ai.djl.ndarray.NDScope.unregister(keys[layer], values[layer]);
    }

    /**
     * A new cache whose row r copies row {@code rows[r]} of this one (rows may repeat): used to
     * share one prompt's cache among the candidate continuations scored after it.
     */
    public KvCache selectRows(NDManager manager, long[] rows) {
        KvCache out = new KvCache(keys.length, capacity);
        try (NDArray index = manager.create(rows)) {
            for (int l = 0; l < keys.length; l++) {
                out.keys[l] = keys[l].get(new NDIndex("{}", index));
                out.values[l] = values[l].get(new NDIndex("{}", index));
                out.lengths[l] = lengths[l];
            }
        }
        return out;
    }
}
