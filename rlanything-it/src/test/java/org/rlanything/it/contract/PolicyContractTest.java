package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.core.Action;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.SessionPolicy;
import org.rlanything.core.Step;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.Section;

/**
 * What every policy kind the registry finds promises ({@link Policy#act}), in an environment it
 * serves: one action per context; the same context and seed give the same action whether it is
 * acted on alone or in a batch, so the generators alone carry the randomness; the action is one of
 * the admissible commands where the environment lists them (see {@link
 * ContractFixtures#EMPTY_COMMANDS} for the kinds that may play none), and the environment accepts
 * it; two rollouts of the same seed (with the history each step adds) play the same commands.
 */
class PolicyContractTest {

    static Stream<String> kinds() {
        return ContractFixtures.kinds(Section.POLICY);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theSameContextAndSeedGiveTheSameAcceptedAction(String kind) throws IOException {
        ContractRun run = ContractFixtures.run(Section.POLICY, kind);
        EnvironmentParts parts = run.parts();
        Policy policy = run.policy();
        Task last = parts.tasks().get(parts.tasks().size() - 1);
        Task task = parts.tasks().get(0);
        try (EnvironmentSession otherSession =
                        parts.environment().start(last, new SplittableRandom(12));
                EnvironmentSession session =
                        parts.environment().start(task, new SplittableRandom(11))) {
            PolicyContext other = context(last, otherSession);
            PolicyContext context = context(task, session);
            List<Action> alone = act(policy, List.of(context), List.of(rng(21)), List.of(session));
            List<Action> batched =
                    act(
                            policy,
                            List.of(other, context, context),
                            List.of(rng(4), rng(21), rng(21)),
                            List.of(otherSession, session, session));
            assertEquals(1, alone.size(), kind + ": one action per context");
            assertEquals(3, batched.size(), kind + ": one action per context");
            Action action = alone.get(0);
            assertNotNull(action.command());
            assertEquals(action.command(), batched.get(1).command(), kind + ": batched");
            assertEquals(action.response(), batched.get(1).response(), kind + ": batched");
            assertEquals(batched.get(1).command(), batched.get(2).command(), kind + ": twice");
            assertAdmissible(kind, context.admissibleActions(), action.command(), 0);
            StepResult result = session.step(action.command());
            assertEquals(result.done(), session.done());
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void rolloutsOfTheSameSeedRepeatAndPlayOnlyAdmissibleCommands(String kind) throws IOException {
        ContractRun run = ContractFixtures.run(Section.POLICY, kind);
        Task task = run.parts().tasks().get(0);
        List<Trajectory> played =
                run.context()
                        .engine()
                        .rollOut(
                                List.of(
                                        new RolloutRequest(task, 0, 41),
                                        new RolloutRequest(task, 1, 41)),
                                run.policy(),
                                run.parts().environment(),
                                5);
        assertEquals(commands(played.get(0)), commands(played.get(1)), kind + ": the same seed");
        assertTrue(played.get(0).length() > 0, kind + " took no step");
        for (Step step : played.get(0).steps()) {
            assertAdmissible(kind, step.admissibleActions(), step.action().command(), step.index());
        }
    }

    /**
     * Where the environment lists commands, {@code command} is one of them (or empty, for a kind in
     * {@link ContractFixtures#EMPTY_COMMANDS}).
     */
    private static void assertAdmissible(
            String kind, List<String> admissible, String command, int step) {
        if (admissible.isEmpty()
                || command.isEmpty() && ContractFixtures.EMPTY_COMMANDS.containsKey(kind)) {
            return;
        }
        assertTrue(
                admissible.contains(command),
                kind + " played '" + command + "' at step " + step + ", not one of " + admissible);
    }

    private static List<String> commands(Trajectory trajectory) {
        return trajectory.steps().stream().map(step -> step.action().command()).toList();
    }

    /** The first context of an episode of {@code task}. */
    private static PolicyContext context(Task task, EnvironmentSession session) {
        return new PolicyContext(
                task, List.of(), session.observation(), session.admissibleActions());
    }

    /**
     * The policy's actions; a {@link SessionPolicy} (the {@code demonstrator} kind) is handed the
     * running episodes, as the in-process rollout engine does.
     */
    private static List<Action> act(
            Policy policy,
            List<PolicyContext> contexts,
            List<RandomGenerator> rngs,
            List<EnvironmentSession> sessions) {
        return policy instanceof SessionPolicy withSessions
                ? withSessions.act(contexts, rngs, sessions)
                : policy.act(contexts, rngs);
    }

    private static RandomGenerator rng(long seed) {
        return new SplittableRandom(seed);
    }
}
