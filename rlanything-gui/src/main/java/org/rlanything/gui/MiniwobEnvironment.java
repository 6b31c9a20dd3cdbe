package org.rlanything.gui;

import java.util.List;
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
 * <p>A session whose browser died throws {@link BrowserDiedException} from {@code step}; it does
 * not return a failed episode, so that the caller re-runs the episode rather than blaming the
 * policy ({@link EpisodeRunner} does so for batches played outside the loop).
 */
public final class MiniwobEnvironment implements Environment {

    private final TabbedBrowsers browsers;

    public MiniwobEnvironment(TabbedBrowsers browsers) {
        this.browsers = browsers;
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
        MiniwobPage page = browsers.openTab();
        try {
            page.open(miniwob.page());
            page.start(rng.nextLong());
            return new Session(page, page.observe(false), miniwob.hint());
        } catch (RuntimeException e) {
            browsers.closeTab(page);
            throw e;
        }
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
        private final MiniwobPage page;
        private final boolean hint;
        private GuiObservation observation;
        private boolean closed;

        Session(MiniwobPage page, GuiObservation observation, boolean hint) {
            this.page = page;
            this.observation = observation;
            this.hint = hint;
        }

        private String shown() {
            return hint ? observation.text() + "\n" + Hints.of(observation) : observation.text();
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
            GuiAction parsed = GuiAction.parse(action);
            {
                String noEffect = page.act(parsed, observation);
                observation = page.observe(false);
                Outcome outcome = page.lastOutcome();
                String text =
                        (noEffect == null ? "" : "The action had no effect: " + noEffect + "\n")
                                + shown();
                return new StepResult(text, outcome.done(), outcome.won(), StepLabel.UNKNOWN);
            }
        }

        @Override
        public byte[] screenshot() {
            return page.screenshot();
        }

        @Override
        public boolean done() {
            return page.lastOutcome().done();
        }

        @Override
        public boolean won() {
            return page.lastOutcome().won();
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            browsers.closeTab(page);
        }
    }
}
