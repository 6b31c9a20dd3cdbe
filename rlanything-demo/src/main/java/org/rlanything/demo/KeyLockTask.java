package org.rlanything.demo;

import org.rlanything.core.Task;

/**
 * A corridor of {@code length} locked doors. Each door shows a colour; pressing the button that
 * matches the colour (a fixed hidden rule shared by all tasks) opens it, any other button does
 * nothing. The task is won when the last door opens. {@code length} is the difficulty knob.
 *
 * @param layout seed of the door colours
 * @param length number of doors
 */
public record KeyLockTask(long layout, int length) implements Task {

    public KeyLockTask {
        if (length < 1) {
            throw new IllegalArgumentException(
                    "A key-lock corridor needs at least one door, got " + length + ".");
        }
    }

    @Override
    public String id() {
        return "keylock-" + Long.toHexString(layout) + "-L" + length;
    }

    @Override
    public String describe() {
        return "Open all " + length + " doors of corridor " + Long.toHexString(layout) + ".";
    }

    /** The colour of door {@code position}, a pure function of the layout. */
    public int color(int position) {
        long h = org.rlanything.core.Seeds.derive(layout, position);
        return (int) Math.floorMod(h, (long) KeyLockEnvironment.COLORS.size());
    }
}
