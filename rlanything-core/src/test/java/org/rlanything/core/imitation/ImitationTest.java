package org.rlanything.core.imitation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.spi.Demonstrator;

/**
 * The imitation loop on a corridor whose solver always goes right: round 0 clones the solver's
 * (partly drawn) episodes, DAgger rounds add the states the clone reaches itself, the best round is
 * kept, and the same seed gives the same result.
 */
class ImitationTest {

    /** A corridor of {@code length} cells: won at the far end, lost at the near one. */
    record Corridor(String id, int length) implements Task {
        @Override
        public String describe() {
            return "reach cell " + length;
        }
    }

    static final class Walk implements EnvironmentSession {
        final int length;
        int at = 1;
        boolean over;

        Walk(int length) {
            this.length = length;
        }

        @Override
        public String observation() {
            return "at " + at + " of " + length;
        }

        @Override
        public List<String> admissibleActions() {
            return List.of("left", "right");
        }

        @Override
        public StepResult step(String action) {
            int before = at;
            at += action.equals("right") ? 1 : -1;
            over = at == 0 || at == length;
            StepLabel label = at > before ? StepLabel.GOOD : StepLabel.BAD;
            return new StepResult(observation(), over, at == length, label);
        }

        @Override
        public boolean done() {
            return over;
        }

        @Override
        public boolean won() {
            return at == length;
        }
    }

    static final Environment CORRIDORS = (task, rng) -> new Walk(((Corridor) task).length());

    /** The solver: always right. */
    static final Demonstrator RIGHT =
            session -> session.done() ? Optional.empty() : Optional.of("right");

    /**
     * A learner that remembers, per observation, the demonstrated commands' counts and picks the
     * most frequent; in an observation it has never seen it goes left (so its own mistakes need
     * DAgger's labels). Records how many observations it knows after each imitation.
     */
    static final class Memory implements Policy, Imitable, Checkpointable {
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        final List<Integer> known = new ArrayList<>();

        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            List<Action> actions = new ArrayList<>();
            for (PolicyContext c : contexts) {
                Map<String, Integer> seen = counts.getOrDefault(c.observation(), Map.of());
                String command =
                        seen.entrySet().stream()
                                .max(Map.Entry.comparingByValue())
                                .map(Map.Entry::getKey)
                                .orElse("left");
                actions.add(new Action(command, command, 0, null));
            }
            return actions;
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }

        @Override
        public ImitationFit imitate(List<Demonstration> data, RandomGenerator rng) {
            counts = new HashMap<>();
            for (Demonstration d : data) {
                counts.computeIfAbsent(d.context().observation(), o -> new HashMap<>())
                        .merge(d.command(), 1, Integer::sum);
            }
            known.add(counts.size());
            return new ImitationFit(data.size(), 0, 1);
        }

        @Override
        public void saveTo(Path directory) throws IOException {
            Files.writeString(
                    directory.resolve("memory"), counts.toString(), StandardCharsets.UTF_8);
        }

        @Override
        public void loadFrom(Path directory) {
            // the tests read what each round did from the result
        }
    }

    private static List<Task> pool(int size, int length) {
        List<Task> pool = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            pool.add(new Corridor("c" + i, length));
        }
        return pool;
    }

    private static Imitation.Result imitate(Memory learner, long seed, double explore) {
        return Imitation.run(
                CORRIDORS,
                pool(12, 6),
                RIGHT,
                learner,
                new Imitation.Settings(4, 2, explore, 3, 4, 2, 12),
                seed,
                line -> {});
    }

    @Test
    void cloningThenDaggerReachesTheDemonstratorsSuccessAndStopsWhenItNoLongerRises() {
        Memory learner = new Memory();
        Imitation.Result result = imitate(learner, 5, 0.5);
        assertEquals(1.0, result.demonstratorSuccess());
        assertEquals(8, result.validationEpisodes()); // 4 validation tasks x 2 episodes
        // the clone ends as good as the solver on the validation episodes
        assertEquals(1.0, result.cloneSuccess(), result.summary());
        // the round that did not raise the success ended the imitation, and the best was kept
        Imitation.Round last = result.rounds().get(result.rounds().size() - 1);
        assertTrue(result.rounds().size() <= 4, result.summary());
        assertTrue(
                result.rounds().size() == 4
                        || last.validationSuccess()
                                <= result.rounds().get(result.kept()).validationSuccess(),
                result.summary());
        // every demonstration names the solver's command, in a state one of the episodes reached
        assertTrue(result.demonstrations().stream().allMatch(d -> d.command().equals("right")));
        // the environment's labels of the played steps are there for a judge's warm start
        assertTrue(!LabelledStep.of(result.played()).isEmpty());
    }

    @Test
    void daggerTeachesTheStatesTheCloneReachesItself() {
        // round 0 plays drawn commands only: a random walk from cell 1 seldom gets far, so the
        // clone knows the near cells and goes left in the far ones; each DAgger round labels the
        // far cells the clone itself reaches, until it walks the corridor
        Memory learner = new Memory();
        Imitation.Result result =
                Imitation.run(
                        CORRIDORS,
                        pool(12, 8),
                        RIGHT,
                        learner,
                        new Imitation.Settings(4, 1, 1.0, 8, 4, 1, 10),
                        3,
                        line -> {});
        List<Imitation.Round> rounds = result.rounds();
        assertTrue(rounds.get(0).validationSuccess() < 1.0, result.summary());
        assertEquals(1.0, result.cloneSuccess(), result.summary());
        assertTrue(result.kept() > 0, result.summary());
        for (int r = 1; r < rounds.size(); r++) {
            assertTrue(
                    rounds.get(r).demonstrations() > rounds.get(r - 1).demonstrations(),
                    "round " + r + " labels the clone's own states: " + result.summary());
        }
        // the memory grew with the rounds: the clone's own states were added
        assertTrue(learner.known.get(learner.known.size() - 1) > learner.known.get(0));
    }

    @Test
    void theSameSeedGivesTheSameImitation() {
        Imitation.Result a = imitate(new Memory(), 9, 0.5);
        Imitation.Result b = imitate(new Memory(), 9, 0.5);
        assertEquals(a.rounds(), b.rounds());
        assertEquals(a.demonstrations(), b.demonstrations());
        Imitation.Result c = imitate(new Memory(), 10, 0.5);
        assertTrue(!a.demonstrations().equals(c.demonstrations()), "another seed draws otherwise");
    }

    @Test
    void theDemonstratorPolicyPlaysTheSolversCommands() {
        List<Trajectory> played =
                new LockstepRollouts()
                        .rollOut(
                                List.of(new RolloutRequest(new Corridor("c", 5), 0, 3)),
                                DemonstratorPolicy.baseline(RIGHT),
                                CORRIDORS,
                                20);
        assertTrue(played.get(0).won());
        assertEquals(4, played.get(0).steps().size());
    }
}
