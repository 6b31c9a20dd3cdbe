package org.rlanything.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;

/**
 * Starts embedded members: TCP-IP join on the configured members only (no multicast), bound to one
 * interface (the loopback unless configured), quiet logging, no phone-home, fast failure detection.
 */
final class Members {

    /**
     * The executor that runs work units; one thread per member, so one policy is never used
     * concurrently.
     */
    static final String EXECUTOR = "rlanything.rollouts";

    /** The map of the models' current weights, by model. */
    static final String WEIGHTS = "rlanything.weights";

    /**
     * Each worker's weight-loading counters ({@code long[] {loads, nanoseconds}}), under its member
     * UUID; only that worker writes its entry.
     */
    static final String STATS = "rlanything.stats";

    /** Where a worker member keeps its {@link WorkerState} (the instance's user context). */
    static final String WORKER_STATE = "rlanything.worker";

    private static final java.util.concurrent.atomic.AtomicInteger STARTED =
            new java.util.concurrent.atomic.AtomicInteger();

    private Members() {}

    /**
     * A new member: a lite member (holds no data, runs no work) for the trainer, a full one for a
     * worker.
     */
    static HazelcastInstance start(
            HazelcastSettings settings, boolean trainer, WorkerState worker) {
        Config config = new Config();
        config.setClusterName(settings.cluster());
        config.setInstanceName(
                "rlanything-"
                        + (trainer ? "trainer" : "worker")
                        + "-"
                        + ProcessHandle.current().pid()
                        + "-"
                        + STARTED.incrementAndGet());
        config.setLiteMember(trainer);
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.socket.bind.any", "false");
        config.setProperty("hazelcast.prefer.ipv4.stack", "true");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty(
                "hazelcast.max.no.heartbeat.seconds",
                Integer.toString(settings.memberTimeoutSeconds()));
        config.setProperty("hazelcast.wait.seconds.before.join", "0");
        config.setProperty("hazelcast.max.wait.seconds.before.join", "0");
        config.setProperty("hazelcast.tcp.join.port.try.count", "1");
        config.getJetConfig().setEnabled(false);
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(settings.port()).setPortAutoIncrement(true);
        network.getInterfaces().setEnabled(true).addInterface(settings.bindInterface());
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(settings.members());
        config.getExecutorConfig(EXECUTOR).setPoolSize(1).setStatisticsEnabled(false);
        config.getMapConfig(WEIGHTS).setBackupCount(1).setStatisticsEnabled(false);
        if (worker != null) {
            config.getUserContext().put(WORKER_STATE, worker);
        }
        System.setProperty("hazelcast.logging.type", "none");
        return Hazelcast.newHazelcastInstance(config);
    }
}
