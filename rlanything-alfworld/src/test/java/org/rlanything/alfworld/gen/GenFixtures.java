package org.rlanything.alfworld.gen;

/** Shared, lazily built generator inputs for the tests (the layout files are read once per JVM). */
final class GenFixtures {

    private static AlfworldData data;
    private static TypeCatalog catalog;
    private static RoomLibrary rooms;
    private static AlfredLogic logic;

    private GenFixtures() {
    }

    static synchronized AlfworldData data() {
        if (data == null) {
            data = AlfworldData.locate();
        }
        return data;
    }

    static synchronized TypeCatalog catalog() {
        if (catalog == null) {
            catalog = TypeCatalog.standard();
        }
        return catalog;
    }

    static synchronized RoomLibrary rooms() {
        if (rooms == null) {
            rooms = RoomLibrary.load(data().layouts(), catalog(),
                    EvaluationFloorPlans.read(data().evaluationGames(), data().manifest()));
        }
        return rooms;
    }

    static synchronized AlfredLogic logic() {
        if (logic == null) {
            logic = AlfredLogic.read213(data().logic213());
        }
        return logic;
    }
}
