package org.rlanything.hazelcast;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.spi.RolloutEngineProvider;
import org.rlanything.core.spi.WorkerParts;

/**
 * {@code trainer.rollout_engine: hazelcast}: episodes scattered over embedded Hazelcast members
 * started with {@code rlanything worker CONFIG}; settings under {@code trainer.engine} ({@link
 * HazelcastSettings}).
 */
public final class HazelcastEngineProvider implements RolloutEngineProvider {

    /** The engine's name. */
    public static final String NAME = "hazelcast";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RolloutEngine create() {
        return create(Map.of());
    }

    @Override
    public RolloutEngine create(Map<String, String> settings) {
        return new HazelcastEngine(HazelcastSettings.of(settings));
    }

    @Override
    public void serveWorker(Map<String, String> settings, WorkerParts parts)
            throws InterruptedException {
        HazelcastSettings hazelcast = HazelcastSettings.of(settings);
        WorkerState state = new WorkerState(parts);
        var member = Members.start(hazelcast, false, state);
        parts.log()
                .accept(
                        "worker "
                                + member.getCluster().getLocalMember().getAddress()
                                + " joined the hazelcast"
                                + " cluster "
                                + hazelcast.cluster()
                                + " ("
                                + member.getCluster().getMembers().size()
                                + " members)");
        new CountDownLatch(1).await();
    }
}
