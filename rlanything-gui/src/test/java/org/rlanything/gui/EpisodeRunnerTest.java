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
            // Kills the process of a browser that is lent to an episode, once 6 steps are done. It
            // polls every millisecond rather than spinning: a spinning thread takes a core from
            // the browsers it watches (the suite runs on two).
            Thread killer =
                    new Thread(
                            () -> {
                                try {
                                    while (runner.steps() < 6) {
                                        Thread.sleep(1);
                                    }
                                    Optional<MiniwobPage> victim = Optional.empty();
                                    while (victim.isEmpty()) {
                                        victim = pool.leased().stream().findFirst();
                                        if (victim.isEmpty()) {
                                            Thread.sleep(1);
                                        }
                                    }
                                    victim.get().browser().kill();
                                } catch (InterruptedException e) {
                                    // the batch ended first: the assertions below say so
                                }
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
