package org.rlanything.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.GameLoader;
import org.rlanything.alfworld.Logic213;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.alfworld.gen.EnginePlanOracle;
import org.rlanything.alfworld.gen.GameGenerator;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.core.Seeds;

/**
 * The game sets of the ALFWorld agent, each a pure function of its seed.
 *
 * <ul>
 *   <li>{@link #training}: games {@code 0..n-1} of the generator under the run seed (behaviour
 *       cloning, reward-model warm start, tokenizer corpus, and the loop's task pool all draw from
 *       here);
 *   <li>{@link #heldOut}: games of the generator under a seed derived from the run seed with the
 *       purpose {@code "agent/held-out"}, a disjoint stream, for in-domain evaluation and tuning;
 *   <li>{@link #real}: the 48 real ALFWorld games ({@code games/valid_unseen}) upgraded to the
 *       2.1.3 logic the generated games use (ALFWorld's own patch rules, {@link Logic213#patch}).
 *       Out-of-domain: they are only ever evaluated, never trained or tuned on.
 * </ul>
 */
public final class AlfworldGames {

    private static final long HELD_OUT = Seeds.purpose("agent/held-out");

    private final AlfworldData data;
    private final GameGenerator generator;
    private final EnginePlanOracle planner = EnginePlanOracle.create();

    /**
     * The game this thread's generator last compiled for the planner. How and why: the generator
     * keeps a scene only if the planner wins it, and the planner needs the game compiled; the task
     * needs the same compiled game, and compiling it again was 37% of generating a game (a JFR
     * profile of the 600 games of the restrained oracle's prior). Keyed by the very {@link
     * GameFile} object the generator returns, so a game is never paired with another's file.
     */
    private final ThreadLocal<Compiled> lastCompiled = new ThreadLocal<>();

    private record Compiled(GameFile file, AlfworldGame game) {}

    private AlfworldGames(AlfworldData data, int maxPlanSteps) {
        this.data = data;
        this.generator =
                GameGenerator.fromData(
                        data,
                        (file, maxSteps) -> {
                            AlfworldGame game = EnginePlanOracle.compile(file);
                            lastCompiled.set(new Compiled(file, game));
                            return planner.shortestWin(game, maxSteps);
                        },
                        maxPlanSteps);
    }

    /** Games from the data folder, with the generator's default planner step limit (40). */
    public static AlfworldGames of(AlfworldData data) {
        return new AlfworldGames(data, GameGenerator.DEFAULT_MAX_STEPS);
    }

    /** Games from the data folder found by {@link AlfworldData#locate()}. */
    public static AlfworldGames locate() {
        return of(AlfworldData.locate());
    }

    public AlfworldData data() {
        return data;
    }

    public GameGenerator generator() {
        return generator;
    }

    /** Training games {@code from..from+count-1} of {@code seed}. */
    public List<AlfworldTask> training(long seed, int from, int count) {
        return generated(seed, from, count);
    }

    /** Training games {@code 0..count-1} of {@code seed}. */
    public List<AlfworldTask> training(long seed, int count) {
        return generated(seed, 0, count);
    }

    /**
     * Held-out generated games {@code 0..count-1} of {@code seed} (a stream disjoint from
     * training).
     */
    public List<AlfworldTask> heldOut(long seed, int count) {
        return generated(heldOutSeed(seed), 0, count);
    }

    /** The generator seed of the held-out games of run seed {@code seed}. */
    public static long heldOutSeed(long seed) {
        return Seeds.derive(seed, HELD_OUT);
    }

    private List<AlfworldTask> generated(long seed, int from, int count) {
        List<AlfworldTask> out = new ArrayList<>(count);
        for (int i = from; i < from + count; i++) {
            GeneratedGame g = generator.generateOne(seed, i);
            Compiled compiled = lastCompiled.get();
            lastCompiled.remove();
            if (compiled != null && compiled.file() == g.file()) {
                out.add(new AlfworldTask(compiled.game()));
                continue;
            }
            out.add(new AlfworldTask(EnginePlanOracle.compile(g.file())));
        }
        return out;
    }

    /** The real out-of-domain games (2.1.3 logic), in path order. */
    public List<AlfworldTask> real() {
        return real(data.evaluationGames().resolve("valid_unseen"));
    }

    /** Every {@code game.tw-pddl} below {@code root}, upgraded to 2.1.3, in path order. */
    public static List<AlfworldTask> real(Path root) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files =
                    walk.filter(p -> p.getFileName().toString().equals(GameLoader.GAME_FILE_NAME))
                            .sorted()
                            .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not list the real ALFWorld games under " + root + ".", e);
        }
        List<AlfworldTask> out = new ArrayList<>();
        for (Path file : files) {
            try {
                out.add(
                        new AlfworldTask(
                                AlfworldGame.compile(Logic213.patch(GameLoader.read(file)))));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "Could not load the real ALFWorld game " + file + ".", e);
            }
        }
        return out;
    }
}
