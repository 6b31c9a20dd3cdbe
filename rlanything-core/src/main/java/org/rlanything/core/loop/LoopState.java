package org.rlanything.core.loop;

import java.util.List;
import org.rlanything.core.Slot;

/**
 * The loop's full state between iterations: enough to continue exactly where it stopped. Random
 * generators need no position of their own: every draw is derived from (seed, iteration, ...), see
 * {@link org.rlanything.core.Seeds}. The policy's and reward model's weights are checkpointed by
 * their backends.
 *
 * @param seed the run seed the state belongs to
 * @param iteration the number of completed iterations
 * @param slots the task pool, pending candidates included
 * @param acceptedTotal cumulative accepted candidates
 * @param rejectedTotal cumulative rejected candidates
 */
public record LoopState(
        long seed, int iteration, List<Slot> slots, long acceptedTotal, long rejectedTotal) {
    public LoopState {
        slots = List.copyOf(slots);
        if (iteration < 0) {
            throw new IllegalArgumentException("iteration (" + iteration + ") must be >= 0.");
        }
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).index() != i) {
                throw new IllegalArgumentException(
                        "Slot at position " + i + " has index " + slots.get(i).index() + ".");
            }
        }
    }
}
