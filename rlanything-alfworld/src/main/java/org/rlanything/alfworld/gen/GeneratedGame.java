package org.rlanything.alfworld.gen;

import org.rlanything.alfworld.GameFile;

/**
 * One generated game and what was checked about it.
 *
 * @param index the game's position in the generation run (its seed path)
 * @param folder the relative folder the file goes in: {@code
 *     <task>-<Object>-None-<Target>-<plan>/trial_...}
 * @param scene the scene
 * @param file the game file content
 * @param optimalSteps the planner's shortest winning plan length
 */
public record GeneratedGame(
        int index, String folder, Scene scene, GameFile file, int optimalSteps) {}
