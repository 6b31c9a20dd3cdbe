package org.rlanything.gui;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * One headless Chromium process driven through ChromeDriver (W3C WebDriver, Selenium 4).
 *
 * <p>Why Selenium and not the DevTools protocol: WebDriver is a W3C standard that Debian's {@code
 * chromium-driver} speaks for whatever Chromium version Debian ships, and everything an episode
 * needs (open a page, run the page's own JavaScript, real mouse and keyboard input, screenshots) is
 * in it. Selenium's DevTools bindings are generated per Chromium version and lag behind Debian's
 * Chromium 150, so nothing here uses CDP.
 *
 * <p>Each browser gets its own profile folder; its processes are found by that folder on their
 * command line, so that a crash can be told from a page error and a stuck browser can be killed.
 * Its ChromeDriver, its main Chromium process and its profile are registered with the {@link
 * BrowserReaper}, so that they go when the JVM dies, even by {@code kill -9}.
 */
public final class Browser implements AutoCloseable {

    /** Selenium's own start-up notes (tracing) are not the tool's output; warnings still show. */
    private static final java.util.logging.Logger SELENIUM_LOG =
            java.util.logging.Logger.getLogger("org.openqa.selenium");

    static {
        SELENIUM_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    private final ChromeDriverService service;
    private final RemoteWebDriver driver;
    private final Path profile;
    private final int number;
    private final BrowserSettings settings;
    private final List<ProcessHandle> drivers;

    private Browser(
            ChromeDriverService service,
            RemoteWebDriver driver,
            Path profile,
            int number,
            BrowserSettings settings,
            List<ProcessHandle> drivers) {
        this.service = service;
        this.driver = driver;
        this.profile = profile;
        this.number = number;
        this.settings = settings;
        this.drivers = drivers;
    }

    /**
     * Starts a headless browser; {@code number} names it in messages. Chromium's sandbox is kept
     * where it can run ({@link ChromiumSandbox}); a browser that does not start with it is started
     * once more without it.
     */
    public static Browser start(BrowserSettings settings, int number) {
        boolean sandbox = ChromiumSandbox.usable();
        try {
            return start(settings, number, sandbox);
        } catch (BrowserDiedException e) {
            if (!sandbox) {
                throw e;
            }
            ChromiumSandbox.failed();
            return start(settings, number, ChromiumSandbox.usable());
        }
    }

    private static Browser start(BrowserSettings settings, int number, boolean sandbox) {
        settings.checkInstalled();
        Path profile;
        try {
            profile = Files.createTempDirectory("rlanything-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot make a browser profile folder", e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(settings.chromium().toFile());
        options.addArguments(
                "--headless=new",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-extensions",
                "--no-first-run",
                "--mute-audio",
                // Episodes in background tabs keep their own timers and animations running.
                "--disable-background-timer-throttling",
                "--disable-backgrounding-occluded-windows",
                "--disable-renderer-backgrounding",
                "--window-size=" + settings.width() + "," + settings.height(),
                // a page's scripts get 512 MiB of JavaScript heap: a memory hog crashes its own
                // tab within seconds instead of taking the machine's memory first
                "--js-flags=--max-old-space-size=512",
                "--user-data-dir=" + profile);
        if (!sandbox) {
            options.addArguments("--no-sandbox");
        }
        // Pages that call alert() (MiniWoB++'s core.js does on an internal error) must not block.
        options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.ACCEPT);
        options.setPageLoadTimeout(settings.pageLoadTimeout());
        options.setScriptTimeout(settings.operationTimeout());
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(settings.chromedriver().toFile())
                        .usingAnyFreePort()
                        .withLogOutput(OutputStream.nullOutputStream())
                        .build();
        try {
            BrowserReaper reaper = BrowserReaper.shared();
            reaper.deleteOnExit(profile);
            service.start();
            String port = "--port=" + service.getUrl().getPort();
            List<ProcessHandle> drivers =
                    ProcessHandle.current()
                            .children()
                            .filter(p -> commandLineHas(p, port))
                            .toList();
            drivers.forEach(p -> reaper.killOnExit(p, port));
            // A plain RemoteWebDriver on the started service: Selenium's ChromeDriver class would
            // also look for DevTools bindings matching the browser version, which this needs not.
            Browser browser =
                    new Browser(
                            service,
                            new RemoteWebDriver(service.getUrl(), options),
                            profile,
                            number,
                            settings,
                            drivers);
            browser.mainProcess()
                    .ifPresent(p -> reaper.killOnExit(p, "--user-data-dir=" + profile));
            return browser;
        } catch (WebDriverException | IOException e) {
            service.stop();
            deleteQuietly(profile);
            throw new BrowserDiedException(
                    "Browser " + number + " did not start: " + firstLine(e.getMessage()), e);
        }
    }

    private String current;
    private String home;

    /**
     * Opens a new tab and makes it current; returns its window handle. Tabs let one browser serve
     * many episodes that are open at once (the loop's lockstep rollouts open all their episodes
     * before the first step).
     */
    public synchronized String newTab() {
        if (home == null) {
            home = driver.getWindowHandle(); // the first window: never closed, the fallback
        }
        focus(home); // a new tab needs a live current window
        driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
        current = driver.getWindowHandle();
        return current;
    }

    /** Makes the tab {@code handle} current (a no-op when it is). */
    public synchronized void focus(String handle) {
        if (!handle.equals(current)) {
            driver.switchTo().window(handle);
            current = handle;
        }
    }

    /** Closes the tab {@code handle}; a browser that is gone is not an error here. */
    public synchronized void closeTab(String handle) {
        try {
            focus(handle);
            driver.close();
            current = null;
            focus(home);
        } catch (WebDriverException e) {
            // the browser died: nothing to close
            current = null;
        }
    }

    /** The WebDriver session. */
    public RemoteWebDriver driver() {
        return driver;
    }

    /** This browser's profile folder (its processes carry it on their command line). */
    Path profile() {
        return profile;
    }

    /** The port its ChromeDriver listens on. */
    int driverPort() {
        return service.getUrl().getPort();
    }

    /** This browser's number (for messages). */
    public int number() {
        return number;
    }

    /** The main Chromium process (the one without a {@code --type=} switch), if it runs. */
    public Optional<ProcessHandle> mainProcess() {
        return processes()
                .filter(
                        p ->
                                p.info()
                                        .arguments()
                                        .map(
                                                a ->
                                                        Arrays.stream(a)
                                                                .noneMatch(
                                                                        x ->
                                                                                x.startsWith(
                                                                                        "--type=")))
                                        .orElse(false))
                .findFirst();
    }

    /** Whether the main Chromium process still runs. */
    public boolean alive() {
        return mainProcess().isPresent();
    }

    /** Kills the main Chromium process at once (crash tests, and closing a stuck browser). */
    public void kill() {
        mainProcess().ifPresent(ProcessHandle::destroyForcibly);
    }

    /**
     * Kills the browser and its ChromeDriver at once: what a page's deadline does to a page that
     * does not answer, so that the WebDriver call waiting on it fails at once instead of waiting
     * for the page.
     */
    void killAll() {
        processes().forEach(ProcessHandle::destroyForcibly);
        drivers.forEach(ProcessHandle::destroyForcibly);
    }

    /** The settings this browser was started with. */
    BrowserSettings settings() {
        return settings;
    }

    private Stream<ProcessHandle> processes() {
        String marker = "--user-data-dir=" + profile;
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(p -> commandLineHas(p, marker));
    }

    /** Whether {@code argument} is one of the arguments on {@code process}'s command line. */
    static boolean commandLineHas(ProcessHandle process, String argument) {
        return process.info()
                .arguments()
                .map(a -> Arrays.asList(a).contains(argument))
                .orElse(false);
    }

    /** Quits the driver, kills what is left of the browser and deletes its profile. */
    @Override
    public void close() {
        try {
            driver.quit();
        } catch (WebDriverException e) {
            // The browser is already gone; what is left is killed below.
        }
        service.stop();
        List<ProcessHandle> left = processes().toList();
        left.forEach(ProcessHandle::destroyForcibly);
        deleteQuietly(profile);
    }

    static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.deleteIfExists(p);
                                } catch (IOException e) {
                                    // A profile file still held by a dying process: left in /tmp.
                                }
                            });
        } catch (IOException e) {
            // Nothing to delete.
        }
    }
}
