package org.rlanything.hazelcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.hazelcast.core.HazelcastInstance;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.WeightsTransfer;

/**
 * The weights go to the cluster's map with a new version only when they changed (one real member).
 */
class WeightsBroadcastTest {

    @Test
    void publishesOnlyChangedWeights() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        HazelcastInstance member =
                Members.start(
                        HazelcastSettings.of(
                                Map.of(
                                        "cluster",
                                        "w-" + UUID.randomUUID(),
                                        "members",
                                        "127.0.0.1:" + port,
                                        "port",
                                        Integer.toString(port))),
                        false,
                        null);
        try {
            FakePolicy policy = new FakePolicy();
            WeightsBroadcast broadcast = new WeightsBroadcast(WeightsBroadcast.POLICY);
            String first = broadcast.publish(member, policy);
            assertEquals(
                    first,
                    broadcast.publish(member, policy),
                    "unchanged weights keep their version");
            assertEquals(1, broadcast.broadcasts());
            policy.bytes = new byte[] {4, 5};
            String second = broadcast.publish(member, policy);
            assertNotEquals(first, second);
            assertEquals(2, broadcast.broadcasts());
            Weights stored = (Weights) member.getMap(Members.WEIGHTS).get(WeightsBroadcast.POLICY);
            assertEquals(second, stored.version());
            assertArrayEquals(new byte[] {4, 5}, stored.bytes());
        } finally {
            member.shutdown();
        }
    }

    /** A policy whose weights are a byte array. */
    private static final class FakePolicy implements Policy, WeightsTransfer {
        byte[] bytes = {1, 2, 3};

        @Override
        public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
            throw new UnsupportedOperationException();
        }

        @Override
        public VersionedWeights exportWeights() {
            return new VersionedWeights("fake", 1, bytes);
        }

        @Override
        public void importWeights(VersionedWeights weights) {
            bytes = weights.bytes();
        }
    }
}
