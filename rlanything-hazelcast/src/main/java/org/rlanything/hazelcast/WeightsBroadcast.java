package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.util.Arrays;
import java.util.UUID;
import org.rlanything.core.WeightsTransfer;
import org.rlanything.core.WeightsTransfer.VersionedWeights;

/**
 * The trainer's side of one model's weights: publishes them to the cluster's map with a new version
 * only when they changed (or when the map lost them), and says which version the work must use.
 */
final class WeightsBroadcast {

    /** The policy's key in {@link Members#WEIGHTS}. */
    static final String POLICY = "policy";

    /** The reward model's key in {@link Members#WEIGHTS}. */
    static final String REWARD_MODEL = "reward_model";

    private final String key;
    private final String prefix = UUID.randomUUID().toString();
    private long counter;
    private byte[] published;
    private String version;
    private long broadcasts;
    private long broadcastNanos;

    /** The weights of the model under {@code key} ({@link #POLICY} or {@link #REWARD_MODEL}). */
    WeightsBroadcast(String key) {
        this.key = key;
    }

    /** The version of {@code transfer}'s current weights, published first when they changed. */
    String publish(HazelcastInstance instance, WeightsTransfer transfer) {
        long start = System.nanoTime();
        VersionedWeights weights = transfer.exportWeights();
        byte[] bytes = weights.bytes();
        IMap<String, Weights> map = instance.getMap(Members.WEIGHTS);
        if (published == null || !Arrays.equals(bytes, published) || !map.containsKey(key)) {
            version = prefix + ":" + (++counter);
            map.set(key, new Weights(version, weights.format(), weights.version(), bytes));
            published = bytes;
            broadcasts++;
            broadcastNanos += System.nanoTime() - start;
        }
        return version;
    }

    /** How many times the weights were published. */
    long broadcasts() {
        return broadcasts;
    }

    /** The time spent publishing, in nanoseconds. */
    long broadcastNanos() {
        return broadcastNanos;
    }
}
