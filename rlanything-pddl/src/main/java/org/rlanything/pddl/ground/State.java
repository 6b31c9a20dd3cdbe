package org.rlanything.pddl.ground;

import java.util.Arrays;

/**
 * A state of a grounded task: the set of its fluent facts that hold, as bits. Immutable; equal
 * states have equal bits.
 */
public final class State {

    private final long[] bits;
    private final int hash;

    State(long[] bits) {
        this.bits = bits;
        this.hash = Arrays.hashCode(bits);
    }

    /** Whether fact {@code id} holds. */
    public boolean holds(int id) {
        return (bits[id >>> 6] & (1L << id)) != 0;
    }

    /** The ids of the facts that hold, ascending. */
    public int[] facts() {
        int count = 0;
        for (long word : bits) {
            count += Long.bitCount(word);
        }
        int[] out = new int[count];
        int k = 0;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            while (word != 0) {
                int bit = Long.numberOfTrailingZeros(word);
                out[k++] = (w << 6) + bit;
                word &= word - 1;
            }
        }
        return out;
    }

    long[] copyBits() {
        return bits.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof State s && s.hash == hash && Arrays.equals(s.bits, bits);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
