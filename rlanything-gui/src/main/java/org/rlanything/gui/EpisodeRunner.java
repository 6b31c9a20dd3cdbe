package org.rlanything.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.rlanything.core.Seeds;

/**
 * Plays batches of episodes on a {@link BrowserPool}, one thread per browser. An episode whose
 * browser died ({@link BrowserDiedException}) is played again from its start on a fresh browser,
 * with the same seed, so it is the same episode and never counts against the policy; after {@code
 * maxAttempts} deaths the batch fails.
 */
public final class EpisodeRunner {

    /** One episode to play. */
    public record Request(MiniwobTask task, long seed) {}

    private final BrowserPool pool;
    private final int maxSteps;
    private final int maxAttempts;
    private final AtomicInteger reruns = new AtomicInteger();
    private final AtomicInteger steps = new AtomicInteger();

    public EpisodeRunner(BrowserPool pool, int maxSteps, int maxAttempts) {
        if (maxSteps < 1 || maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "max steps and max attempts must be at least 1, got "
                            + maxSteps
                            + " and "
                            + maxAttempts);
        }
        this.pool = pool;
        this.maxSteps = maxSteps;
        this.maxAttempts = maxAttempts;
    }

    /** Episodes re-run so far because their browser died. */
    public int reruns() {
        return reruns.get();
    }

    /** Actions taken so far (re-run attempts included). */
    public int steps() {
        return steps.get();
    }

    /**
     * One request's end: its result, or the error that stopped it (a page that does not load, a
     * browser that died {@code maxAttempts} times).
     */
    public record Played(Request request, EpisodeResult result, String error) {
        /** Whether it ended with a result. */
        public boolean ok() {
            return result != null;
        }
    }

    /**
     * Plays every request, {@link BrowserPool#size()} at a time; results in request order.
     *
     * @throws IllegalStateException with the first error, naming its episode
     */
    public List<EpisodeResult> playAll(List<Request> requests, GuiPolicy policy)
            throws InterruptedException {
        List<EpisodeResult> results = new ArrayList<>();
        for (Played p : playEach(requests, policy)) {
            if (!p.ok()) {
                throw new IllegalStateException(p.error());
            }
            results.add(p.result());
        }
        return results;
    }

    /**
     * Plays every request, {@link BrowserPool#size()} at a time, recording each request's error
     * rather than stopping at the first; in request order.
     */
    public List<Played> playEach(List<Request> requests, GuiPolicy policy)
            throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(pool.size());
        try {
            List<Future<Played>> futures = new ArrayList<>();
            for (Request r : requests) {
                futures.add(
                        threads.submit(
                                () -> {
                                    try {
                                        return new Played(r, play(r, policy), null);
                                    } catch (RuntimeException e) {
                                        return new Played(r, null, e.getMessage());
                                    }
                                }));
            }
            List<Played> played = new ArrayList<>();
            for (Future<Played> f : futures) {
                try {
                    played.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
            }
            return played;
        } finally {
            threads.shutdownNow();
        }
    }

    /** Plays one episode, re-running it while its browser dies (at most {@code maxAttempts}). */
    public EpisodeResult play(Request request, GuiPolicy policy) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            MiniwobPage page = pool.acquire();
            try {
                EpisodeResult result = playOnce(page, request, policy, attempt);
                pool.release(page);
                return result;
            } catch (BrowserDiedException e) {
                pool.discard(page);
                if (attempt >= maxAttempts) {
                    throw new IllegalStateException(
                            "Episode "
                                    + request.task().family()
                                    + " seed "
                                    + request.seed()
                                    + ": the browser died "
                                    + attempt
                                    + " times, last: "
                                    + e.getMessage(),
                            e);
                }
                reruns.incrementAndGet();
            } catch (RuntimeException e) {
                pool.discard(page);
                throw new IllegalStateException(
                        "Episode "
                                + request.task().family()
                                + " seed "
                                + request.seed()
                                + ": "
                                + e.getMessage(),
                        e);
            }
        }
    }

    private EpisodeResult playOnce(
            MiniwobPage page, Request request, GuiPolicy policy, int attempt) {
        // The policy's generator restarts with the episode, so a re-run makes the same choices.
        RandomGenerator rng = Seeds.rng(request.seed(), Seeds.purpose("gui-policy"));
        page.open(request.task().page());
        page.start(request.seed());
        GuiObservation observation = page.observe(false);
        String instruction = observation.instruction();
        int taken = 0;
        while (!page.lastOutcome().done() && taken < maxSteps) {
            String command = policy.choose(observation, LegalActions.of(observation), rng);
            page.act(GuiAction.parse(command), observation);
            taken++;
            steps.incrementAndGet();
            observation = page.observe(false);
        }
        Outcome outcome = page.lastOutcome();
        return new EpisodeResult(
                request.task().family(),
                request.seed(),
                instruction,
                outcome.done() ? outcome.reward() : 0,
                outcome.done() ? outcome.rawReward() : 0,
                outcome.done(),
                taken,
                attempt);
    }
}
