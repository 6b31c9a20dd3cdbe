package org.rlanything.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.spi.exception.RetryableException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Sends groups to the worker members round-robin and gathers their results in group order. A group
 * whose member left the cluster (or did not answer within the task timeout) is sent to another
 * member, or run by {@code fallback} in the trainer when no worker is left; each group's result is
 * taken exactly once.
 */
final class GroupScatter {

    private final HazelcastInstance instance;
    private final long timeoutNanos;
    private final Consumer<String> log;
    private final java.util.Set<java.util.UUID> unresponsive =
            java.util.concurrent.ConcurrentHashMap.newKeySet();
    private long reruns;

    GroupScatter(HazelcastInstance instance, int taskTimeoutSeconds, Consumer<String> log) {
        this.instance = instance;
        this.timeoutNanos = TimeUnit.SECONDS.toNanos(taskTimeoutSeconds);
        this.log = log;
    }

    /**
     * The worker members now in the cluster (data members; the trainer is a lite member), less
     * those that once did not answer within the task timeout (they get no more work from this
     * trainer).
     */
    List<Member> workers() {
        return instance.getCluster().getMembers().stream()
                .filter(m -> !m.isLiteMember())
                .filter(m -> !unresponsive.contains(m.getUuid()))
                .toList();
    }

    /** Runs every group (serializable callables); the results in group order. */
    <R> List<R> run(List<? extends Callable<R>> groups, IntFunction<R> fallback)
            throws InterruptedException {
        IExecutorService executor = instance.getExecutorService(Members.EXECUTOR);
        List<Member> workers = workers();
        List<Future<R>> futures = new ArrayList<>();
        List<Member> assigned = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            Member member = workers.isEmpty() ? null : workers.get(g % workers.size());
            assigned.add(member);
            futures.add(member == null ? null : executor.submitToMember(groups.get(g), member));
        }
        List<R> results = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            R result = null;
            while (result == null) {
                Future<R> future = futures.get(g);
                Member member = assigned.get(g);
                if (future == null) {
                    result = fallback.apply(g);
                    break;
                }
                String lost;
                try {
                    result = future.get(timeoutNanos, TimeUnit.NANOSECONDS);
                    break;
                } catch (TimeoutException e) {
                    future.cancel(true);
                    unresponsive.add(member.getUuid());
                    lost =
                            "did not answer within "
                                    + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos)
                                    + " s";
                } catch (ExecutionException e) {
                    Throwable cause =
                            e instanceof MemberLeftException || e.getCause() == null
                                    ? e
                                    : e.getCause();
                    if (!isLostMember(cause)) {
                        throw new ClusterException(
                                "The worker "
                                        + member.getAddress()
                                        + " failed on work"
                                        + " group "
                                        + g
                                        + ": "
                                        + cause.getMessage(),
                                cause);
                    }
                    lost = "left the cluster (" + cause.getClass().getSimpleName() + ")";
                }
                reruns++;
                Member next =
                        workers().stream()
                                .filter(m -> !m.getUuid().equals(member.getUuid()))
                                .findFirst()
                                .orElse(null);
                log.accept(
                        "hazelcast: the worker "
                                + member.getAddress()
                                + " "
                                + lost
                                + "; work group "
                                + g
                                + " runs again "
                                + (next == null ? "in the trainer" : "on " + next.getAddress())
                                + ".");
                assigned.set(g, next);
                futures.set(g, next == null ? null : executor.submitToMember(groups.get(g), next));
            }
            results.add(result);
        }
        return results;
    }

    /** How many groups ran a second time because their member was lost. */
    long reruns() {
        return reruns;
    }

    private static boolean isLostMember(Throwable cause) {
        return cause instanceof MemberLeftException || cause instanceof RetryableException;
    }
}
