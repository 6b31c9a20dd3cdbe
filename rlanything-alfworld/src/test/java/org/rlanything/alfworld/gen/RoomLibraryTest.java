package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoomLibraryTest {

    @Test
    void readsTheEvaluationFloorPlansFromTheGames() {
        Set<Integer> floorPlans =
                EvaluationFloorPlans.read(
                        GenFixtures.data().evaluationGames(), GenFixtures.data().manifest());
        assertEquals(Set.of(10, 219, 308, 424), floorPlans);
    }

    @Test
    void refusesToRunWithoutEvaluationGames(@TempDir Path empty) {
        assertThrows(
                IllegalArgumentException.class,
                () -> EvaluationFloorPlans.read(empty, empty.resolve("none.json")));
    }

    @Test
    void leavesOutExcludedFloorPlans() {
        RoomLibrary all =
                RoomLibrary.load(GenFixtures.data().layouts(), GenFixtures.catalog(), Set.of());
        RoomLibrary some =
                RoomLibrary.load(
                        GenFixtures.data().layouts(), GenFixtures.catalog(), Set.of(1, 201));
        assertEquals(all.rooms().size() - 2, some.rooms().size());
        assertTrue(
                some.rooms().stream().noneMatch(r -> r.floorPlan() == 1 || r.floorPlan() == 201));
        Set<Integer> evaluation =
                EvaluationFloorPlans.read(
                        GenFixtures.data().evaluationGames(), GenFixtures.data().manifest());
        assertTrue(
                GenFixtures.rooms().rooms().stream()
                        .noneMatch(r -> evaluation.contains(r.floorPlan())));
    }

    @Test
    void buildsEveryRoomFromItsLayoutTheSameWayEachTime() {
        RoomLibrary again =
                RoomLibrary.load(
                        GenFixtures.data().layouts(),
                        GenFixtures.catalog(),
                        GenFixtures.rooms().excluded());
        assertEquals(GenFixtures.rooms().rooms(), again.rooms());
        for (Room room : GenFixtures.rooms().rooms()) {
            assertFalse(room.receptacles().isEmpty(), room.floorPlanName());
            Set<String> ids = new TreeSet<>();
            room.receptacles()
                    .forEach(r -> assertTrue(ids.add(r.id()), "duplicate receptacle " + r.id()));
        }
    }

    @Test
    void placesReceptaclesTheLayoutListsWithoutPositions() {
        Room kitchen = GenFixtures.rooms().room(1);
        assertEquals(4, kitchen.receptaclesOfType("StoveBurner").size());
        assertEquals(1, kitchen.receptaclesOfType("CoffeeMachine").size());
        assertTrue(kitchen.receptaclesOfType("Fridge").get(0).openable());
        assertEquals(
                "Sink_bar__minus_01_dot_90_bar__plus_00_dot_97_bar__minus_01_dot_50_bar_SinkBasin",
                kitchen.receptaclesOfType("SinkBasin").get(0).id());
    }

    @Test
    void failsOnALayoutWithoutItsCompanionFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("FloorPlan5-objects.json"), "[\"Apple\", \"CounterTop\"]");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> RoomLibrary.load(dir, GenFixtures.catalog(), Set.of()));
        assertTrue(e.getMessage().contains("FloorPlan5-openable.json"), e.getMessage());
    }
}
