package org.rlanything.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hazelcast.core.HazelcastInstance;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Secure defaults with two real members in this JVM: the loopback, and no joining across cluster
 * names.
 */
class MembersTest {

    @Test
    void membersBindToTheLoopbackAndRefuseAnotherClusterName() throws Exception {
        int first = freePort();
        int second = freePort();
        String members = "127.0.0.1:" + first + ",127.0.0.1:" + second;
        HazelcastInstance a =
                Members.start(
                        HazelcastSettings.of(
                                Map.of(
                                        "cluster",
                                        "a-" + UUID.randomUUID(),
                                        "members",
                                        members,
                                        "port",
                                        Integer.toString(first))),
                        false,
                        null);
        HazelcastInstance b = null;
        try {
            b =
                    Members.start(
                            HazelcastSettings.of(
                                    Map.of(
                                            "cluster",
                                            "b-" + UUID.randomUUID(),
                                            "members",
                                            members,
                                            "port",
                                            Integer.toString(second))),
                            false,
                            null);
            InetSocketAddress bound = (InetSocketAddress) a.getLocalEndpoint().getSocketAddress();
            assertEquals("127.0.0.1", bound.getAddress().getHostAddress());
            assertEquals(
                    1,
                    a.getCluster().getMembers().size(),
                    "b, of another cluster name, did not join a");
            assertEquals(1, b.getCluster().getMembers().size());
        } finally {
            a.shutdown();
            if (b != null) {
                b.shutdown();
            }
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
