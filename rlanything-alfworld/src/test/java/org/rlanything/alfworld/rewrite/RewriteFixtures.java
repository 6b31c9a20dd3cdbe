package org.rlanything.alfworld.rewrite;

import java.util.List;
import org.rlanything.alfworld.gen.GenFixtures;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.alfworld.gen.Planners;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.SceneWriter;

/** Generated scenes and a rewriter for the rewrite tests. */
final class RewriteFixtures {

    private RewriteFixtures() {}

    static List<Scene> scenes(long seed, int count) {
        return Planners.generator().generateAll(seed, count).stream()
                .map(GeneratedGame::scene)
                .toList();
    }

    static CandidateVerifier verifier() {
        return new CandidateVerifier(
                GenFixtures.logic(), new SceneWriter(GenFixtures.catalog()), Planners.oracle(), 40);
    }

    static SceneRewriter rewriter() {
        return new SceneRewriter(verifier());
    }
}
