package org.rlanything.alfworld.gen;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A finished generation run: the games and the settings that made them. {@link #writeTo(Path)}
 * writes each game as {@code <folder>/game.tw-pddl} and a provenance file {@value #MANIFEST} (seed,
 * count, logic version, step limit, excluded floor plans, and one row per game), with no
 * timestamps, so a rerun with the same seed writes identical bytes.
 *
 * @param seed the run seed
 * @param logicVersion the embedded logic version
 * @param maxSteps the planner step limit
 * @param excludedFloorPlans the evaluation floor plans that were excluded
 * @param games the games, in index order
 */
public record GenerationRun(
        long seed,
        String logicVersion,
        int maxSteps,
        Set<Integer> excludedFloorPlans,
        List<GeneratedGame> games) {

    public static final String MANIFEST = "generation.json";

    public GenerationRun {
        excludedFloorPlans = Set.copyOf(excludedFloorPlans);
        games = List.copyOf(games);
    }

    /** How many games of each task type. */
    public Map<TaskType, Integer> countsByType() {
        Map<TaskType, Integer> counts = new EnumMap<>(TaskType.class);
        for (TaskType type : TaskType.values()) {
            counts.put(type, 0);
        }
        games.forEach(g -> counts.merge(g.scene().goal().type(), 1, Integer::sum));
        return counts;
    }

    /** The mean optimal plan length. */
    public double meanOptimalSteps() {
        return games.stream().mapToInt(GeneratedGame::optimalSteps).average().orElse(0);
    }

    /** Writes the games and the manifest under {@code out}; returns the manifest path. */
    public Path writeTo(Path out) {
        for (GeneratedGame game : games) {
            GameFiles.writeTo(game.file(), out.resolve(game.folder()));
        }
        Path manifest = out.resolve(MANIFEST);
        try {
            Files.createDirectories(out);
            Files.writeString(manifest, manifestJson(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not write the generation manifest " + manifest + ".", e);
        }
        return manifest;
    }

    /** The manifest text. */
    public String manifestJson() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("generator", "rlanything-alfworld GameGenerator");
        root.put("seed", seed);
        root.put("count", games.size());
        root.put("logic_version", logicVersion);
        root.put("max_steps", maxSteps);
        ArrayNode excluded = root.putArray("excluded_floor_plans");
        new TreeSet<>(excludedFloorPlans).forEach(excluded::add);
        ArrayNode rows = root.putArray("games");
        for (GeneratedGame game : games) {
            Goal goal = game.scene().goal();
            ObjectNode row = rows.addObject();
            row.put("index", game.index());
            row.put("path", game.folder() + "/" + GameFiles.FILE_NAME);
            row.put("task_type", goal.type().id());
            row.put("floor_plan", "FloorPlan" + game.scene().floorPlan());
            row.put("object_target", goal.objectType());
            row.put(goal.type().usesLamp() ? "toggle_target" : "parent_target", goal.target());
            row.put("goal_text", goal.text());
            row.put("optimal_steps", game.optimalSteps());
        }
        DefaultPrettyPrinter printer =
                new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return json.writer(printer).writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException("Could not render the generation manifest.", e);
        }
    }
}
