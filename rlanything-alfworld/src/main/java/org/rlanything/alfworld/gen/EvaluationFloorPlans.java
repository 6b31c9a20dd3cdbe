package org.rlanything.alfworld.gen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The floor plans of the evaluation games, which generated training games must never use. They are
 * read, by rule, from every {@code traj_data.min.json} (or {@code traj_data.json}) under the
 * evaluation games folder ({@code scene.floor_plan}) and from the rows of {@code manifest.json}
 * ({@code floor_plan}).
 */
public final class EvaluationFloorPlans {

    private static final Pattern FLOOR_PLAN = Pattern.compile("FloorPlan(\\d+)");

    private EvaluationFloorPlans() {}

    /**
     * The floor plan numbers used by the games under {@code gamesDir}, plus those in {@code
     * manifest} when it exists. Fails when nothing is found: generating without the exclusion list
     * would be unsafe.
     */
    public static Set<Integer> read(Path gamesDir, Path manifest) {
        Set<Integer> floorPlans = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        if (Files.isDirectory(gamesDir)) {
            List<Path> trajectories;
            try (Stream<Path> walk = Files.walk(gamesDir)) {
                trajectories =
                        walk.filter(
                                        p -> {
                                            String name = p.getFileName().toString();
                                            return name.equals("traj_data.min.json")
                                                    || name.equals("traj_data.json");
                                        })
                                .sorted()
                                .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "Could not list the evaluation games under " + gamesDir + ".", e);
            }
            for (Path trajectory : trajectories) {
                JsonNode root = readJson(json, trajectory);
                String floorPlan = root.path("scene").path("floor_plan").asText("");
                if (floorPlan.isEmpty()) {
                    throw new org.rlanything.core.BadInputException(
                            "The file " + trajectory + " has no scene.floor_plan value.");
                }
                floorPlans.add(number(floorPlan, trajectory + " scene.floor_plan"));
            }
        }
        if (manifest != null && Files.isRegularFile(manifest)) {
            for (JsonNode row : readJson(json, manifest)) {
                String floorPlan = row.path("floor_plan").asText("");
                if (!floorPlan.isEmpty()) {
                    floorPlans.add(number(floorPlan, manifest + " floor_plan"));
                }
            }
        }
        if (floorPlans.isEmpty()) {
            throw new org.rlanything.core.BadInputException(
                    "No evaluation floor plan was found under "
                            + gamesDir
                            + " or in "
                            + manifest
                            + "; the generator refuses to run without the list of rooms it must avoid.");
        }
        return Set.copyOf(floorPlans);
    }

    private static int number(String floorPlan, String where) {
        Matcher matcher = FLOOR_PLAN.matcher(floorPlan);
        if (!matcher.matches()) {
            throw new org.rlanything.core.BadInputException(
                    "The value '"
                            + floorPlan
                            + "' of "
                            + where
                            + " is not a floor plan name like 'FloorPlan10'.");
        }
        return Integer.parseInt(matcher.group(1));
    }

    private static JsonNode readJson(ObjectMapper json, Path file) {
        try {
            return json.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the JSON file " + file + ".", e);
        }
    }
}
