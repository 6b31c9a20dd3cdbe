package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldEnvironment;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.gen.GameFiles;
import org.rlanything.alfworld.gen.GenFixtures;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.alfworld.gen.Planners;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;

/** The core {@code Rewriter} contract on the engine's tasks. */
class AlfworldRewriterTest {

    private static final AlfworldRewriter REWRITER =
            new AlfworldRewriter(RewriteFixtures.rewriter(), new EngineSceneTasks());

    private static AlfworldTask task(GeneratedGame game) throws IOException {
        return new AlfworldTask(AlfworldGame.compile(game.file()));
    }

    @Test
    void rewritesGeneratedGamesIntoPlayableVerifiedTasks() throws IOException {
        AlfworldEnvironment environment = AlfworldEnvironment.create();
        List<GeneratedGame> games = Planners.generator().generateAll(12, 12);
        int rewrites = 0;
        for (int i = 0; i < games.size(); i++) {
            AlfworldTask original = task(games.get(i));
            for (RewriteGoal goal : RewriteGoal.values()) {
                RewriteRequest request =
                        new RewriteRequest(
                                original,
                                original,
                                goal,
                                goal == RewriteGoal.HARDER ? 1.0 : 0.0,
                                new CriticFeedback(8, List.of()));
                Optional<Task> rewritten = sampled(request, 99, i, goal.ordinal());
                if (rewritten.isEmpty()) {
                    continue; // some games have no type swap in that direction (e.g. no other type
                    // with two copies)
                }
                rewrites++;
                Task candidate = rewritten.get();
                assertTrue(candidate instanceof AlfworldTask);
                assertTrue(
                        environment.verify(candidate).valid(),
                        environment.verify(candidate).reason());
                assertTrue(REWRITER.verify(candidate).valid(), REWRITER.verify(candidate).reason());
                assertFalse(candidate.id().equals(original.id()));
            }
        }
        assertTrue(rewrites >= 20, rewrites + " of 24 requests rewritten");
    }

    @Test
    void rewritesAlfworldsOwnGamesToo() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(GenFixtures.data().evaluationGames())) {
            files =
                    walk.filter(p -> p.getFileName().toString().equals(GameFiles.FILE_NAME))
                            .sorted()
                            .limit(12)
                            .toList();
        }
        int rewritten = 0;
        for (int i = 0; i < files.size(); i++) {
            AlfworldTask original =
                    new AlfworldTask(AlfworldGame.compile(GameLoader.read(files.get(i))));
            RewriteRequest request =
                    new RewriteRequest(
                            original,
                            original,
                            RewriteGoal.HARDER,
                            1.0,
                            new CriticFeedback(8, List.of()));
            Optional<Task> candidate = sampled(request, 5, i);
            if (candidate.isPresent()) {
                rewritten++;
                AlfworldGame game = ((AlfworldTask) candidate.get()).game();
                assertTrue(game.initialObservation().contains("Your task is to: "));
                assertTrue(REWRITER.verify(candidate.get()).valid());
            }
        }
        assertTrue(rewritten >= 10, rewritten + " of 12 rewritten");
    }

    /** The first of up to k = 8 samples that the rewriter proposes, as the loop asks for them. */
    private static Optional<Task> sampled(RewriteRequest request, long seed, long... path) {
        for (int s = 0; s < 8; s++) {
            long[] withSample = java.util.Arrays.copyOf(path, path.length + 1);
            withSample[path.length] = s;
            Optional<Task> task = REWRITER.rewrite(request, Seeds.rng(seed, withSample));
            if (task.isPresent()) {
                return task;
            }
        }
        return Optional.empty();
    }

    @Test
    void sameGeneratorGivesTheSameTask() throws IOException {
        AlfworldTask original = task(Planners.generator().generateOne(12, 3));
        RewriteRequest request =
                new RewriteRequest(
                        original,
                        original,
                        RewriteGoal.EASIER,
                        0.0,
                        new CriticFeedback(8, List.of()));
        assertEquals(
                REWRITER.rewrite(request, Seeds.rng(4)).map(Task::id),
                REWRITER.rewrite(request, Seeds.rng(4)).map(Task::id));
    }

    @Test
    void refusesTasksOfAnotherEnvironment() {
        Task other =
                new Task() {
                    @Override
                    public String id() {
                        return "x";
                    }

                    @Override
                    public String describe() {
                        return "x";
                    }
                };
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> REWRITER.verify(other));
        assertTrue(
                e.getMessage().startsWith("The ALFWorld rewriter rewrites AlfworldTask tasks"),
                e.getMessage());
    }
}
