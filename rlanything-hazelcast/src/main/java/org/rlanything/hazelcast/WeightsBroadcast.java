package org.rlanything.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.util.Arrays;
import java.util.UUID;
import org.rlanything.core.Policy;
import org.rlanything.core.WeightsTransfer;
import org.rlanything.core.WeightsTransfer.VersionedWeights;

/**
 * The trainer's side of the weights: publishes the policy's weights to the cluster's map with a new
 * version only when they changed (or when the map lost them), and says which version the work must use.
 */
final class WeightsBroadcast {

    /** The policy's key in {@link Members#WEIGHTS}. */
    static final String POLICY = "policy";

    private final String prefix = UUID.randomUUID().toString();
    private long counter;
    private byte[] published;
    private String version;
    private long broadcasts;
    private long broadcastNanos;

    /** The version of {@code policy}'s current weights, published first when they changed. */
    String publish(HazelcastInstance instance, Policy policy) {
        if (!(policy instanceof WeightsTransfer transfer)) {
            throw new IllegalArgumentException("The policy " + policy.getClass().getSimpleName() + " cannot ship its"
                    + " weights (it is not WeightsTransfer); use trainer.rollout_engine: local.");
        }
        long start = System.nanoTime();
        VersionedWeights weights = transfer.exportWeights();
        byte[] bytes = weights.bytes();
        IMap<String, Weights> map = instance.getMap(Members.WEIGHTS);
        if (published == null || !Arrays.equals(bytes, published) || !map.containsKey(POLICY)) {
            version = prefix + ":" + (++counter);
            map.set(POLICY, new Weights(version, weights.format(), weights.version(), bytes));
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
