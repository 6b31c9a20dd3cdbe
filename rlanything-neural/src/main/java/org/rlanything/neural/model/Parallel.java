package org.rlanything.neural.model;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs independent units of native work (sampling chunks, scoring chunks, PPO micro-batches) on a
 * few threads and returns their results in input order.
 *
 * <p><b>Why threads here and not PyTorch's own.</b> PyTorch runs one intra-op thread per process
 * ({@link org.rlanything.neural.NeuralRuntime}): at this model size its thread pool costs more than
 * it gives, and it spins when a core is busy. Whole units of work per Java thread keep every core
 * busy with no barrier between operators. <b>Determinism:</b> the units are the same, with the same
 * shapes, whatever the number of threads, and each unit's arithmetic is single-threaded, so results
 * do not depend on the thread count.
 *
 * <p>The thread count is the system property {@code rlanything.threads}, by default the number of
 * available processors (at most 8). A unit that itself calls {@link #map} runs its inner units on
 * its own thread.
 */
public final class Parallel {

    private static volatile int threads = threadCount();
    private static final ThreadLocal<Boolean> WORKER = ThreadLocal.withInitial(() -> false);
    private static volatile ExecutorService pool;

    private Parallel() {}

    /** The number of threads {@link #map} uses. */
    public static int threads() {
        return threads;
    }

    /**
     * Sets the thread count (at least 1) for the calls that follow; results do not depend on it.
     */
    public static synchronized void setThreads(int count) {
        if (count < 1) {
            throw new IllegalArgumentException(
                    "The number of native threads must be at least 1, got " + count + ".");
        }
        if (count != threads) {
            threads = count;
            if (pool != null) {
                pool.shutdown();
                pool = null;
            }
        }
    }

    private static int threadCount() {
        String value = System.getProperty("rlanything.threads");
        if (value == null || value.isBlank()) {
            return Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors()));
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new org.rlanything.core.BadInputException(
                    "The system property rlanything.threads is '"
                            + value
                            + "'; expected a whole number of threads, at least 1.");
        }
    }

    /**
     * Applies {@code work} to every item, on up to {@link #threads()} threads; results in item
     * order. Each unit starts with gradient recording off (a unit that trains turns it on itself).
     * The first failure is thrown.
     */
    public static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> work) {
        if (threads == 1 || items.size() <= 1 || WORKER.get()) {
            List<R> out = new ArrayList<>(items.size());
            for (T item : items) {
                out.add(work.apply(item));
            }
            return out;
        }
        ExecutorService executor = pool();
        List<Future<R>> futures = new ArrayList<>(items.size());
        for (T item : items) {
            futures.add(
                    executor.submit(
                            () -> {
                                Autograd.off(); // a pool thread may have recorded for an earlier
                                // unit
                                return work.apply(item);
                            }));
        }
        List<R> out = new ArrayList<>(items.size());
        Throwable failure = null;
        for (Future<R> future : futures) {
            try {
                out.add(future.get());
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
                out.add(null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(f -> f.cancel(true));
                throw new IllegalStateException("Interrupted while waiting for native work.", e);
            }
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        return out;
    }

    private static ExecutorService pool() {
        ExecutorService p = pool;
        if (p == null) {
            synchronized (Parallel.class) {
                if (pool == null) {
                    AtomicInteger n = new AtomicInteger();
                    pool =
                            Executors.newFixedThreadPool(
                                    threads,
                                    r -> {
                                        Thread t =
                                                new Thread(
                                                        () -> {
                                                            WORKER.set(true);
                                                            r.run();
                                                        },
                                                        "rlanything-native-" + n.incrementAndGet());
                                        t.setDaemon(true);
                                        return t;
                                    });
                }
                p = pool;
            }
        }
        return p;
    }
}
