package org.rlanything.alfworld.gen;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.GameFile;
import org.rlanything.core.Seeds;

/**
 * Generates ALFWorld training games in the layout rooms.
 *
 * <p><b>How a game is made.</b> Game {@code i} of seed {@code s} depends only on {@code (s, i)}:
 * its task type comes from a shuffled block of the six types ({@code i / 6} names the block), so
 * any run of {@code 6k} games holds exactly {@code k} of each type; a generator seeded with {@code
 * (s, i, attempt)} then draws a room that admits the type, a goal among the room's {@link
 * GoalOptions admissible goals}, a phrasing and a {@link SceneSampler population}. The game is kept
 * only when the {@link PlanOracle planner} wins it within {@link #maxSteps()} commands; otherwise
 * the next attempt draws again. Since nothing depends on other games, generating 100 games gives
 * the first 100 of 1,000, and the same seed always gives the same bytes.
 */
public final class GameGenerator {

    /** The default planner step limit: the text-game training horizon H of the reference. */
    public static final int DEFAULT_MAX_STEPS = 40;

    /** Attempts per game before giving up. */
    public static final int MAX_ATTEMPTS = 50;

    private static final long TYPE_BLOCK = Seeds.purpose("alfworld/gen/type-block");
    private static final long GAME = Seeds.purpose("alfworld/gen/game");

    private final RoomLibrary rooms;
    private final AlfredLogic logic;
    private final PlanOracle oracle;
    private final int maxSteps;
    private final Map<TaskType, Map<Room, List<Goal>>> options;
    private final SceneSampler sampler;
    private final SceneWriter writer;

    public GameGenerator(
            TypeCatalog catalog,
            RoomLibrary rooms,
            AlfredLogic logic,
            PlanOracle oracle,
            int maxSteps) {
        this.rooms = Objects.requireNonNull(rooms, "rooms");
        this.logic = Objects.requireNonNull(logic, "logic");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
        if (maxSteps < 1) {
            throw new IllegalArgumentException(
                    "The planner step limit (" + maxSteps + ") must be at least 1.");
        }
        this.maxSteps = maxSteps;
        GoalOptions goals = new GoalOptions(catalog);
        this.options = new EnumMap<>(TaskType.class);
        for (TaskType type : TaskType.values()) {
            Map<Room, List<Goal>> byRoom = new LinkedHashMap<>();
            for (Room room : rooms.rooms()) {
                List<Goal> admissible = goals.in(room, type);
                if (!admissible.isEmpty()) {
                    byRoom.put(room, admissible);
                }
            }
            options.put(type, byRoom);
        }
        this.sampler = new SceneSampler(catalog);
        this.writer = new SceneWriter(catalog);
    }

    public int maxSteps() {
        return maxSteps;
    }

    /**
     * The task type of game {@code index} under {@code seed}: balanced over every block of six
     * games.
     */
    public static TaskType taskTypeFor(long seed, int index) {
        TaskType[] block = TaskType.values().clone();
        RandomGenerator rng = Seeds.rng(seed, TYPE_BLOCK, index / block.length);
        for (int i = block.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            TaskType swap = block[i];
            block[i] = block[j];
            block[j] = swap;
        }
        return block[index % block.length];
    }

    /**
     * The generator for the data folder: its layouts, minus the evaluation floor plans, and its
     * 2.1.3 logic.
     */
    public static GameGenerator fromData(AlfworldData data, PlanOracle oracle, int maxSteps) {
        TypeCatalog catalog = TypeCatalog.standard();
        RoomLibrary rooms =
                RoomLibrary.load(
                        data.layouts(),
                        catalog,
                        EvaluationFloorPlans.read(data.evaluationGames(), data.manifest()));
        return new GameGenerator(
                catalog, rooms, AlfredLogic.read213(data.logic213()), oracle, maxSteps);
    }

    /** Games {@code 0..count-1} of {@code seed} with the run's provenance. */
    public GenerationRun run(long seed, int count) {
        return new GenerationRun(
                seed, logic.version(), maxSteps, rooms.excluded(), generateAll(seed, count));
    }

    /** Games {@code 0..count-1} of {@code seed}. */
    public List<GeneratedGame> generateAll(long seed, int count) {
        if (count < 0) {
            throw new IllegalArgumentException(
                    "The game count (" + count + ") must not be negative.");
        }
        List<GeneratedGame> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(generateOne(seed, i));
        }
        return out;
    }

    /**
     * Game {@code index} of {@code seed}; fails when no winnable game is found in {@link
     * #MAX_ATTEMPTS} draws.
     */
    public GeneratedGame generateOne(long seed, int index) {
        TaskType type = taskTypeFor(seed, index);
        Map<Room, List<Goal>> byRoom = options.get(type);
        List<Room> candidates = List.copyOf(byRoom.keySet());
        if (candidates.isEmpty()) {
            throw new IllegalStateException("No training room admits a " + type.id() + " goal.");
        }
        String problemName = String.format(Locale.ROOT, "gen_s%d_i%05d", seed, index);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            RandomGenerator rng = Seeds.rng(seed, GAME, index, attempt);
            Room room = SceneSampler.pick(candidates, rng);
            Goal base = SceneSampler.pick(byRoom.get(room), rng);
            Goal goal =
                    new Goal(
                            type,
                            base.objectType(),
                            base.target(),
                            rng.nextInt(type.phrasings().size()));
            Scene scene = sampler.sample(room, goal, problemName, rng);
            GameFile file = logic.gameFile(scene, writer);
            OptionalInt steps = oracle.shortestWin(file, maxSteps);
            if (steps.isPresent()) {
                String folder =
                        goal.folderName(room.floorPlan())
                                + "/"
                                + String.format(Locale.ROOT, "trial_S%d_%05d", seed, index);
                return new GeneratedGame(index, folder, scene, file, steps.getAsInt());
            }
        }
        throw new IllegalStateException(
                "Game "
                        + index
                        + " of seed "
                        + seed
                        + " ("
                        + type.id()
                        + ") found no winnable scene in "
                        + MAX_ATTEMPTS
                        + " attempts within "
                        + maxSteps
                        + " steps.");
    }
}
