package org.rlanything.gui;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;

/**
 * At most {@code size} headless browsers, each with its page, lent to one episode at a time.
 * Browsers start on first need and are reused; one that died is discarded (its processes killed)
 * and a fresh one starts in its place on the next lease.
 */
public final class BrowserPool implements AutoCloseable {

    private final BrowserSettings settings;
    private final int size;
    private final Semaphore free;
    private final Deque<MiniwobPage> idle = new ArrayDeque<>();
    private final Set<MiniwobPage> leased = new LinkedHashSet<>();
    private int started;
    private int discarded;
    private boolean closed;

    public BrowserPool(BrowserSettings settings, int size) {
        if (size < 1) {
            throw new IllegalArgumentException(
                    "A browser pool needs at least 1 browser, got " + size);
        }
        this.settings = settings;
        this.size = size;
        this.free = new Semaphore(size, true);
    }

    /** The bound. */
    public int size() {
        return size;
    }

    /** Leases a page, waiting while all {@link #size()} are lent; starts a browser if needed. */
    public MiniwobPage acquire() throws InterruptedException {
        free.acquire();
        int number;
        synchronized (this) {
            if (closed) {
                free.release();
                throw new IllegalStateException("The browser pool is closed.");
            }
            MiniwobPage page = idle.poll();
            if (page != null) {
                leased.add(page);
                return page;
            }
            number = started++;
        }
        try {
            MiniwobPage page = new MiniwobPage(Browser.start(settings, number));
            synchronized (this) {
                leased.add(page);
            }
            return page;
        } catch (RuntimeException e) {
            free.release();
            throw e;
        }
    }

    /** Returns a healthy page for reuse. */
    public void release(MiniwobPage page) {
        synchronized (this) {
            if (!leased.remove(page)) {
                throw new IllegalStateException("This page was not lent by this pool.");
            }
            if (closed) {
                page.browser().close();
            } else {
                idle.push(page);
            }
        }
        free.release();
    }

    /** Closes a page whose browser died or misbehaves; its place is free for a fresh browser. */
    public void discard(MiniwobPage page) {
        synchronized (this) {
            if (!leased.remove(page)) {
                throw new IllegalStateException("This page was not lent by this pool.");
            }
            discarded++;
        }
        page.browser().close();
        free.release();
    }

    /** The pages lent now (for monitoring and crash tests). */
    public synchronized List<MiniwobPage> leased() {
        return new ArrayList<>(leased);
    }

    /** How many browsers were started so far. */
    public synchronized int started() {
        return started;
    }

    /** How many browsers were discarded so far. */
    public synchronized int discarded() {
        return discarded;
    }

    /** Closes the idle browsers now and lent ones when they come back. */
    @Override
    public void close() {
        List<MiniwobPage> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayList<>(idle);
            idle.clear();
        }
        toClose.forEach(p -> p.browser().close());
    }
}
