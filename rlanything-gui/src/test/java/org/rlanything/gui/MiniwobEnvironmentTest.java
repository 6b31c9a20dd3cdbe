package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;

/** MiniWoB++ under the loop's own rollout engine, which opens every episode before stepping. */
class MiniwobEnvironmentTest {

    /** Uniform over the admissible actions (the loop's Policy interface). */
    private static final class RandomPolicy implements Policy {
        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            List<Action> actions = new ArrayList<>();
            for (int i = 0; i < contexts.size(); i++) {
                List<String> legal = contexts.get(i).admissibleActions();
                String command = legal.get(rngs.get(i).nextInt(legal.size()));
                actions.add(new Action(command, command, -Math.log(legal.size()), null));
            }
            return actions;
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            throw new UnsupportedOperationException("not trained here");
        }
    }

    @Test
    void lockstepRolloutsHoldMoreEpisodesOpenThanThereAreBrowsers() {
        List<RolloutRequest> requests = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            MiniwobTask task =
                    MiniwobTask.ofFile(
                                    MiniwobPages.page(k % 2 == 0 ? "click-button" : "enter-text"))
                            .withHint(k % 3 == 0);
            requests.add(new RolloutRequest(task, k, Seeds.derive(5, k)));
        }
        List<Trajectory> first;
        List<Trajectory> second;
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 2)) {
            MiniwobEnvironment env = new MiniwobEnvironment(browsers);
            first = new LockstepRollouts().rollOut(requests, new RandomPolicy(), env, 6);
            second = new LockstepRollouts().rollOut(requests, new RandomPolicy(), env, 6);
            assertEquals(2, browsers.started());
        }
        assertEquals(6, first.size());
        for (int k = 0; k < 6; k++) {
            Trajectory t = first.get(k);
            assertTrue(t.length() >= 1 && t.length() <= 6);
            String observation = t.steps().get(0).observation();
            assertTrue(observation.startsWith("Instruction: "), observation);
            assertEquals(k % 3 == 0, observation.contains("\nHint: "), observation);
            assertEquals(
                    t.steps().stream().map(s -> s.action().command()).toList(),
                    second.get(k).steps().stream().map(s -> s.action().command()).toList());
            assertEquals(t.won(), second.get(k).won());
        }
    }
}
