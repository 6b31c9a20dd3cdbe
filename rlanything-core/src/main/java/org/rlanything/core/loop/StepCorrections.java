package org.rlanything.core.loop;

import java.util.List;
import java.util.Optional;
import org.rlanything.core.Verdict;

/**
 * A person's verdicts on steps (made with {@code rlanything review}), which the loop uses in place
 * of the judge's: fixed at the start of each iteration ({@link #iterationStarts}), so corrections
 * made while a run trains are picked up at the next iteration boundary.
 *
 * <p>A correction names a step by its task and the actions taken up to and including it: in a
 * deterministic environment the same task and the same actions lead to the same step, so a
 * correction of a saved step applies to that step wherever a later rollout takes it again.
 */
public interface StepCorrections {

    /** No corrections: the loop as without a reviewer. */
    StepCorrections NONE =
            new StepCorrections() {
                @Override
                public void iterationStarts(int iteration) {}

                @Override
                public Optional<Verdict> find(String taskId, List<String> actions) {
                    return Optional.empty();
                }

                @Override
                public int inForce() {
                    return 0;
                }
            };

    /** Called before iteration {@code iteration}: the corrections it uses are fixed from here. */
    void iterationStarts(int iteration);

    /**
     * Called once the iteration's rollouts that reach training ({@code training}) are judged,
     * before its update; corrections made here count in this iteration ({@link SimulatedReviewer}).
     * A person's corrections are fixed at {@link #iterationStarts} and ignore it.
     */
    default void judged(List<TaskRollouts> training) {}

    /**
     * The person's verdict of the step of task {@code taskId} reached by {@code actions} (the
     * commands of the steps so far, this step's last), if a correction names it.
     */
    Optional<Verdict> find(String taskId, List<String> actions);

    /**
     * How many corrections are in force for this iteration (two may name the same step: the later
     * one counts).
     */
    int inForce();
}
