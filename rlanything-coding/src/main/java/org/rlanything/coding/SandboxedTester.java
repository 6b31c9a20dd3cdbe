package org.rlanything.coding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rlanything.coding.sandbox.PreparedProgram;
import org.rlanything.coding.sandbox.RunResult;
import org.rlanything.coding.sandbox.RunStatus;
import org.rlanything.coding.sandbox.Sandbox;

/**
 * Runs many programs on many tests in the sandbox with a bounded number of workers (the sandbox's
 * {@link Sandbox#workers()}). Each distinct program source is written or compiled once per batch,
 * on a worker thread (so Java compilation is parallel but bounded too), and run once per test.
 */
public final class SandboxedTester {

    private final Sandbox sandbox;

    public SandboxedTester(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    /** The sandbox the tests run in. */
    public Sandbox sandbox() {
        return sandbox;
    }

    /** Runs every planned run and judges it; the outcomes are in the order of the plans. */
    public List<TestOutcome> run(List<PlannedRun> plans) {
        ExecutorService workers =
                Executors.newFixedThreadPool(
                        sandbox.workers(),
                        r -> {
                            Thread t = new Thread(r, "coding-tester");
                            t.setDaemon(true);
                            return t;
                        });
        Map<String, CompletableFuture<PreparedProgram>> prepared = new ConcurrentHashMap<>();
        try {
            List<Future<TestOutcome>> futures = new ArrayList<>();
            for (PlannedRun plan : plans) {
                futures.add(
                        workers.submit(
                                () -> {
                                    if (!plan.valid()) {
                                        return TestOutcome.judge(
                                                plan,
                                                new RunResult(
                                                        RunStatus.RUNTIME_ERROR,
                                                        -1,
                                                        "",
                                                        "invalid test",
                                                        java.time.Duration.ZERO));
                                    }
                                    PreparedProgram program = prepareOnce(prepared, plan);
                                    return TestOutcome.judge(
                                            plan, sandbox.run(program, plan.stdin()));
                                }));
            }
            List<TestOutcome> outcomes = new ArrayList<>();
            for (Future<TestOutcome> f : futures) {
                outcomes.add(f.get());
            }
            return outcomes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running tests", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "a sandboxed run failed: " + e.getCause(), e.getCause());
        } finally {
            workers.shutdownNow();
            for (CompletableFuture<PreparedProgram> p : prepared.values()) {
                p.thenAccept(PreparedProgram::close);
            }
        }
    }

    /**
     * The pass matrix of programs × tests on one problem: {@code passed[i][j]} is whether program
     * {@code i} passed test {@code j}.
     */
    public boolean[][] passMatrix(
            CodingProblem problem, List<String> programs, List<? extends CodingTest> tests) {
        List<PlannedRun> plans = new ArrayList<>();
        for (String program : programs) {
            for (CodingTest test : tests) {
                plans.add(PlannedRun.of(problem, program, test));
            }
        }
        List<TestOutcome> outcomes = run(plans);
        boolean[][] passed = new boolean[programs.size()][tests.size()];
        for (int i = 0; i < programs.size(); i++) {
            for (int j = 0; j < tests.size(); j++) {
                passed[i][j] = outcomes.get(i * tests.size() + j).passed();
            }
        }
        return passed;
    }

    private PreparedProgram prepareOnce(
            Map<String, CompletableFuture<PreparedProgram>> prepared, PlannedRun plan)
            throws InterruptedException, ExecutionException {
        String key = plan.language() + "\u0000" + plan.program();
        CompletableFuture<PreparedProgram> mine = new CompletableFuture<>();
        CompletableFuture<PreparedProgram> existing = prepared.putIfAbsent(key, mine);
        if (existing != null) {
            return existing.get();
        }
        try {
            mine.complete(sandbox.prepare(plan.language(), plan.program()));
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
        }
        return mine.get();
    }
}
