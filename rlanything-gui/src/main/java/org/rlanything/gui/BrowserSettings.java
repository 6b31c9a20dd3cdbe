package org.rlanything.gui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How to start one headless browser: Debian's {@code chromium} and {@code chromium-driver}
 * binaries, the window size and how long a page may take to load.
 *
 * @param chromium the Chromium binary
 * @param chromedriver the ChromeDriver binary (same major version as Chromium)
 * @param width window width in pixels (MiniWoB++ draws a 160x210 task area at the top left)
 * @param height window height in pixels
 * @param pageLoadTimeout how long opening a page may take
 * @param operationTimeout how long any other operation on a page may take (starting an episode,
 *     observing, acting, a screenshot): its deadline, enforced from outside the page (see {@link
 *     MiniwobPage})
 */
public record BrowserSettings(
        Path chromium,
        Path chromedriver,
        int width,
        int height,
        Duration pageLoadTimeout,
        Duration operationTimeout) {

    public BrowserSettings {
        Objects.requireNonNull(chromium, "chromium");
        Objects.requireNonNull(chromedriver, "chromedriver");
        Objects.requireNonNull(pageLoadTimeout, "pageLoadTimeout");
        Objects.requireNonNull(operationTimeout, "operationTimeout");
        if (pageLoadTimeout.isNegative()
                || pageLoadTimeout.isZero()
                || operationTimeout.isNegative()
                || operationTimeout.isZero()) {
            throw new org.rlanything.core.BadInputException(
                    "The page timeouts must be positive, got "
                            + pageLoadTimeout
                            + " and "
                            + operationTimeout
                            + ".");
        }
        if (width < 100 || height < 100) {
            throw new org.rlanything.core.BadInputException(
                    "The browser window must be at least 100x100 pixels, got "
                            + width
                            + "x"
                            + height
                            + ".");
        }
    }

    /** Debian's binaries, a 500x500 window, 20 s to load a page, 30 s for anything else. */
    public static BrowserSettings defaults() {
        return new BrowserSettings(
                Path.of("/usr/bin/chromium"),
                Path.of("/usr/bin/chromedriver"),
                500,
                500,
                Duration.ofSeconds(20),
                Duration.ofSeconds(30));
    }

    /** These settings with other deadlines for loading a page and for any other operation. */
    public BrowserSettings withTimeouts(Duration pageLoad, Duration operation) {
        return new BrowserSettings(chromium, chromedriver, width, height, pageLoad, operation);
    }

    /** Fails with a message naming the missing binary and the Debian package that provides it. */
    public void checkInstalled() {
        if (!Files.isExecutable(chromium)) {
            throw new IllegalStateException(
                    "No Chromium at "
                            + chromium
                            + ": install Debian's package (apt-get install -y"
                            + " --no-install-recommends chromium).");
        }
        if (!Files.isExecutable(chromedriver)) {
            throw new IllegalStateException(
                    "No ChromeDriver at "
                            + chromedriver
                            + ": install Debian's package (apt-get install -y"
                            + " --no-install-recommends chromium-driver).");
        }
    }
}
