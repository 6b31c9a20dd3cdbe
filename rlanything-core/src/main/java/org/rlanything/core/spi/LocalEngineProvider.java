package org.rlanything.core.spi;

import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.RolloutEngine;

/** {@code trainer.rollout_engine: local}: rollouts, judging and rewriting in this process. */
public final class LocalEngineProvider implements RolloutEngineProvider {

    /** The engine's name. */
    public static final String NAME = "local";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RolloutEngine create() {
        return new LockstepRollouts();
    }
}
