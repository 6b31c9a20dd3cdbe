package org.rlanything.alfworld.gen;

/** The four ALFRED room kinds, identified by the floor plan number's hundreds. */
public enum RoomKind {
    KITCHEN,
    LIVING_ROOM,
    BEDROOM,
    BATHROOM;

    /**
     * The kind of floor plan {@code number}: 1-99 kitchens, 2xx living rooms, 3xx bedrooms, 4xx
     * bathrooms.
     */
    public static RoomKind ofFloorPlan(int number) {
        return switch (number / 100) {
            case 0 -> KITCHEN;
            case 2 -> LIVING_ROOM;
            case 3 -> BEDROOM;
            case 4 -> BATHROOM;
            default ->
                    throw new org.rlanything.core.BadInputException(
                            "Floor plan "
                                    + number
                                    + " is not an ALFRED floor plan number (1-99, 2xx, 3xx or 4xx).");
        };
    }
}
