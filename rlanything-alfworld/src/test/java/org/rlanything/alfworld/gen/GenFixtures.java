package org.rlanything.alfworld.gen;

/** Shared, lazily built generator inputs for the tests (the layout files are read once per JVM). */
public final class GenFixtures {

    private static AlfworldData data;
    private static TypeCatalog catalog;
    private static RoomLibrary rooms;
    private static AlfredLogic logic;

    private GenFixtures() {}

    public static synchronized AlfworldData data() {
        if (data == null) {
            data = AlfworldData.locate();
        }
        return data;
    }

    public static synchronized TypeCatalog catalog() {
        if (catalog == null) {
            catalog = TypeCatalog.standard();
        }
        return catalog;
    }

    public static synchronized RoomLibrary rooms() {
        if (rooms == null) {
            rooms =
                    RoomLibrary.load(
                            data().layouts(),
                            catalog(),
                            EvaluationFloorPlans.read(data().evaluationGames(), data().manifest()));
        }
        return rooms;
    }

    public static synchronized AlfredLogic logic() {
        if (logic == null) {
            logic = AlfredLogic.read213(data().logic213());
        }
        return logic;
    }
}
