package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;

/**
 * Keys and values of every layer for the positions processed so far, shaped
 * {@code [batch, heads, length, headDim]}. A forward pass with a cache attends over the cached
 * positions plus the new ones and then appends the new ones. Arrays live in the manager of the
 * inputs that produced them (the caller's per-step sub-manager).
 */
public final class KvCache {

    private final NDArray[] keys;
    private final NDArray[] values;

    public KvCache(int numLayers) {
        keys = new NDArray[numLayers];
        values = new NDArray[numLayers];
    }

    /** Number of cached positions (0 when empty). */
    public long length() {
        return keys[0] == null ? 0 : keys[0].getShape().get(2);
    }

    /** Number of cached rows (0 when empty). */
    public long batchSize() {
        return keys[0] == null ? 0 : keys[0].getShape().get(0);
    }

    /** Appends new keys and values of one layer and returns the full keys and values to attend over. */
    NDArray[] append(int layer, NDArray k, NDArray v) {
        NDArray oldK = keys[layer];
        NDArray oldV = values[layer];
        keys[layer] = oldK == null ? k : oldK.concat(k, 2);
        values[layer] = oldV == null ? v : oldV.concat(v, 2);
        if (oldK != null) {
            oldK.close();
            oldV.close();
        }
        return new NDArray[] {keys[layer], values[layer]};
    }

    /**
     * A new cache whose row r copies row {@code rows[r]} of this one (rows may repeat): used to share one
     * prompt's cache among the candidate continuations scored after it.
     */
    public KvCache selectRows(NDManager manager, long[] rows) {
        KvCache out = new KvCache(keys.length);
        try (NDArray index = manager.create(rows)) {
            for (int l = 0; l < keys.length; l++) {
                out.keys[l] = keys[l].get(new NDIndex("{}", index));
                out.values[l] = values[l].get(new NDIndex("{}", index));
            }
        }
        return out;
    }
}
