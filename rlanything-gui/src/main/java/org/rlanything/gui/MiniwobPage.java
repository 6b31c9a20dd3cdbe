package org.rlanything.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.openqa.selenium.JavascriptException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * A MiniWoB++ task page open in one {@link Browser}: seeds and starts episodes, observes and acts,
 * and reads the page's own reward. Works on any MiniWoB++ page with no per-task code: it only uses
 * what every page has from {@code core/core.js} ({@code core.startEpisodeReal}, {@code
 * core.getDOMInfo}, {@code core.elementClick}, {@code core.getUtterance} and the {@code WOB_*}
 * globals).
 *
 * <p>Every WebDriver failure goes through {@link #failure}: when the browser process is gone it
 * becomes a {@link BrowserDiedException} (the episode is re-run elsewhere); an action that fails
 * simply had no effect (a click on an element that vanished), which is the policy's doing; any
 * other failure is the page's ({@link PageFailedException}: its script throws, it navigated away,
 * its tab crashed).
 *
 * <p>Deadlines. Every operation has one, enforced from outside the page: a watchdog thread kills
 * the browser and its ChromeDriver when the operation has not returned in time ({@link
 * BrowserSettings#operationTimeout}; opening, {@link BrowserSettings#pageLoadTimeout} plus the 10 s
 * wait for the page's episode code), so that a page whose script never ends ({@code while(true){}}
 * in {@code genProblem}) or that is too large to walk fails in bounded time with a {@link
 * PageFailedException} naming it, instead of blocking the WebDriver call for good. An observation
 * holds at most {@link #MAX_ELEMENTS} elements.
 */
public final class MiniwobPage {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The most elements an observation holds; a page with more fails. */
    static final int MAX_ELEMENTS = 5000;

    /** Kills the browser under an operation past its deadline (one daemon thread for all pages). */
    private static final java.util.concurrent.ScheduledExecutorService WATCHDOG =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "page-watchdog");
                        t.setDaemon(true);
                        return t;
                    });

    /**
     * The mark an episode's start leaves on the page's window: a page that reloads itself (or is
     * reloaded) loses it with the episode, and is then failed instead of observed (it gave an empty
     * instruction and no reward, read as an ordinary episode).
     */
    private static final String EPISODE_MARK = "window.__rlanythingEpisode = true;";

    private static final String EPISODE_LOST =
            "if (window.__rlanythingEpisode !== true) return JSON.stringify({lost: true});";

    /**
     * One round trip: the instruction, the flattened element list (without the page's root) and the
     * page's reward globals. {@code core.getDOMInfo} also refreshes the ref table that {@code
     * core.elementClick} reads, so actions always name the refs of the latest observation.
     */
    private static final String OBSERVE =
            EPISODE_LOST
                    + "var root = core.getDOMInfo(); var out = [];"
                    + "function walk(n) { if (n === undefined) return;"
                    + " out.push({ref: n.ref, tag: n.tag, text: n.text || '',"
                    + " value: n.value === undefined ? null : String(n.value),"
                    + " left: n.left, top: n.top, width: n.width, height: n.height,"
                    + " focused: !!n.focused}); n.children.forEach(walk); }"
                    + "if (root !== undefined) root.children.forEach(walk);"
                    + "if (out.length > "
                    + MAX_ELEMENTS
                    + ") return JSON.stringify({too_many: out.length});"
                    + "var u = core.getUtterance();"
                    + "var instruction = typeof u === 'string' ? u"
                    + " : (u && u.utterance !== undefined ? String(u.utterance) : '');"
                    + "return JSON.stringify({instruction: instruction, elements: out,"
                    + " reward: WOB_REWARD_GLOBAL, raw: WOB_RAW_REWARD_GLOBAL,"
                    + " done: WOB_DONE_GLOBAL, reason: WOB_REWARD_REASON === null ? null"
                    + " : String(WOB_REWARD_REASON)});";

    /** A task page opens no windows (a page that opened 300 left a browser with 300 tabs). */
    private static final String NO_POPUPS = "window.open = function () { return null; };";

    /**
     * core.js keeps an element's ref while {@code WOB_EPISODE_ID} is unchanged, and that id only
     * moves when an episode ends; an episode started over an unfinished one would mix old refs with
     * renumbered new ones, so the old refs are forgotten first.
     */
    private static final String FORGET_REFS =
            "document.querySelectorAll('[data-wob_ref]').forEach(function (e) {"
                    + " delete e.dataset.wob_ref; delete e.dataset.wob_eps; });";

    /**
     * The page's episode clock while this class drives it: one day instead of MiniWoB++'s 10 s
     * ({@code core.EPISODE_MAX_TIME}). The page's clock measures how fast an agent answers and how
     * busy the machine is, not the policy: the training loop steps dozens of episodes in lockstep
     * (one round over all of them can take longer than 10 s on two cores), so with the page's clock
     * nearly every episode timed out after its first step and counted as a failure. The step limit
     * H bounds an episode instead. The page's checker is unchanged; only its time-proportional
     * reward ({@code reward · (1 − elapsed / limit)}) is then the raw reward to within 1e-4, and
     * success is read from the raw reward either way.
     */
    static final long PAGE_CLOCK_MS = 24L * 60 * 60 * 1000;

    private static final String OUTCOME =
            EPISODE_LOST
                    + "return JSON.stringify({reward: WOB_REWARD_GLOBAL, raw: WOB_RAW_REWARD_GLOBAL,"
                    + " done: WOB_DONE_GLOBAL, reason: WOB_REWARD_REASON === null ? null"
                    + " : String(WOB_REWARD_REASON)});";

    private final Browser browser;
    private final String window;
    private URI page;

    /** The page being opened (named in a failure before it is open). */
    private URI opening;

    private Outcome outcome = new Outcome(0, 0, false, null);

    /** A page in the browser's only window (the browser serves this page alone). */
    public MiniwobPage(Browser browser) {
        this(browser, null);
    }

    /**
     * A page in one tab of a browser that serves several pages (see {@link Browser#newTab()});
     * every call switches the browser to this tab first, holding the browser meanwhile.
     */
    public MiniwobPage(Browser browser, String window) {
        this.browser = Objects.requireNonNull(browser, "browser");
        this.window = window;
    }

    /** The tab's window handle, or null for the browser's only window. */
    public String window() {
        return window;
    }

    private void focus(String doing) {
        if (window != null) {
            try {
                browser.focus(window);
            } catch (WebDriverException e) {
                throw failure(doing, e);
            }
        }
    }

    /**
     * Opens {@code page} (a {@code file:} or {@code http:} address of a MiniWoB++ task page) and
     * waits until its {@code onload} has run; a page already open is not reloaded.
     *
     * @throws IllegalArgumentException naming the page when it is not a MiniWoB++ task page
     */
    public void open(URI page) {
        synchronized (browser) {
            guarded(
                    "opening it",
                    page,
                    browser.settings().pageLoadTimeout().plusSeconds(15),
                    () -> {
                        focus("opening " + page);
                        openHere(page);
                        return null;
                    });
        }
    }

    /**
     * Starts a new episode with the page's random generator seeded by {@code seed} (MiniWoB++'s
     * {@code Math.seedrandom}), so that the same seed draws the same problem.
     */
    public void start(long seed) {
        synchronized (browser) {
            guarded(
                    "starting an episode",
                    () -> {
                        focus("starting an episode");
                        startHere(seed);
                        return null;
                    });
        }
    }

    /** The instruction and the visible elements (and a screenshot when asked for). */
    public GuiObservation observe(boolean screenshot) {
        synchronized (browser) {
            return guarded(
                    "observing it",
                    () -> {
                        focus("observing");
                        return observeHere(screenshot);
                    });
        }
    }

    /** A PNG of the browser window (W3C WebDriver screenshot). */
    public byte[] screenshot() {
        synchronized (browser) {
            return guarded(
                    "taking a screenshot",
                    () -> {
                        focus("taking a screenshot");
                        return screenshotHere();
                    });
        }
    }

    /**
     * Applies {@code action}: typing and key presses are WebDriver key events, {@code click_at} a
     * pointer click, {@code click REF} the page's own {@code core.elementClick}.
     *
     * @return null when the action took effect, else the reason it had none
     */
    public String act(GuiAction action, GuiObservation last) {
        synchronized (browser) {
            return guarded(
                    "acting on it",
                    () -> {
                        focus("acting");
                        return actHere(action, last);
                    });
        }
    }

    /** The page's own reward and done flag now. */
    public Outcome outcome() {
        synchronized (browser) {
            return guarded(
                    "reading its reward",
                    () -> {
                        focus("reading the reward");
                        return outcomeHere();
                    });
        }
    }

    private <T> T guarded(String doing, java.util.function.Supplier<T> body) {
        return guarded(doing, page, browser.settings().operationTimeout(), body);
    }

    /**
     * Runs {@code body} within {@code deadline}: past it, the watchdog kills the browser (the
     * WebDriver call waiting on the page then fails at once) and the page is reported as failed.
     */
    private <T> T guarded(
            String doing,
            URI target,
            java.time.Duration deadline,
            java.util.function.Supplier<T> body) {
        java.util.concurrent.atomic.AtomicBoolean fired =
                new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.ScheduledFuture<?> alarm =
                WATCHDOG.schedule(
                        () -> {
                            fired.set(true);
                            browser.killAll();
                        },
                        deadline.toMillis(),
                        java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            return body.get();
        } catch (RuntimeException e) {
            if (fired.get()) {
                throw new PageFailedException(
                        "The task page "
                                + name(target)
                                + " did not answer within "
                                + deadline.toSeconds()
                                + " s while "
                                + doing
                                + " (a script that never ends, or a page too large to walk); its"
                                + " browser was stopped.",
                        e);
            }
            throw e;
        } finally {
            alarm.cancel(false);
        }
    }

    /** A page's address as a message shows it: its file, or its URL. */
    static String name(URI page) {
        if (page == null) {
            return "(none open)";
        }
        return "file".equals(page.getScheme())
                ? java.nio.file.Path.of(page).toString()
                : page.toString();
    }

    /** The browser under this page. */
    public Browser browser() {
        return browser;
    }

    /**
     * Opens {@code page} (a {@code file:} or {@code http:} address of a MiniWoB++ task page) and
     * waits until its {@code onload} has run; a page already open is not reloaded.
     *
     * @throws IllegalArgumentException naming the page when it is not a MiniWoB++ task page
     */
    private void openHere(URI page) {
        if (page.equals(this.page)) {
            return;
        }
        this.opening = page;
        RemoteWebDriver driver = browser.driver();
        try {
            driver.get(PageServer.shared().address(page).toString());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (true) {
                Object ready =
                        driver.executeScript(
                                "return document.readyState === 'complete'"
                                        + " && typeof core !== 'undefined'"
                                        + " && typeof genProblem === 'function'"
                                        + " && core.cover_div !== null;");
                if (Boolean.TRUE.equals(ready)) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new org.rlanything.core.BadInputException(
                            "Not a MiniWoB++ task page (no core.js episode after 10 s): " + page);
                }
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while opening " + page, e);
        } catch (WebDriverException e) {
            throw failure("opening it", e);
        }
        this.page = page;
    }

    /**
     * Starts a new episode with the page's random generator seeded by {@code seed} (MiniWoB++'s
     * {@code Math.seedrandom}), so that the same seed draws the same problem.
     */
    private void startHere(long seed) {
        requireOpen();
        try {
            browser.driver()
                    .executeScript(
                            "Math.seedrandom(arguments[0]); "
                                    + NO_POPUPS
                                    + EPISODE_MARK
                                    + FORGET_REFS
                                    + " core.EPISODE_MAX_TIME = arguments[1];"
                                    + " core.startEpisodeReal(); return true;",
                            Long.toString(seed),
                            PAGE_CLOCK_MS);
            waitUntilReady();
        } catch (WebDriverException e) {
            throw failure("starting an episode", e);
        }
        outcome = new Outcome(0, 0, false, null);
    }

    private void waitUntilReady() {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!Boolean.TRUE.equals(browser.driver().executeScript("return WOB_TASK_READY;"))) {
            if (System.nanoTime() > deadline) {
                throw new PageFailedException(
                        "The task page "
                                + name(page)
                                + " did not become ready within 5 s of starting an episode"
                                + " (WOB_TASK_READY stayed false).",
                        null);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while starting " + page, e);
            }
        }
    }

    /** The instruction and the visible elements (and a screenshot when asked for). */
    private GuiObservation observeHere(boolean screenshot) {
        requireOpen();
        try {
            JsonNode json = JSON.readTree((String) browser.driver().executeScript(OBSERVE));
            requireEpisode(json);
            if (json.has("too_many")) {
                throw new PageFailedException(
                        "The task page "
                                + name(page)
                                + " shows "
                                + json.get("too_many").asInt()
                                + " elements, more than the "
                                + MAX_ELEMENTS
                                + " an observation holds.",
                        null);
            }
            outcome = outcomeOf(json);
            List<PageElement> elements = new ArrayList<>();
            for (JsonNode e : json.get("elements")) {
                elements.add(
                        new PageElement(
                                e.get("ref").asInt(),
                                e.get("tag").asText(),
                                e.get("text").asText(),
                                e.get("value").isNull() ? null : e.get("value").asText(),
                                e.get("left").asDouble(),
                                e.get("top").asDouble(),
                                e.get("width").asDouble(),
                                e.get("height").asDouble(),
                                e.get("focused").asBoolean()));
            }
            GuiObservation observation =
                    new GuiObservation(json.get("instruction").asText(), elements, null);
            return screenshot ? observation.withScreenshot(screenshotHere()) : observation;
        } catch (WebDriverException e) {
            throw failure("observing it", e);
        } catch (java.io.IOException | RuntimeException e) {
            if (e instanceof PageFailedException || e instanceof BrowserDiedException) {
                throw (RuntimeException) e;
            }
            throw new PageFailedException(
                    "The task page "
                            + name(page)
                            + " gave an observation that cannot be read ("
                            + Browser.firstLine(e.getMessage())
                            + "); it is not a MiniWoB++ page any more?",
                    e);
        }
    }

    /** A PNG of the browser window (W3C WebDriver screenshot). */
    private byte[] screenshotHere() {
        try {
            return browser.driver().getScreenshotAs(OutputType.BYTES);
        } catch (WebDriverException e) {
            throw failure("taking a screenshot", e);
        }
    }

    /**
     * Applies {@code action} with real input where WebDriver can give it: typing and key presses
     * are WebDriver key events, {@code click_at} is a pointer click; {@code click REF} uses the
     * page's own {@code core.elementClick} (the benchmark's element click, which also reaches SVG
     * shapes and elements scrolled out of view); a text piece (negative ref) is clicked at its
     * centre.
     *
     * @return null when the action took effect, else the reason it had none (a stale ref, an
     *     element that takes no text)
     */
    private String actHere(GuiAction action, GuiObservation last) {
        requireOpen();
        RemoteWebDriver driver = browser.driver();
        try {
            if (action instanceof GuiAction.Click click) {
                if (click.ref() < 0) {
                    PageElement e = last == null ? null : last.element(click.ref());
                    if (e == null) {
                        return "no element " + click.ref();
                    }
                    return clickAt(e.centerX(), e.centerY());
                }
                Object result =
                        driver.executeScript(
                                "return core.previousDOMInfo[arguments[0]] === undefined"
                                        + " ? 'no element ' + arguments[0]"
                                        + " : core.elementClick(arguments[0]);",
                                click.ref());
                return Boolean.TRUE.equals(result) ? null : String.valueOf(result);
            }
            if (action instanceof GuiAction.Type type) {
                Object element =
                        driver.executeScript(
                                "return core.previousDOMInfo[arguments[0]] || null;", type.ref());
                if (!(element instanceof WebElement target)) {
                    return "no element " + type.ref();
                }
                target.sendKeys(type.text());
                return null;
            }
            if (action instanceof GuiAction.Press press) {
                Keyboard.press(new Actions(driver), press.key()).perform();
                return null;
            }
            GuiAction.ClickAt at = (GuiAction.ClickAt) action;
            return clickAt(at.x(), at.y());
        } catch (JavascriptException e) {
            return "the page raised " + Browser.firstLine(e.getMessage());
        } catch (WebDriverException e) {
            RuntimeException f = failure("acting on it", e);
            if (f instanceof BrowserDiedException) {
                throw f;
            }
            return Browser.firstLine(e.getMessage());
        }
    }

    private String clickAt(int x, int y) {
        new Actions(browser.driver()).moveToLocation(x, y).click().perform();
        return null;
    }

    /** The page's own reward and done flag now. */
    private Outcome outcomeHere() {
        requireOpen();
        try {
            JsonNode json = JSON.readTree((String) browser.driver().executeScript(OUTCOME));
            requireEpisode(json);
            outcome = outcomeOf(json);
            return outcome;
        } catch (WebDriverException e) {
            throw failure("reading its reward", e);
        } catch (java.io.IOException | RuntimeException e) {
            if (e instanceof PageFailedException || e instanceof BrowserDiedException) {
                throw (RuntimeException) e;
            }
            throw new PageFailedException(
                    "The task page " + name(page) + " gave a reward that cannot be read.", e);
        }
    }

    /** The outcome read with the last observation or outcome call (no round trip). */
    public Outcome lastOutcome() {
        return outcome;
    }

    private static Outcome outcomeOf(JsonNode json) {
        return new Outcome(
                json.get("reward").asDouble(),
                json.get("raw").asDouble(),
                json.get("done").asBoolean(),
                json.get("reason").isNull() ? null : json.get("reason").asText());
    }

    /** Fails the page when its episode is lost (it reloaded itself since the episode began). */
    private void requireEpisode(JsonNode json) {
        if (json.has("lost")) {
            throw new PageFailedException(
                    "The task page "
                            + name(page)
                            + " reloaded itself (or was reloaded) during an episode, which lost the"
                            + " episode.",
                    null);
        }
    }

    private void requireOpen() {
        if (page == null) {
            throw new IllegalStateException("No page is open.");
        }
    }

    /**
     * What a WebDriver failure means: a {@link BrowserDiedException} when the browser process is
     * gone or the driver lost its session, else a {@link PageFailedException} (the page's doing),
     * named in words: its script's error, its tab's crash.
     */
    RuntimeException failure(String doing, WebDriverException e) {
        if (!browser.alive() || e instanceof org.openqa.selenium.NoSuchSessionException) {
            return new BrowserDiedException(
                    "Browser "
                            + browser.number()
                            + " died while "
                            + doing
                            + " ("
                            + name(page != null ? page : opening)
                            + "): "
                            + Browser.firstLine(e.getMessage()),
                    e);
        }
        String why = Browser.firstLine(e.getMessage());
        // a page that navigates away shows as one of two errors, by timing: the script runs on
        // the new document (core.js's names are not defined there), or the old document goes
        // while the script waits ("document unloaded"); both get the same hint
        String hint =
                why.contains("is not defined") || why.contains("document unloaded")
                        ? " (did the page navigate away or lose core.js?)"
                        : "";
        if (why.contains("tab crashed")) {
            why = "its tab crashed (a script that takes all the memory?)";
        } else if (e instanceof JavascriptException) {
            why = "its script raised " + why.replaceFirst("^javascript error: ", "") + hint;
        } else {
            why = why + hint;
        }
        return new PageFailedException(
                "The task page "
                        + name(page != null ? page : opening)
                        + " failed while "
                        + doing
                        + ": "
                        + why
                        + ".",
                e);
    }
}
