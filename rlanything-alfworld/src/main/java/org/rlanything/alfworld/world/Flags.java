package org.rlanything.alfworld.world;

/**
 * Bit masks of per-object properties. Dynamic bits change during play ({@link StateView#flags});
 * static bits are fixed by the scene ({@link GameEntities#staticFlags}).
 */
public final class Flags {

    /** isClean. */
    public static final int CLEAN = 1;

    /** isHot. */
    public static final int HOT = 1 << 1;

    /** isCool. */
    public static final int COOL = 1 << 2;

    /** isSliced. */
    public static final int SLICED = 1 << 3;

    /** isToggled (set by every use, never cleared). */
    public static final int TOGGLED = 1 << 4;

    /** isOn (flipped by every use). */
    public static final int ON = 1 << 5;

    /** pickupable. */
    public static final int PICKUPABLE = 1;

    /** cleanable. */
    public static final int CLEANABLE = 1 << 1;

    /** heatable. */
    public static final int HEATABLE = 1 << 2;

    /** coolable. */
    public static final int COOLABLE = 1 << 3;

    /** toggleable. */
    public static final int TOGGLEABLE = 1 << 4;

    /** sliceable. */
    public static final int SLICEABLE = 1 << 5;

    /** isReceptacleObject. */
    public static final int RECEPTACLE_OBJECT = 1 << 6;

    /** moveable. */
    public static final int MOVEABLE = 1 << 7;

    private Flags() {}
}
