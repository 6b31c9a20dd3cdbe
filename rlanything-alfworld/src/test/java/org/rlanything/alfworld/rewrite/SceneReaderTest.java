package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.Logic213;
import org.rlanything.alfworld.gen.GameFiles;
import org.rlanything.alfworld.gen.GenFixtures;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.alfworld.gen.Planners;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.SceneWriter;
import org.rlanything.alfworld.gen.TaskType;
import org.rlanything.alfworld.plan.AlfworldPlanner;

class SceneReaderTest {

    @Test
    void readsBackEveryGeneratedSceneSoThatItWritesTheSameProblem() {
        SceneWriter writer = new SceneWriter(GenFixtures.catalog());
        for (GeneratedGame game : Planners.generator().generateAll(31, 36)) {
            Scene read = SceneReader.read(game.file());
            assertEquals(game.scene().goal(), read.goal(), game.folder());
            assertEquals(game.scene().floorPlan(), read.floorPlan(), game.folder());
            assertEquals(game.scene().objects().size(), read.objects().size(), game.folder());
            assertTrue(
                    writer.write(read).equals(game.file().problem()),
                    game.folder() + " reads back differently");
        }
    }

    @Test
    void rewritingAnAlfworldGameFromItsSceneKeepsWhatTheEngineShowsAndThePlanLength()
            throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(GenFixtures.data().evaluationGames())) {
            files =
                    walk.filter(p -> p.getFileName().toString().equals(GameFiles.FILE_NAME))
                            .sorted()
                            .toList();
        }
        assertEquals(48, files.size());
        CandidateVerifier verifier = RewriteFixtures.verifier();
        for (Path file : files) {
            GameFile original = Logic213.patch(GameLoader.read(file));
            Scene scene = SceneReader.read(original);
            assertEquals(
                    TaskType.ofId(
                            file.getParent().getParent().getFileName().toString().split("-")[0]),
                    scene.goal().type(),
                    file.toString());
            assertTrue(scene.floorPlan() > 0, file.toString());
            AlfworldGame before = AlfworldGame.compile(original);
            AlfworldGame after = AlfworldGame.compile(verifier.gameFile(scene));
            assertEquals(before.initialObservation(), after.initialObservation(), file.toString());
            assertEquals(
                    new AlfworldPlanner(before).distance(before.newState()),
                    new AlfworldPlanner(after).distance(after.newState()),
                    file.toString());
        }
    }
}
