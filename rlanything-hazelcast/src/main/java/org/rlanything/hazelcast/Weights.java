package org.rlanything.hazelcast;

import java.io.Serializable;

/**
 * One model's weights as published to the cluster.
 *
 * @param version the trainer's version of them (a fresh prefix per trainer, then a counter)
 * @param format the {@link org.rlanything.core.WeightsTransfer.VersionedWeights} format
 * @param formatVersion that format's version
 * @param bytes the weights
 */
record Weights(String version, String format, int formatVersion, byte[] bytes)
        implements Serializable {}
