package org.rlanything.alfworld.text;

import java.util.Arrays;
import org.rlanything.alfworld.world.Kind;

/**
 * Grammar variables bound to entities (e.g. {@code o} to object 12), a small stack that queries
 * push onto and pop. Not thread-safe; reuse one per session.
 */
public final class Bindings {

    private String[] names = new String[8];
    private int[] hashes = new int[8];
    private int[] kinds = new int[8];
    private int[] values = new int[8];
    private int size;

    /** Binds {@code name} (pushing; a later binding of the same name hides an earlier one). */
    public Bindings put(String name, Kind kind, int index) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            hashes = Arrays.copyOf(hashes, size * 2);
            kinds = Arrays.copyOf(kinds, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        hashes[size] = name.hashCode();
        kinds[size] = kind.ordinal();
        values[size] = index;
        size++;
        return this;
    }

    /** Removes everything. */
    public void clear() {
        size = 0;
    }

    int size() {
        return size;
    }

    void truncate(int newSize) {
        size = newSize;
    }

    /** The position of the latest binding of {@code name}, or -1. */
    int find(String name) {
        int hash = name.hashCode();
        for (int i = size - 1; i >= 0; i--) {
            if (hashes[i] == hash && (names[i] == name || names[i].equals(name))) {
                return i;
            }
        }
        return -1;
    }

    int kindAt(int i) {
        return kinds[i];
    }

    int valueAt(int i) {
        return values[i];
    }
}
