package org.rlanything.gui;

/**
 * A fixed number of headless browsers that serve many pages at once, one tab per page, the tabs
 * spread round-robin over the browsers. A browser found dead when a tab is asked for is closed and
 * started again; the episodes whose tabs it held fail with {@link BrowserDiedException}.
 */
public final class TabbedBrowsers implements AutoCloseable {

    private final BrowserSettings settings;
    private final Browser[] slots;
    private int next;
    private int started;
    private boolean closed;

    public TabbedBrowsers(BrowserSettings settings, int browsers) {
        if (browsers < 1) {
            throw new IllegalArgumentException("At least 1 browser is needed, got " + browsers);
        }
        this.settings = settings;
        this.slots = new Browser[browsers];
    }

    /** A page in a new tab of the next browser (started, or restarted, when needed). */
    public synchronized MiniwobPage openTab() {
        if (closed) {
            throw new IllegalStateException("The browsers are closed.");
        }
        int slot = next++ % slots.length;
        Browser browser = slots[slot];
        if (browser == null || !browser.alive()) {
            if (browser != null) {
                browser.close();
            }
            browser = Browser.start(settings, started++);
            slots[slot] = browser;
        }
        return new MiniwobPage(browser, browser.newTab());
    }

    /** Closes a page's tab. */
    public void closeTab(MiniwobPage page) {
        page.browser().closeTab(page.window());
    }

    /** The browsers started now (for monitoring and crash tests). */
    public synchronized java.util.List<Browser> running() {
        java.util.List<Browser> running = new java.util.ArrayList<>();
        for (Browser b : slots) {
            if (b != null) {
                running.add(b);
            }
        }
        return running;
    }

    /** How many browsers were started so far (restarts included). */
    public synchronized int started() {
        return started;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                slots[i].close();
                slots[i] = null;
            }
        }
    }
}
