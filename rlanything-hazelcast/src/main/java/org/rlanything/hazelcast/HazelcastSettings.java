package org.rlanything.hazelcast;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code hazelcast} engine's settings ({@code trainer.engine}).
 *
 * @param cluster the cluster name (required); members of another name are refused
 * @param members the members to join, {@code HOST:PORT} each (default {@code 127.0.0.1:5701})
 * @param bindInterface the interface this member binds to (default the loopback, {@code 127.0.0.1})
 * @param port the port this member listens on, the next free one above it when taken (default 5701)
 * @param joinTimeoutSeconds how long the trainer waits for its first worker (default 60)
 * @param taskTimeoutSeconds how long the trainer waits for one group of episodes before running it
 *     elsewhere (default 600)
 * @param memberTimeoutSeconds after how many seconds without a heartbeat a member counts as dead
 *     (default 10)
 * @param groupSize the episodes per work unit, split by request index (default 8)
 */
public record HazelcastSettings(
        String cluster,
        List<String> members,
        String bindInterface,
        int port,
        int joinTimeoutSeconds,
        int taskTimeoutSeconds,
        int memberTimeoutSeconds,
        int groupSize) {

    private static final Set<String> KEYS =
            Set.of(
                    "cluster",
                    "members",
                    "interface",
                    "port",
                    "join_timeout_s",
                    "task_timeout_s",
                    "member_timeout_s",
                    "group_size");

    /**
     * Reads {@code trainer.engine}; an {@link IllegalArgumentException} names a missing or wrong
     * key.
     */
    public static HazelcastSettings of(Map<String, String> settings) {
        for (String key : settings.keySet()) {
            if (!KEYS.contains(key)) {
                throw new org.rlanything.core.BadInputException(
                        "trainer.engine."
                                + key
                                + ": unknown setting of the hazelcast engine;"
                                + " valid: "
                                + String.join(", ", KEYS.stream().sorted().toList())
                                + ".");
            }
        }
        String cluster = settings.get("cluster");
        if (cluster == null || cluster.isBlank()) {
            throw new org.rlanything.core.BadInputException(
                    "trainer.engine.cluster: the hazelcast engine needs a cluster name"
                            + " (members of other names are refused), for example trainer.engine.cluster=lab.");
        }
        List<String> members =
                Arrays.stream(settings.getOrDefault("members", "127.0.0.1:5701").split(","))
                        .map(String::trim)
                        .filter(m -> !m.isEmpty())
                        .toList();
        for (String member : members) {
            if (!member.matches("[^:\\s]+:\\d{1,5}")) {
                throw new org.rlanything.core.BadInputException(
                        "trainer.engine.members: expected HOST:PORT entries separated by"
                                + " commas, got '"
                                + member
                                + "'.");
            }
        }
        return new HazelcastSettings(
                cluster.trim(),
                members,
                settings.getOrDefault("interface", "127.0.0.1").trim(),
                number(settings, "port", 5701, 1, 65535),
                number(settings, "join_timeout_s", 60, 1, 86400),
                number(settings, "task_timeout_s", 600, 1, 86400),
                number(settings, "member_timeout_s", 10, 2, 3600),
                number(settings, "group_size", 8, 1, 1_000_000));
    }

    private static int number(
            Map<String, String> settings, String key, int fallback, int min, int max) {
        String text = settings.get(key);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new org.rlanything.core.BadInputException(
                "trainer.engine."
                        + key
                        + ": expected a whole number in ["
                        + min
                        + ", "
                        + max
                        + "], got '"
                        + text
                        + "'.");
    }
}
