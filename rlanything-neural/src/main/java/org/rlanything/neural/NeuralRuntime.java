package org.rlanything.neural;

import ai.djl.engine.Engine;

/**
 * Starts DJL's PyTorch engine with the settings this project needs.
 *
 * <p>DJL works offline only with {@code ai.djl.offline=true}; otherwise it tries to download the
 * native library even though {@code pytorch-native-cpu} is on the class path. On a machine with few
 * cores, one intra-op and one inter-op thread ({@code ai.djl.pytorch.num_threads=1}, {@code
 * ai.djl.pytorch.num_interop_threads=1}) are about ten times faster for this model size than
 * PyTorch's default. {@link #engine()} sets each of these system properties only when it is absent,
 * so a command line ({@code -D...}) always wins. They must be set before the engine first loads.
 */
public final class NeuralRuntime {

    private NeuralRuntime() {}

    /** Sets the default properties (where absent) and returns the loaded PyTorch engine. */
    public static synchronized Engine engine() {
        setDefault("ai.djl.offline", "true");
        setDefault("ai.djl.default_engine", "PyTorch");
        setDefault("ai.djl.pytorch.num_threads", "1");
        setDefault("ai.djl.pytorch.num_interop_threads", "1");
        return Engine.getEngine("PyTorch");
    }

    /**
     * Where the models compute: the engine's default device ({@code cpu()}, or {@code gpu(0)} with
     * DJL's CUDA build of PyTorch and a visible GPU) and the PyTorch version, for a run to say.
     */
    public static String device() {
        Engine e = engine();
        return e.defaultDevice()
                + " (PyTorch "
                + e.getVersion()
                + ", "
                + e.getGpuCount()
                + " GPU"
                + (e.getGpuCount() == 1 ? "" : "s")
                + " visible)";
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
