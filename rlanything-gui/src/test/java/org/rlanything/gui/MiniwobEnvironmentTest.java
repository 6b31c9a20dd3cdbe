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

    /**
     * The random policy that kills a browser when it is asked to act for the {@code at}-th time.
     */
    private static final class KillingPolicy implements Policy {
        private final RandomPolicy random = new RandomPolicy();
        private final TabbedBrowsers browsers;
        private final int at;
        private int calls;

        KillingPolicy(TabbedBrowsers browsers, int at) {
            this.browsers = browsers;
            this.at = at;
        }

        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            if (++calls == at) {
                browsers.running().get(0).kill();
            }
            return random.act(contexts, rngs);
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            throw new UnsupportedOperationException("not trained here");
        }
    }

    private static List<RolloutRequest> batch() {
        List<RolloutRequest> requests = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            MiniwobTask task =
                    MiniwobTask.ofFile(
                                    MiniwobPages.page(k % 2 == 0 ? "click-button" : "enter-text"))
                            .withHint(k % 3 == 0);
            requests.add(new RolloutRequest(task, k, Seeds.derive(5, k)));
        }
        return requests;
    }

    /**
     * The loop's path: a browser killed in the middle of a lockstep batch (after the first step of
     * every episode) is restarted, its episodes are replayed on fresh tabs with their seeds and
     * their actions so far, and the batch ends as it would have without the death.
     */
    @Test
    void aBrowserKilledInTheMiddleOfALoopBatchIsReplacedAndItsEpisodesReplayed() {
        List<RolloutRequest> requests = batch();
        List<Trajectory> reference;
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 2)) {
            reference =
                    new LockstepRollouts()
                            .rollOut(
                                    requests,
                                    new RandomPolicy(),
                                    new MiniwobEnvironment(browsers),
                                    6);
        }
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 2)) {
            MiniwobEnvironment env = new MiniwobEnvironment(browsers);
            List<Trajectory> killed =
                    new LockstepRollouts()
                            .rollOut(requests, new KillingPolicy(browsers, 2), env, 6);
            assertTrue(env.reruns() >= 1, "no episode was replayed");
            assertTrue(browsers.started() > 2, "no browser restarted: " + browsers.started());
            assertEquals(reference.size(), killed.size());
            for (int k = 0; k < reference.size(); k++) {
                // the page's 10 s clock is lifted while the loop drives it (MiniwobPage), so a
                // replayed episode is the same episode to its end
                assertEquals(
                        reference.get(k).steps().stream()
                                .map(s -> s.action().command() + " -> " + s.nextObservation())
                                .toList(),
                        killed.get(k).steps().stream()
                                .map(s -> s.action().command() + " -> " + s.nextObservation())
                                .toList(),
                        "episode " + k);
                assertEquals(reference.get(k).won(), killed.get(k).won(), "episode " + k);
            }
        }
    }

    /**
     * A command that is no GUI action (a model's reply naming none gives the empty command) is a
     * step without effect, not a crash: the page is as before and a legal action still wins.
     */
    @Test
    void aCommandThatIsNoGuiActionIsAStepWithoutEffect() {
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 1)) {
            ScreenshotSession session =
                    new MiniwobEnvironment(browsers)
                            .start(
                                    MiniwobTask.ofFile(MiniwobPages.page("click-test")),
                                    new java.util.SplittableRandom(1));
            String before = session.observation();
            var result = session.step("");
            assertTrue(
                    result.observation().startsWith("The action had no effect: Not a GUI action"),
                    result.observation());
            assertTrue(result.observation().endsWith(before), result.observation());
            assertTrue(!result.done() && !session.done());
            var button = java.util.regex.Pattern.compile("\\[(\\d+)] BUTTON").matcher(before);
            assertTrue(button.find(), before);
            String click = "click " + button.group(1);
            assertTrue(session.admissibleActions().contains(click), click);
            assertTrue(session.step(click).won(), before);
            session.close();
        }
    }

    /** With one attempt allowed, the first death is reported, naming the episode. */
    @Test
    void aSessionGivesUpAfterItsBoundedAttempts() {
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 1)) {
            MiniwobEnvironment env = new MiniwobEnvironment(browsers, 1);
            ScreenshotSession session =
                    env.start(
                            MiniwobTask.ofFile(MiniwobPages.page("click-button")),
                            new java.util.SplittableRandom(1));
            browsers.running().get(0).kill();
            BrowserDiedException died =
                    org.junit.jupiter.api.Assertions.assertThrows(
                            BrowserDiedException.class,
                            () -> session.step(session.admissibleActions().get(0)));
            assertTrue(
                    died.getMessage().contains("click-button: the browser died 1 times"),
                    died.getMessage());
            assertEquals(0, env.reruns());
            session.close();
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
