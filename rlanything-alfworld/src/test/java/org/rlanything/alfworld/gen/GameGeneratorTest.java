package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.rewrite.GoalConstraints;

class GameGeneratorTest {

    private static final int COUNT = 100;

    private static GenerationRun run(long seed, int count) {
        return Planners.generator().run(seed, count);
    }

    @Test
    void sameSeedGivesIdenticalBytes(@TempDir Path a, @TempDir Path b) throws IOException {
        run(11, 24).writeTo(a);
        run(11, 24).writeTo(b);
        List<Path> filesA = files(a);
        assertEquals(25, filesA.size());
        assertEquals(
                filesA.stream().map(a::relativize).toList(),
                files(b).stream().map(b::relativize).toList());
        for (Path file : filesA) {
            assertArrayEquals(
                    Files.readAllBytes(file),
                    Files.readAllBytes(b.resolve(a.relativize(file))),
                    file.toString());
        }
    }

    @Test
    void gameDependsOnlyOnSeedAndIndex() {
        GenerationRun shortRun = run(5, 12);
        GenerationRun longRun = run(5, 30);
        for (int i = 0; i < 12; i++) {
            assertEquals(shortRun.games().get(i).file(), longRun.games().get(i).file());
        }
        assertNotEquals(run(6, 1).games().get(0).file(), shortRun.games().get(0).file());
    }

    @Test
    void balancesTaskTypesAndAvoidsEvaluationRooms() {
        GenerationRun run = run(10086, COUNT);
        Map<TaskType, Integer> counts = run.countsByType();
        for (TaskType type : TaskType.values()) {
            int n = counts.get(type);
            assertTrue(n == COUNT / 6 || n == COUNT / 6 + 1, type + " has " + n + " games");
        }
        Set<Integer> evaluation =
                EvaluationFloorPlans.read(
                        GenFixtures.data().evaluationGames(), GenFixtures.data().manifest());
        for (GeneratedGame game : run.games()) {
            assertFalse(evaluation.contains(game.scene().floorPlan()), game.folder());
            assertTrue(
                    game.folder()
                            .endsWith(
                                    "-"
                                            + game.scene().floorPlan()
                                            + "/trial_S10086_"
                                            + String.format("%05d", game.index())),
                    game.folder());
        }
    }

    @Test
    void everyGameObeysTheGoalConstraintsAndCarriesItsTaskText() {
        for (GeneratedGame game : run(3, COUNT).games()) {
            Scene scene = game.scene();
            assertEquals(List.of(), GoalConstraints.violations(scene), game.folder());
            assertTrue(
                    game.file()
                            .grammar()
                            .contains("\"Your task is to: " + scene.goal().text() + "\""),
                    game.folder());
            assertFalse(game.file().grammar().contains("UNKNOWN GOAL"));
            assertTrue(
                    game.file().domain().contains("(:action help"),
                    "generated games use the 2.1.3 logic");
            assertTrue(game.file().problem().contains("(:domain alfred)"));
            for (ObjectInstance object : scene.objectsOfType(scene.goal().objectType())) {
                object.receptacles()
                        .forEach(
                                r ->
                                        assertNotEquals(
                                                scene.goal().receptacleType(),
                                                scene.receptacle(r).orElseThrow().type(),
                                                "a target starts in the destination in "
                                                        + game.folder()));
            }
        }
    }

    @Test
    void writesAManifestRowPerGame(@TempDir Path out) throws IOException {
        GenerationRun run = run(2, 7);
        Path manifest = run.writeTo(out);
        String text = Files.readString(manifest);
        assertTrue(text.contains("\"seed\" : 2"), text);
        assertTrue(text.contains("\"excluded_floor_plans\" : [ 10, 219, 308, 424 ]"), text);
        for (GeneratedGame game : run.games()) {
            assertTrue(text.contains(game.folder()), game.folder());
            assertTrue(
                    Files.isRegularFile(out.resolve(game.folder()).resolve(GameFiles.FILE_NAME)));
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
