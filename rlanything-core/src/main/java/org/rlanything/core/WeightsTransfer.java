package org.rlanything.core;

/**
 * A model whose weights can leave the process and come back as bytes, so that a distributed engine
 * can ship the current policy or judge to its workers. Optional, like {@link Checkpointable}: a
 * model behind an endpoint has no weights to ship. Import must reject bytes of another format or
 * version with an {@link IllegalArgumentException} naming both, and must leave the model unchanged
 * when it refuses.
 */
public interface WeightsTransfer {

    /** The current weights. */
    VersionedWeights exportWeights();

    /**
     * Replaces the weights with {@code weights} (exported by a model of the same kind and shape).
     */
    void importWeights(VersionedWeights weights);

    /**
     * A model's weights as bytes.
     *
     * @param format what the bytes hold (for example {@code safetensors} or {@code tabular-logits})
     * @param version the format's version (a reader refuses versions it does not know)
     * @param bytes the weights
     */
    record VersionedWeights(String format, int version, byte[] bytes) {
        public VersionedWeights {
            java.util.Objects.requireNonNull(format, "format");
            java.util.Objects.requireNonNull(bytes, "bytes");
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        /**
         * Refuses weights of another format or version than {@code expectedFormat} {@code
         * expectedVersion}.
         */
        public void require(String expectedFormat, int expectedVersion) {
            if (!format.equals(expectedFormat) || version != expectedVersion) {
                throw new IllegalArgumentException(
                        "Expected weights in format "
                                + expectedFormat
                                + " version "
                                + expectedVersion
                                + ", got "
                                + format
                                + " version "
                                + version
                                + ".");
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof VersionedWeights w
                    && w.format.equals(format)
                    && w.version == version
                    && java.util.Arrays.equals(w.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * format.hashCode() + version) + java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "VersionedWeights[" + format + " v" + version + ", " + bytes.length + " bytes]";
        }
    }
}
