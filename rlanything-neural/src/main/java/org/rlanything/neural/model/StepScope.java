package org.rlanything.neural.model;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;

/**
 * One unit of native work (a training minibatch, a sampling call): a sub-manager for its inputs
 * plus an {@link NDScope}, so every array created meanwhile (including results attached to the
 * parameters' manager, such as gradients and optimizer temporaries) is freed on close and memory
 * stays flat.
 */
public final class StepScope implements AutoCloseable {

    private final NDManager manager;
    private final NDScope scope;

    public StepScope(NDManager parent) {
        manager = parent.newSubManager();
        scope = new NDScope();
    }

    public NDManager manager() {
        return manager;
    }

    @Override
    public void close() {
        scope.close();
        manager.close();
    }
}
