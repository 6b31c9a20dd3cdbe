package org.rlanything.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.ExecutionCallback;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.spi.exception.RetryableException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Hands groups to the worker members one at a time as they become free (a worker that finishes
 * early takes the next group, so groups of unequal length do not leave a member idle, and a member
 * that joins mid-batch gets work at once), and gathers their results in group order. A group whose
 * member left the cluster (or did not answer within the task timeout) goes back to the queue for
 * another member, or is run by {@code fallback} in the trainer when no worker is left; each group's
 * result is taken exactly once. Which member ran a group never changes its result: a group is fixed
 * by its requests and their seeds.
 */
final class GroupScatter {

    private final HazelcastInstance instance;
    private final long timeoutNanos;
    private final Consumer<String> log;
    private final Set<UUID> unresponsive = ConcurrentHashMap.newKeySet();
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

    /** A finished group: its result, or why its member could not deliver it. */
    private record Done<R>(int group, Member member, R result, Throwable failure) {}

    /** A group on a member, since when. */
    private record Running(Member member, long since) {}

    /** Runs every group (serializable callables); the results in group order. */
    <R> List<R> run(List<? extends Callable<R>> groups, IntFunction<R> fallback)
            throws InterruptedException {
        IExecutorService executor = instance.getExecutorService(Members.EXECUTOR);
        List<R> results = new ArrayList<>(Collections.<R>nCopies(groups.size(), null));
        Deque<Integer> waiting = new ArrayDeque<>();
        for (int g = 0; g < groups.size(); g++) {
            waiting.add(g);
        }
        Map<Integer, Running> running = new HashMap<>();
        BlockingQueue<Done<R>> done = new LinkedBlockingQueue<>();
        int remaining = groups.size();
        while (remaining > 0) {
            dispatch(executor, groups, waiting, running, done);
            if (running.isEmpty()) {
                // no worker is left: the trainer runs what waits, one group at a time, and
                // looks for a worker again after each
                int g = waiting.poll();
                results.set(g, fallback.apply(g));
                remaining--;
                continue;
            }
            long oldest = running.values().stream().mapToLong(Running::since).min().getAsLong();
            long wait = Math.max(0, oldest + timeoutNanos - System.nanoTime());
            // wake at least every 200 ms so that a worker that joins gets waiting groups
            Done<R> finished =
                    done.poll(
                            Math.min(wait, TimeUnit.MILLISECONDS.toNanos(200)),
                            TimeUnit.NANOSECONDS);
            if (finished == null) {
                requeueOverdue(running, waiting);
                continue;
            }
            Running was = running.get(finished.group());
            if (was == null || !was.member().getUuid().equals(finished.member().getUuid())) {
                continue; // a late answer for a group already given to another member
            }
            running.remove(finished.group());
            if (finished.failure() == null) {
                results.set(finished.group(), finished.result());
                remaining--;
                continue;
            }
            requeueLost(finished, waiting);
        }
        return results;
    }

    /** Gives each free worker the next waiting group. */
    private <R> void dispatch(
            IExecutorService executor,
            List<? extends Callable<R>> groups,
            Deque<Integer> waiting,
            Map<Integer, Running> running,
            BlockingQueue<Done<R>> done) {
        List<Member> free = new ArrayList<>(workers());
        running.values().forEach(r -> free.removeIf(m -> m.getUuid().equals(r.member().getUuid())));
        for (Member member : free) {
            if (waiting.isEmpty()) {
                break;
            }
            int g = waiting.poll();
            running.put(g, new Running(member, System.nanoTime()));
            executor.submitToMember(
                    groups.get(g),
                    member,
                    new ExecutionCallback<R>() {
                        @Override
                        public void onResponse(R response) {
                            done.add(new Done<>(g, member, response, null));
                        }

                        @Override
                        public void onFailure(Throwable t) {
                            done.add(new Done<>(g, member, null, t));
                        }
                    });
        }
    }

    /** Marks the members whose group is overdue unresponsive and requeues their groups. */
    private void requeueOverdue(Map<Integer, Running> running, Deque<Integer> waiting) {
        long now = System.nanoTime();
        for (var entry : List.copyOf(running.entrySet())) {
            if (now - entry.getValue().since() >= timeoutNanos) {
                Member member = entry.getValue().member();
                unresponsive.add(member.getUuid());
                running.remove(entry.getKey());
                requeue(
                        entry.getKey(),
                        member,
                        "did not answer within "
                                + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos)
                                + " s",
                        waiting);
            }
        }
    }

    /**
     * Requeues the group of a member that left the cluster; any other failure of a group fails the
     * run.
     */
    private void requeueLost(Done<?> finished, Deque<Integer> waiting) {
        Throwable cause =
                finished.failure() instanceof MemberLeftException
                                || finished.failure().getCause() == null
                        ? finished.failure()
                        : finished.failure().getCause();
        if (!isLostMember(cause) && !isLostMember(finished.failure())) {
            throw new ClusterException(
                    "The worker "
                            + finished.member().getAddress()
                            + " failed on work group "
                            + finished.group()
                            + ": "
                            + cause.getMessage(),
                    cause);
        }
        requeue(
                finished.group(),
                finished.member(),
                "left the cluster (" + cause.getClass().getSimpleName() + ")",
                waiting);
    }

    /** Puts a group its member lost back at the head of the queue. */
    private void requeue(int g, Member member, String lost, Deque<Integer> waiting) {
        reruns++;
        boolean anyLeft = workers().stream().anyMatch(m -> !m.getUuid().equals(member.getUuid()));
        log.accept(
                "hazelcast: the worker "
                        + member.getAddress()
                        + " "
                        + lost
                        + "; work group "
                        + g
                        + " runs again "
                        + (anyLeft ? "on another worker" : "in the trainer")
                        + ".");
        waiting.addFirst(g);
    }

    /** How many groups ran a second time because their member was lost. */
    long reruns() {
        return reruns;
    }

    private static boolean isLostMember(Throwable cause) {
        return cause instanceof MemberLeftException || cause instanceof RetryableException;
    }
}
