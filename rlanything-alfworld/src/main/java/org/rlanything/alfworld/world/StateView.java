package org.rlanything.alfworld.world;

/**
 * Read access to the facts of a game state that actions change. The scene ({@link GameEntities})
 * holds the facts that never change. Indices are the scene's entity indices.
 */
public interface StateView {

    /** The agent's location index. */
    int agentLocation();

    /** The held object's index, or -1 when the hands are empty. */
    int heldObject();

    /** Whether {@code inReceptacle(o, r)} holds. */
    boolean inReceptacle(int object, int receptacle);

    /**
     * Whether the negative fact {@code not_inreceptacle(o, r)} is recorded: the object was taken
     * from that receptacle and not put back into it since (TextWorld keeps such facts and its
     * grammar reads them).
     */
    boolean notInReceptacle(int object, int receptacle);

    /** Whether {@code objectAtLocation(o, l)} holds. */
    boolean objectAtLocation(int object, int location);

    /** Whether {@code opened(r)} holds. */
    boolean opened(int receptacle);

    /** The dynamic {@link Flags} of an object. */
    int flags(int object);
}
