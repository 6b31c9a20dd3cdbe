package org.rlanything.neural.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.rlanything.core.Seeds;
import org.rlanything.neural.io.FiniteValues;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.io.TensorData;

/**
 * The model's parameters, keyed by Hugging Face Llama tensor names ({@code
 * model.embed_tokens.weight}, {@code model.layers.0.self_attn.q_proj.weight}, ..., {@code
 * lm_head.weight}), held as gradient-tracking arrays in one NDManager owned by this object.
 *
 * <p><b>LoRA.</b> {@link #addLora} freezes every parameter and adds a trainable pair of rank r to
 * each attention and MLP projection W (q, k, v, o, gate, up, down): {@code lora_A} [r, in] drawn
 * uniformly in ±1/√in (as PEFT's default Kaiming-uniform init), {@code lora_B} [out, r] zero, so
 * the model is unchanged until it trains; the projection becomes W x + (alpha / r) B A x. Only the
 * adapters are {@link #trainable()}.
 */
public final class ModelWeights implements AutoCloseable {

    private static final double INIT_STD = 0.02;

    private final ModelConfig config;
    private final DataType dtype;
    private final NDManager manager;
    private final Map<String, NDArray> arrays = new LinkedHashMap<>();
    private final Map<String, NDArray> adapters = new LinkedHashMap<>();
    private Lora lora;
    private NDArray loraScale;

    /** The projections LoRA adapts, in each layer. */
    public static final List<String> LORA_TARGETS =
            List.of(
                    "self_attn.q_proj",
                    "self_attn.k_proj",
                    "self_attn.v_proj",
                    "self_attn.o_proj",
                    "mlp.gate_proj",
                    "mlp.up_proj",
                    "mlp.down_proj");

    /**
     * LoRA's size.
     *
     * @param rank r
     * @param alpha the scale numerator: updates are alpha / r · B A
     */
    public record Lora(int rank, double alpha) {
        public Lora {
            if (rank <= 0 || !(alpha > 0)) {
                throw new IllegalArgumentException(
                        "LoRA needs rank > 0 and alpha > 0, got " + rank + " and " + alpha + ".");
            }
        }

        public double scale() {
            return alpha / rank;
        }
    }

    private ModelWeights(ModelConfig config, DataType dtype, NDManager parent) {
        if (dtype != DataType.FLOAT32 && dtype != DataType.FLOAT64) {
            throw new IllegalArgumentException(
                    "Model weights must be FLOAT32 or FLOAT64, got " + dtype + ".");
        }
        this.config = config;
        this.dtype = dtype;
        this.manager = parent.newSubManager();
    }

    /** Names and shapes of every parameter, in file order. */
    public static Map<String, long[]> layout(ModelConfig c) {
        Map<String, long[]> m = new LinkedHashMap<>();
        long h = c.hiddenSize();
        long f = c.intermediateSize();
        long kv = c.keyValueSize();
        long q = c.querySize();
        m.put("model.embed_tokens.weight", new long[] {c.vocabSize(), h});
        for (int i = 0; i < c.numLayers(); i++) {
            String p = "model.layers." + i + ".";
            m.put(p + "input_layernorm.weight", new long[] {h});
            m.put(p + "self_attn.q_proj.weight", new long[] {q, h});
            if (c.qkvBias()) {
                m.put(p + "self_attn.q_proj.bias", new long[] {q});
            }
            for (String proj : List.of("k_proj", "v_proj")) {
                m.put(p + "self_attn." + proj + ".weight", new long[] {kv, h});
                if (c.qkvBias()) {
                    m.put(p + "self_attn." + proj + ".bias", new long[] {kv});
                }
            }
            if (c.qkNorm()) {
                m.put(p + "self_attn.q_norm.weight", new long[] {c.headDim()});
                m.put(p + "self_attn.k_norm.weight", new long[] {c.headDim()});
            }
            m.put(p + "self_attn.o_proj.weight", new long[] {h, q});
            if (c.outputBias()) {
                m.put(p + "self_attn.o_proj.bias", new long[] {h});
            }
            m.put(p + "post_attention_layernorm.weight", new long[] {h});
            m.put(p + "mlp.gate_proj.weight", new long[] {f, h});
            m.put(p + "mlp.up_proj.weight", new long[] {f, h});
            m.put(p + "mlp.down_proj.weight", new long[] {h, f});
        }
        m.put("model.norm.weight", new long[] {h});
        if (!c.tieWordEmbeddings()) {
            m.put("lm_head.weight", new long[] {c.vocabSize(), h});
        }
        return m;
    }

    /**
     * Fresh weights: norms at 1, every matrix and bias normal(0, 0.02) drawn in Java from a
     * generator seeded by the config's init seed and the tensor name, so they do not depend on
     * PyTorch's generator.
     */
    public static ModelWeights initialise(ModelConfig config, DataType dtype, NDManager parent) {
        Map<String, TensorData> data = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> e : layout(config).entrySet()) {
            long[] shape = e.getValue();
            int n = Math.toIntExact(Arrays.stream(shape).reduce(1, Math::multiplyExact));
            float[] v = new float[n];
            if (shape.length == 1 && !e.getKey().endsWith(".bias")) {
                Arrays.fill(v, 1f);
            } else {
                SplittableRandom rng =
                        new SplittableRandom(
                                Seeds.derive(config.initSeed(), Seeds.purpose(e.getKey())));
                for (int i = 0; i < n; i += 2) {
                    double u1 = 1.0 - rng.nextDouble();
                    double u2 = rng.nextDouble();
                    double r = Math.sqrt(-2 * Math.log(u1)) * INIT_STD;
                    v[i] = (float) (r * Math.cos(2 * Math.PI * u2));
                    if (i + 1 < n) {
                        v[i + 1] = (float) (r * Math.sin(2 * Math.PI * u2));
                    }
                }
            }
            data.put(e.getKey(), TensorData.ofFloats(shape, v));
        }
        return fromTensors(config, dtype, data, parent, "initialisation");
    }

    /**
     * Weights from stored tensors (F32, F64, BF16 or F16, converted to {@code dtype} block by block
     * as they are read, see {@link ArrayTensors#read}); every name of the layout must be present
     * with its shape and no other tensor may appear, all checked before any array is made, and
     * every value must be finite ({@link FiniteValues}, checked as it is read). {@code source}
     * names the file in errors.
     */
    public static ModelWeights fromTensors(
            ModelConfig config,
            DataType dtype,
            Map<String, ? extends StoredTensor> tensors,
            NDManager parent,
            String source) {
        return fromTensors(config, dtype, tensors, parent, source, false);
    }

    /**
     * Weights as above; with {@code halfProjections} the projections LoRA adapts are read into
     * float16 block by block, frozen (see {@link #halveFrozen}), so loading never holds them in
     * float32: for a model that will train LoRA adapters only.
     */
    public static ModelWeights fromTensors(
            ModelConfig config,
            DataType dtype,
            Map<String, ? extends StoredTensor> tensors,
            NDManager parent,
            String source,
            boolean halfProjections) {
        Map<String, long[]> layout = layout(config);
        checkTensors(layout, tensors, source);
        ModelWeights w = new ModelWeights(config, dtype, parent);
        try {
            for (Map.Entry<String, long[]> e : layout.entrySet()) {
                boolean half = halfProjections && isProjection(e.getKey());
                NDArray a;
                try {
                    a =
                            ArrayTensors.read(
                                    FiniteValues.checked(
                                            tensors.get(e.getKey()), e.getKey(), source),
                                    w.manager,
                                    half ? DataType.FLOAT16 : dtype);
                } catch (java.io.UncheckedIOException failed) {
                    if (failed.getCause() instanceof FiniteValues.NonFinite nonFinite) {
                        throw new org.rlanything.core.BadInputException(
                                nonFinite.getMessage(), nonFinite);
                    }
                    throw failed;
                }
                a.setRequiresGradient(!half);
                w.arrays.put(e.getKey(), a);
            }
        } catch (RuntimeException e) {
            w.close();
            throw e;
        }
        return w;
    }

    /**
     * Checks stored tensors against a layout without reading their values: the same names, each
     * with its shape, in a dtype the model reads.
     */
    public static void checkTensors(
            Map<String, long[]> layout,
            Map<String, ? extends StoredTensor> tensors,
            String source) {
        for (String name : tensors.keySet()) {
            if (!layout.containsKey(name)) {
                throw new org.rlanything.core.BadInputException(
                        source
                                + " holds an unexpected tensor \""
                                + name
                                + "\" for this model configuration.");
            }
        }
        for (Map.Entry<String, long[]> e : layout.entrySet()) {
            StoredTensor t = tensors.get(e.getKey());
            if (t == null) {
                throw new org.rlanything.core.BadInputException(
                        source + " lacks the tensor \"" + e.getKey() + "\".");
            }
            if (!Arrays.equals(t.shape(), e.getValue())) {
                throw wrongShape(source, e.getKey(), t, "the configuration", e.getValue());
            }
            if (!List.of("F32", "F64", "BF16", "F16").contains(t.dtype())) {
                throw new org.rlanything.core.BadInputException(
                        source
                                + " stores \""
                                + e.getKey()
                                + "\" as "
                                + t.dtype()
                                + "; weights must be F32, F64, BF16 or F16.");
            }
        }
    }

    /** "SOURCE stores "NAME" with shape [..], but {@code needer} needs [..].". */
    private static org.rlanything.core.BadInputException wrongShape(
            String source, String name, StoredTensor found, String needer, long[] needed) {
        return new org.rlanything.core.BadInputException(
                source
                        + " stores \""
                        + name
                        + "\" with shape "
                        + Arrays.toString(found.shape())
                        + ", but "
                        + needer
                        + " needs "
                        + Arrays.toString(needed)
                        + ".");
    }

    /**
     * The weights as tensors for a safetensors file, in their own dtype (views: each is converted
     * block by block when written).
     */
    public Map<String, StoredTensor> toTensors() {
        return toTensors(ArrayTensors.dtype(dtype));
    }

    /** The weights as views that write them as {@code storedDtype} ({@code BF16}, {@code F32}). */
    public Map<String, StoredTensor> toTensors(String storedDtype) {
        Map<String, StoredTensor> out = new LinkedHashMap<>();
        arrays.forEach((name, a) -> out.put(name, ArrayTensors.view(a, storedDtype)));
        return out;
    }

    /** The weights copied into memory as tensors (F32 or F64; for small models and tests). */
    public Map<String, TensorData> tensorData() {
        return tensorsOf(arrays);
    }

    /** Each named array copied to a tensor ({@link #tensorOf}), in the map's order. */
    private static Map<String, TensorData> tensorsOf(Map<String, NDArray> named) {
        Map<String, TensorData> out = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : named.entrySet()) {
            out.put(e.getKey(), tensorOf(e.getValue()));
        }
        return out;
    }

    /** Copies one array to a tensor (F32 or F64 by its dtype). */
    public static TensorData tensorOf(NDArray a) {
        long[] shape = a.getShape().getShape();
        if (a.getDataType() == DataType.FLOAT64) {
            return TensorData.ofDoubles(shape, a.toDoubleArray());
        }
        return TensorData.ofFloats(shape, a.toFloatArray());
    }

    /**
     * Freezes the model and adds LoRA adapters of {@code lora}'s rank to every projection of {@link
     * #LORA_TARGETS}; {@code seed} draws the A matrices.
     */
    public void addLora(Lora lora, long seed) {
        Map<String, TensorData> fresh = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> e : adapterLayout(lora.rank()).entrySet()) {
            long[] shape = e.getValue();
            int n = Math.toIntExact(shape[0] * shape[1]);
            float[] v = new float[n];
            if (e.getKey().endsWith(".lora_A.weight")) {
                double bound = 1 / Math.sqrt(shape[1]);
                SplittableRandom rng =
                        new SplittableRandom(Seeds.derive(seed, Seeds.purpose(e.getKey())));
                for (int i = 0; i < n; i++) {
                    v[i] = (float) ((2 * rng.nextDouble() - 1) * bound);
                }
            }
            fresh.put(e.getKey(), TensorData.ofFloats(shape, v));
        }
        loadLora(lora, fresh, "a fresh LoRA initialisation");
    }

    /**
     * Freezes the model and sets its LoRA adapters to {@code tensors} (named as {@link
     * #adapterLayout}); {@code source} names them in errors.
     */
    public void loadLora(Lora lora, Map<String, TensorData> tensors, String source) {
        if (this.lora != null) {
            throw new IllegalStateException("The model already has LoRA adapters.");
        }
        Map<String, long[]> layout = adapterLayout(lora.rank());
        checkAdapters(config, lora, tensors, source);
        for (NDArray p : arrays.values()) {
            p.setRequiresGradient(false);
        }
        for (Map.Entry<String, long[]> e : layout.entrySet()) {
            adapters.put(e.getKey(), array(tensors.get(e.getKey()), e.getValue()));
        }
        this.lora = lora;
        this.loraScale = ScalarArrays.of(manager, dtype, lora.scale());
    }

    /**
     * Checks that {@code tensors} are exactly the adapters of {@code lora}'s rank for a model of
     * {@code config}, with their shapes; {@code source} names them in the error.
     */
    public static void checkAdapters(
            ModelConfig config, Lora lora, Map<String, TensorData> tensors, String source) {
        Map<String, long[]> layout = adapterLayout(config, lora.rank());
        if (!tensors.keySet().equals(layout.keySet())) {
            java.util.Set<String> missing = new java.util.TreeSet<>(layout.keySet());
            missing.removeAll(tensors.keySet());
            java.util.Set<String> extra = new java.util.TreeSet<>(tensors.keySet());
            extra.removeAll(layout.keySet());
            throw new org.rlanything.core.BadInputException(
                    source
                            + " does not hold the adapters of rank "
                            + lora.rank()
                            + " for this model: missing "
                            + missing
                            + ", unexpected "
                            + extra
                            + ".");
        }
        for (Map.Entry<String, long[]> e : layout.entrySet()) {
            TensorData t = tensors.get(e.getKey());
            if (!Arrays.equals(t.shape(), e.getValue())) {
                throw wrongShape(source, e.getKey(), t, "rank " + lora.rank(), e.getValue());
            }
        }
    }

    /** Names and shapes of the LoRA adapters of rank {@code rank} for this model. */
    public Map<String, long[]> adapterLayout(int rank) {
        return adapterLayout(config, rank);
    }

    /** Names and shapes of the LoRA adapters of rank {@code rank} for a model of {@code config}. */
    public static Map<String, long[]> adapterLayout(ModelConfig config, int rank) {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (int l = 0; l < config.numLayers(); l++) {
            for (String target : LORA_TARGETS) {
                String base = "model.layers." + l + "." + target;
                long[] w = layout(config).get(base + ".weight");
                out.put(base + ".lora_A.weight", new long[] {rank, w[1]});
                out.put(base + ".lora_B.weight", new long[] {w[0], rank});
            }
        }
        return out;
    }

    private NDArray array(TensorData t, long[] shape) {
        NDArray a =
                t.dtype().equals("F64")
                        ? manager.create(t.toDoubles(), new Shape(shape))
                        : manager.create(t.toFloats(), new Shape(shape));
        if (a.getDataType() != dtype) {
            NDArray converted = a.toType(dtype, true);
            a.close();
            a = converted;
        }
        a.setRequiresGradient(true);
        return a;
    }

    /**
     * Holds the frozen projections of this LoRA model ({@link #LORA_TARGETS}' weights) in float16,
     * one at a time, each float32 array closed once its copy exists: 2 bytes per weight instead of
     * 4. The decoder casts a projection back to float32 where it uses it ({@code LlamaModel}), so
     * the arithmetic stays float32; only the stored values are rounded to float16's 11 significant
     * bits, which hold every BF16 weight of magnitude 2^-14 and above exactly (BF16 has 8). Why not
     * BF16 itself: this engine (DJL 0.36 with PyTorch 2.7.1) aborts the process on making a BF16
     * array. The embedding, the head, the norms and the biases stay float32.
     */
    public void halveFrozen() {
        if (lora == null) {
            throw new IllegalStateException(
                    "Only a LoRA model's frozen base can be held in float16: a full update trains"
                            + " every weight in float32.");
        }
        for (Map.Entry<String, NDArray> e : arrays.entrySet()) {
            NDArray a = e.getValue();
            if (isProjection(e.getKey()) && a.getDataType() != DataType.FLOAT16) {
                e.setValue(a.toType(DataType.FLOAT16, true));
                a.close();
            }
        }
    }

    /** Whether {@code name} is the weight of a projection LoRA adapts ({@link #LORA_TARGETS}). */
    static boolean isProjection(String name) {
        if (!name.startsWith("model.layers.") || !name.endsWith(".weight")) {
            return false;
        }
        for (String target : LORA_TARGETS) {
            if (name.endsWith("." + target + ".weight")) {
                return true;
            }
        }
        return false;
    }

    /** LoRA's size, or null when every parameter trains. */
    public Lora lora() {
        return lora;
    }

    /**
     * The adapter pair {A, B} of a projection ({@code model.layers.3.mlp.up_proj}), or null when it
     * has none.
     */
    public NDArray[] adapter(String projection) {
        NDArray a = adapters.get(projection + ".lora_A.weight");
        return a == null ? null : new NDArray[] {a, adapters.get(projection + ".lora_B.weight")};
    }

    /** alpha / r as an array of the model's dtype (for the differentiated path). */
    public NDArray loraScale() {
        return loraScale;
    }

    /** The LoRA adapters as tensors (empty without LoRA). */
    public Map<String, TensorData> adapterTensors() {
        return tensorsOf(adapters);
    }

    /**
     * The weights with every adapter merged into its projection, W + (alpha / r) B A, as views that
     * write {@code storedDtype} (what an exported model holds; each merged projection is computed
     * when written, one at a time); the plain weights without LoRA.
     */
    public Map<String, StoredTensor> mergedTensors(String storedDtype) {
        Map<String, StoredTensor> out = toTensors(storedDtype);
        if (lora == null) {
            return out;
        }
        for (String name : arrays.keySet()) {
            if (!name.endsWith(".weight")) {
                continue;
            }
            NDArray[] ab = adapter(name.substring(0, name.length() - ".weight".length()));
            if (ab != null) {
                NDArray w = arrays.get(name);
                out.put(
                        name,
                        ArrayTensors.computed(
                                () -> merge(w.stopGradient(), ab, lora.scale(), manager),
                                w.getShape().getShape(),
                                storedDtype));
            }
        }
        return out;
    }

    /**
     * A base model's stored tensors with LoRA adapters merged, W + (alpha / r) B A, as views that
     * write {@code storedDtype}: each merged projection is computed from its stored tensor and its
     * adapters when written, one at a time, and the other tensors are streamed (converted when
     * their dtype differs), so the model is never loaded (a merged export of a 3B model then needs
     * a few of its tensors in memory, not all of them). The same arithmetic as {@link
     * #mergedTensors} on a loaded model, so both give the same values.
     */
    public static Map<String, StoredTensor> merged(
            Map<String, StoredTensor> base,
            Lora lora,
            Map<String, TensorData> adapters,
            String storedDtype,
            NDManager manager) {
        Map<String, StoredTensor> out = new LinkedHashMap<>();
        for (Map.Entry<String, StoredTensor> e : base.entrySet()) {
            String name = e.getKey();
            StoredTensor t = e.getValue();
            String projection =
                    name.endsWith(".weight")
                            ? name.substring(0, name.length() - ".weight".length())
                            : name;
            TensorData a = adapters.get(projection + ".lora_A.weight");
            TensorData b = adapters.get(projection + ".lora_B.weight");
            if (a != null && b != null) {
                out.put(
                        name,
                        ArrayTensors.computed(
                                () -> {
                                    try (NDManager m = manager.newSubManager()) {
                                        NDArray w = ArrayTensors.read(t, m, DataType.FLOAT32);
                                        NDArray[] ab = {
                                            m.create(a.toFloats(), new Shape(a.shape())),
                                            m.create(b.toFloats(), new Shape(b.shape()))
                                        };
                                        return merge(w, ab, lora.scale(), manager);
                                    }
                                },
                                t.shape(),
                                storedDtype));
            } else if (t.dtype().equals(storedDtype)) {
                out.put(name, t);
            } else {
                out.put(
                        name,
                        ArrayTensors.computed(
                                () -> ArrayTensors.read(t, manager, DataType.FLOAT32),
                                t.shape(),
                                storedDtype));
            }
        }
        return out;
    }

    /** W + scale · B A, a new array under {@code owner} (W in float32 first when it is not). */
    private static NDArray merge(NDArray w, NDArray[] ab, double scale, NDManager owner) {
        try (NDManager m = owner.newSubManager()) {
            NDArray delta = ab[1].stopGradient().matMul(ab[0].stopGradient()).mul(scale);
            delta.attach(m);
            NDArray base =
                    w.getDataType() == delta.getDataType()
                            ? w
                            : w.toType(delta.getDataType(), true);
            NDArray merged = base.add(delta);
            merged.attach(owner);
            return merged;
        }
    }

    /**
     * The parameters an optimizer updates: the LoRA adapters when there are any, else every
     * parameter.
     */
    public Map<String, NDArray> trainable() {
        return Collections.unmodifiableMap(lora == null ? arrays : adapters);
    }

    /**
     * A copy for a trainer's replica: trainable parameters duplicated, frozen ones (a LoRA base)
     * shared with this object, read-only (closing the copy closes only what it owns).
     */
    public ModelWeights replica(String source) {
        if (lora == null) {
            ModelWeights copy = new ModelWeights(config, dtype, manager);
            for (Map.Entry<String, NDArray> e : arrays.entrySet()) {
                NDArray a = e.getValue().stopGradient().duplicate();
                a.attach(copy.manager);
                a.setRequiresGradient(true);
                copy.arrays.put(e.getKey(), a);
            }
            return copy;
        }
        ModelWeights copy = new ModelWeights(config, dtype, manager);
        copy.arrays.putAll(arrays);
        for (Map.Entry<String, NDArray> e : adapters.entrySet()) {
            NDArray a = e.getValue().stopGradient().duplicate();
            a.attach(copy.manager);
            a.setRequiresGradient(true);
            copy.adapters.put(e.getKey(), a);
        }
        copy.lora = lora;
        copy.loraScale = ScalarArrays.of(copy.manager, dtype, lora.scale());
        return copy;
    }

    public NDArray get(String name) {
        NDArray a = arrays.get(name);
        if (a == null) {
            throw new IllegalArgumentException(
                    "The model has no parameter named \"" + name + "\".");
        }
        return a;
    }

    /** All parameters in layout order (unmodifiable). */
    public Map<String, NDArray> all() {
        return Collections.unmodifiableMap(arrays);
    }

    public List<String> names() {
        return new ArrayList<>(arrays.keySet());
    }

    public ModelConfig config() {
        return config;
    }

    public DataType dtype() {
        return dtype;
    }

    /** The manager that owns the parameter arrays; open per-step sub-managers from it. */
    public NDManager manager() {
        return manager;
    }

    @Override
    public void close() {
        manager.close();
    }
}
