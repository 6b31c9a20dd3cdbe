package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EpisodeRunnerTest {

    /** A sample of families of different kinds: buttons, text fields, checkboxes, tabs, forms. */
    private static final List<String> SAMPLE =
            List.of("click-button", "enter-text", "click-checkboxes", "click-tab", "login-user");

    private static List<EpisodeRunner.Request> requests(int episodesPerFamily) {
        List<EpisodeRunner.Request> requests = new ArrayList<>();
        for (String family : SAMPLE) {
            for (int e = 0; e < episodesPerFamily; e++) {
                requests.add(
                        new EpisodeRunner.Request(
                                MiniwobTask.ofFile(MiniwobPages.page(family)), 100 + e));
            }
        }
        return requests;
    }

    /** What must not change when an episode is re-run (the time-discounted reward may). */
    private static String replayable(EpisodeResult r) {
        return r.task()
                + "/"
                + r.seed()
                + "/"
                + r.instruction()
                + "/"
                + r.rawReward()
                + "/"
                + r.done()
                + "/"
                + r.steps();
    }

    @Test
    void sampledFamiliesShowAnInstructionAndFinishThreeRandomEpisodesDeterministically()
            throws InterruptedException {
        List<EpisodeResult> first;
        List<EpisodeResult> second;
        try (BrowserPool pool = new BrowserPool(BrowserSettings.defaults(), 2)) {
            EpisodeRunner runner = new EpisodeRunner(pool, 8, 2);
            first = runner.playAll(requests(3), GuiPolicy.random());
            second = runner.playAll(requests(3), GuiPolicy.random());
            assertEquals(0, runner.reruns());
            assertTrue(pool.started() <= 2, "the pool is bounded: " + pool.started());
        }
        assertEquals(SAMPLE.size() * 3, first.size());
        for (EpisodeResult r : first) {
            assertFalse(r.instruction().isBlank(), r.toString());
            assertTrue(r.reward() >= -1 && r.reward() <= 1, r.toString());
            assertTrue(r.steps() >= 1 && r.steps() <= 8, r.toString());
            assertEquals(1, r.attempts());
        }
        assertEquals(
                first.stream().map(EpisodeRunnerTest::replayable).toList(),
                second.stream().map(EpisodeRunnerTest::replayable).toList());
    }

    @Test
    void aBrowserKilledInTheMiddleOfABatchIsReplacedAndItsEpisodeReRun() throws Exception {
        List<EpisodeResult> reference;
        try (BrowserPool pool = new BrowserPool(BrowserSettings.defaults(), 2)) {
            reference = new EpisodeRunner(pool, 8, 3).playAll(requests(2), GuiPolicy.random());
        }
        try (BrowserPool pool = new BrowserPool(BrowserSettings.defaults(), 2)) {
            EpisodeRunner runner = new EpisodeRunner(pool, 8, 3);
            // Kills the process of a browser that is lent to an episode, once 2 episodes are done.
            Thread killer =
                    new Thread(
                            () -> {
                                while (runner.steps() < 6
                                        && !Thread.currentThread().isInterrupted()) {
                                    Thread.onSpinWait();
                                }
                                Optional<MiniwobPage> victim = Optional.empty();
                                while (victim.isEmpty()
                                        && !Thread.currentThread().isInterrupted()) {
                                    victim = pool.leased().stream().findFirst();
                                }
                                victim.ifPresent(p -> p.browser().kill());
                            });
            killer.start();
            List<EpisodeResult> results = runner.playAll(requests(2), GuiPolicy.random());
            killer.interrupt();
            killer.join();
            assertTrue(runner.reruns() >= 1, "no episode was re-run");
            assertTrue(pool.discarded() >= 1);
            assertTrue(pool.started() > 2, "no fresh browser started: " + pool.started());
            assertTrue(results.stream().anyMatch(r -> r.attempts() > 1));
            // The re-run episodes are the same episodes: nothing the policy did changed.
            assertEquals(
                    reference.stream().map(EpisodeRunnerTest::replayable).toList(),
                    results.stream().map(EpisodeRunnerTest::replayable).toList());
        }
    }
}
