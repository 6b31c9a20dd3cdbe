package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.rewrite.AlfworldRewriter;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;

/**
 * The pool is checkpointed through the experiment's codec: originals and rewrites must come back
 * equal.
 */
class TaskCodecTest {

    @Test
    void originalsAndRewrittenCandidatesRoundTrip() throws IOException {
        AlfworldGames games = AgentFixtures.games();
        List<AlfworldTask> originals = AgentFixtures.training().subList(0, 3);
        AlfworldRewriter rewriter = AlfworldRewriter.create(games.data(), 30);
        TaskCodec codec = new org.rlanything.alfworld.AlfworldTaskCodec();
        int rewrites = 0;
        for (int i = 0; i < originals.size(); i++) {
            AlfworldTask original = originals.get(i);
            Task back = codec.decode(codec.encode(original));
            assertEquals(original, back);
            assertEquals(original.game().file(), ((AlfworldTask) back).game().file());
            for (RewriteGoal goal : RewriteGoal.values()) {
                Optional<Task> candidate =
                        rewriter.rewrite(
                                new RewriteRequest(
                                        original,
                                        original,
                                        goal,
                                        goal == RewriteGoal.HARDER ? 1.0 : 0.0,
                                        new CriticFeedback(4, List.of())),
                                Seeds.rng(7, i, goal.ordinal()));
                if (candidate.isEmpty()) {
                    continue;
                }
                rewrites++;
                assertNotEquals(original.id(), candidate.get().id());
                Task decoded = codec.decode(codec.encode(candidate.get()));
                assertEquals(candidate.get(), decoded);
                assertEquals(candidate.get().describe(), decoded.describe());
                assertEquals(
                        ((AlfworldTask) candidate.get()).game().initialObservation(),
                        ((AlfworldTask) decoded).game().initialObservation());
            }
        }
        assertTrue(rewrites >= 3, "only " + rewrites + " rewrites");
    }
}
