package org.rlanything.alfworld.rewrite;

import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.core.RewriteGoal;

/**
 * A verified rewrite: the new scene and game file, how it was made, and the difficulty before and
 * after.
 *
 * @param scene the candidate scene
 * @param file the candidate game file
 * @param goal the requested direction
 * @param operator the operator that made it
 * @param before the active task's difficulty
 * @param after the candidate's difficulty
 */
public record RewriteProposal(
        Scene scene,
        GameFile file,
        RewriteGoal goal,
        String operator,
        Difficulty before,
        Difficulty after) {}
