package org.rlanything.pddl.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.Task;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.pddl.env.PddlEnvironmentConfig;

/**
 * The kind's hooks: it describes its domain (with a real command as the example), and the planner
 * as the demonstrator plays every task of the pool to its goal with admissible commands.
 */
class PddlHooksTest {

    private static EnvironmentParts parts() throws Exception {
        return ProviderParts.of(
                new PddlEnvironmentConfig(
                        ProviderParts.tidy().resolve("domain.pddl").toString(), null, null, 4));
    }

    @Test
    void describesTheDomainAndDemonstratesThePlannersPlan() throws Exception {
        EnvironmentParts parts = parts();
        EnvironmentDescription described = (EnvironmentDescription) parts.hooks();
        assertTrue(described.description().contains("PDDL domain tidy"), described.description());
        try (EnvironmentSession first =
                parts.environment().start(parts.tasks().get(0), new Random(1))) {
            assertTrue(
                    first.admissibleActions().contains(described.example()), described.example());
        }
        Demonstrator demonstrator = (Demonstrator) parts.hooks();
        for (Task task : parts.tasks()) {
            try (EnvironmentSession session = parts.environment().start(task, new Random(1))) {
                int steps = 0;
                while (!session.done()) {
                    Optional<String> next = demonstrator.demonstration(session);
                    assertTrue(next.isPresent(), task.id() + " step " + steps);
                    assertTrue(
                            session.admissibleActions().contains(next.get()),
                            next.get() + " is not admissible");
                    session.step(next.get());
                    steps++;
                }
                assertTrue(session.won(), task.id() + " is not won by the demonstrator");
                assertEquals(Optional.empty(), demonstrator.demonstration(session), "at the end");
            }
        }
    }
}
