package org.rlanything.core.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Optional hooks for a component a provider made (a policy, a reward model, a rewriter) that keeps
 * files in the run folder or adds figures to each iteration's line of {@code metrics.jsonl}. A
 * training run calls them; a command without a run folder (evaluation) does not, and the component
 * works without them.
 */
public interface RunParticipant {

    /**
     * The run holds its folder {@code runDir}: called once per process (fresh start or resume),
     * before the component's first use in the run.
     */
    default void openRunFolder(Path runDir) throws IOException {}

    /**
     * Figures since the last call (names unique to the component), added to the iteration's metrics
     * line; they must be the same when an iteration is run again after a resume.
     */
    default Map<String, Double> drainMetrics() {
        return Map.of();
    }

    /** Iteration {@code iteration} ended: write its files (before its checkpoint). */
    default void iterationEnded(int iteration, Path runDir) throws IOException {}

    /**
     * The run's fresh start failed before its first checkpoint and the run folder is being given
     * back: remove the files this component wrote there, so the corrected command starts as if
     * nothing had run.
     */
    default void abandonRunFolder(Path runDir) throws IOException {}
}
