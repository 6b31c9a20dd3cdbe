package org.rlanything.neural.train;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * What every PPO micro-batch keeps per row: the samples in order, and log π_old (and log π_ref,
 * with an anchor) once computed.
 */
abstract class RowBatch<S extends PpoSample> implements PpoBatch {

    final List<S> rows = new ArrayList<>();
    private double[] old;
    private double[] ref;

    @Override
    public int rowCount() {
        return rows.size();
    }

    @Override
    public double advantage(int row) {
        return rows.get(row).advantage();
    }

    @Override
    public double[] old() {
        return old;
    }

    @Override
    public void old(double[] values) {
        old = values;
    }

    @Override
    public double[] ref() {
        return ref;
    }

    @Override
    public void ref(double[] values) {
        ref = values;
    }

    /**
     * Splits {@code items} in order into groups whose padded size (the widest item's {@code width}
     * times the group's size) stays within {@code budget}; an item wider than the budget forms a
     * group of its own.
     */
    static <S> List<List<S>> split(List<S> items, ToIntFunction<S> width, long budget) {
        List<List<S>> out = new ArrayList<>();
        List<S> current = new ArrayList<>();
        int widest = 0;
        for (S item : items) {
            int w = Math.max(widest, width.applyAsInt(item));
            if (!current.isEmpty() && (long) w * (current.size() + 1) > budget) {
                out.add(current);
                current = new ArrayList<>();
                w = width.applyAsInt(item);
            }
            current.add(item);
            widest = w;
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }
}
