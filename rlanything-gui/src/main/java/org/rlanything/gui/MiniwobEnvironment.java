package org.rlanything.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * MiniWoB++ as an {@link Environment} of the loop: each session opens its page in a tab of one of
 * the {@link TabbedBrowsers} (the loop's lockstep rollouts hold all their episodes open at once,
 * more than there are browsers), seeds the page's problem from the episode's generator and closes
 * the tab when closed. The observation text is the instruction and the element list; the admissible
 * actions are {@link LegalActions}; success is the page's own checker (a positive raw reward).
 *
 * <p>A session survives its browser dying under it ({@link BrowserDiedException}): it opens a new
 * tab (on a restarted browser when its own is gone), starts the page again with the episode's seed
 * and replays the actions taken so far, then carries on, so that the episode the policy sees is the
 * same one and a browser's death never counts against the policy. After {@code maxAttempts} deaths
 * in one call the exception goes up and the batch fails. {@link #reruns()} counts the recoveries
 * (for the run's metrics and the crash tests).
 *
 * <p>A command that is no GUI action (the empty command of a model reply that names none) is a step
 * without effect: the page is unchanged and the observation says why.
 *
 * <p>A page that fails during an episode ({@link PageFailedException}: its script throws or never
 * ends, it crashes its tab) ends that episode as a failure, with the page's failure as the last
 * observation, so that it is recorded as such; it is not re-run (the page would fail again).
 */
public final class MiniwobEnvironment implements Environment {

    /** Deaths one session call survives by default before it gives up. */
    public static final int MAX_ATTEMPTS = 3;

    private final TabbedBrowsers browsers;
    private final int maxAttempts;
    private final AtomicInteger reruns = new AtomicInteger();

    public MiniwobEnvironment(TabbedBrowsers browsers) {
        this(browsers, MAX_ATTEMPTS);
    }

    /**
     * @param maxAttempts how many times one start or step may find its browser dead before the
     *     death is reported
     */
    public MiniwobEnvironment(TabbedBrowsers browsers, int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "max attempts must be at least 1, got " + maxAttempts);
        }
        this.browsers = browsers;
        this.maxAttempts = maxAttempts;
    }

    /** How many times a session was replayed on a fresh tab because its browser died. */
    public int reruns() {
        return reruns.get();
    }

    @Override
    public ScreenshotSession start(Task task, RandomGenerator rng) {
        if (!(task instanceof MiniwobTask miniwob)) {
            throw new IllegalArgumentException(
                    "The MiniWoB++ environment plays MiniwobTask tasks, got "
                            + task.getClass().getSimpleName()
                            + " ("
                            + task.id()
                            + ").");
        }
        Session session = new Session(miniwob, rng.nextLong());
        session.replay(null);
        return session;
    }

    /**
     * A candidate is valid when its page is a readable file (its checker is the page's own, so
     * there is nothing else to check); pages served over HTTP are accepted as they are.
     */
    @Override
    public Verification verify(Task task) {
        if (!(task instanceof MiniwobTask miniwob)) {
            return Verification.rejected("not a MiniWoB++ task: " + task.id());
        }
        if ("file".equals(miniwob.page().getScheme())
                && !java.nio.file.Files.isRegularFile(java.nio.file.Path.of(miniwob.page()))) {
            return Verification.rejected("no such task page: " + miniwob.page());
        }
        return Verification.ok();
    }

    private final class Session implements ScreenshotSession {
        private final MiniwobTask task;
        private final long seed;
        private final List<GuiAction> taken = new ArrayList<>();
        private MiniwobPage page;
        private GuiObservation observation;
        private boolean closed;

        /** Why the page failed and ended the episode; null while it works. */
        private String failed;

        /** Browser deaths in the current start, step or screenshot call. */
        private int deaths;

        Session(MiniwobTask task, long seed) {
            this.task = task;
            this.seed = seed;
        }

        /**
         * Opens a fresh tab, starts the episode with its seed and replays the actions taken so far,
         * trying again while the browser dies; {@code cause} is the death that brought it here
         * (null at the start). Every death of one session call counts toward {@code maxAttempts}.
         */
        private void replay(BrowserDiedException cause) {
            BrowserDiedException last = cause;
            if (cause != null) {
                deaths++;
            }
            while (true) {
                if (page != null) {
                    browsers.closeTab(page);
                    page = null;
                }
                if (deaths >= maxAttempts) {
                    throw new BrowserDiedException(
                            "Episode "
                                    + task.id()
                                    + ": the browser died "
                                    + deaths
                                    + " times, last: "
                                    + last.getMessage(),
                            last);
                }
                if (deaths > 0) {
                    reruns.incrementAndGet();
                }
                try {
                    page = browsers.openTab();
                    page.open(task.page());
                    page.start(seed);
                    GuiObservation replayed = page.observe(false);
                    for (GuiAction action : taken) {
                        page.act(action, replayed);
                        replayed = page.observe(false);
                    }
                    observation = replayed;
                    return;
                } catch (BrowserDiedException e) {
                    deaths++;
                    last = e;
                } catch (RuntimeException e) {
                    if (page != null) {
                        browsers.closeTab(page);
                        page = null;
                    }
                    throw e;
                }
            }
        }

        private String shown() {
            return task.hint()
                    ? observation.text() + "\n" + Hints.of(observation)
                    : observation.text();
        }

        @Override
        public String observation() {
            return shown();
        }

        @Override
        public List<String> admissibleActions() {
            return LegalActions.of(observation);
        }

        @Override
        public StepResult step(String action) {
            if (done()) {
                throw new IllegalStateException("The episode has ended.");
            }
            GuiAction parsed;
            try {
                parsed = GuiAction.parse(action);
            } catch (IllegalArgumentException e) {
                // a model's reply that names no action (the endpoint parser found none): a step
                // without effect, as in ALFWorld, never a crash of the run
                return new StepResult(
                        "The action had no effect: " + e.getMessage() + "\n" + shown(),
                        false,
                        false,
                        StepLabel.UNKNOWN);
            }
            deaths = 0;
            String noEffect;
            while (true) {
                try {
                    noEffect = page.act(parsed, observation);
                    observation = page.observe(false);
                    break;
                } catch (BrowserDiedException e) {
                    replay(e);
                } catch (PageFailedException e) {
                    failed = e.getMessage();
                    taken.add(parsed);
                    return new StepResult(failed, true, false, StepLabel.UNKNOWN);
                }
            }
            taken.add(parsed);
            Outcome outcome = page.lastOutcome();
            String text =
                    (noEffect == null ? "" : "The action had no effect: " + noEffect + "\n")
                            + shown();
            return new StepResult(text, outcome.done(), outcome.won(), StepLabel.UNKNOWN);
        }

        @Override
        public byte[] screenshot() {
            deaths = 0;
            while (true) {
                try {
                    return page.screenshot();
                } catch (BrowserDiedException e) {
                    replay(e);
                }
            }
        }

        @Override
        public boolean done() {
            return failed != null || page.lastOutcome().done();
        }

        @Override
        public boolean won() {
            return failed == null && page.lastOutcome().won();
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (page != null) {
                browsers.closeTab(page);
                page = null;
            }
        }
    }
}
