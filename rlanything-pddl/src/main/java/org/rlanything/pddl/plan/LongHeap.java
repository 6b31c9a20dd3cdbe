package org.rlanything.pddl.plan;

import java.util.Arrays;

/** A binary min-heap of primitive longs (no boxing: the heuristics push one entry per fact). */
final class LongHeap {

    private long[] items = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void add(long value) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (items[parent] <= value) {
                break;
            }
            items[i] = items[parent];
            i = parent;
        }
        items[i] = value;
    }

    long poll() {
        long top = items[0];
        long last = items[--size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && items[child + 1] < items[child]) {
                child++;
            }
            if (last <= items[child]) {
                break;
            }
            items[i] = items[child];
            i = child;
        }
        if (size > 0) {
            items[i] = last;
        }
        return top;
    }
}
