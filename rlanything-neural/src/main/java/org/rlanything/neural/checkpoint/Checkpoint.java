package org.rlanything.neural.checkpoint;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.FiniteValues;
import org.rlanything.neural.io.SafeTensorsFile;
import org.rlanything.neural.io.SafeTensorsWriter;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.neural.tokenizer.TextTokenizer;
import org.rlanything.neural.tokenizer.Tokenizers;
import org.rlanything.neural.train.PpoTrainer;
import org.rlanything.neural.train.TrainingState;

/**
 * A checkpoint folder, which is also a Hugging Face model folder ({@code AutoModelForCausalLM} and
 * {@code AutoTokenizer} load it; {@link HfCheckpoint} imports one): {@code model.safetensors}
 * (Hugging Face Llama tensor names), {@code config.json} ({@code LlamaConfig} or {@code
 * Qwen2Config} fields), {@code tokenizer.json} (Hugging Face tokenizers format), {@code
 * tokenizer_config.json} and {@code generation_config.json}, and for exact resume {@code
 * optimizer.safetensors} (AdamW moments) and {@code trainer_state.json} (step counters, AdamW step,
 * trainer settings, and caller extras such as an RNG state or the loop iteration), then {@code
 * manifest.json} with each file's size and SHA-256.
 *
 * <p><b>Atomicity.</b> Everything is written into a fresh sibling folder, each file forced to disk,
 * and the folder is renamed into place (an existing checkpoint is first renamed aside and deleted
 * after). <b>Loading</b> first checks every file against the manifest, then parses and validates
 * all of it in Java, and only then creates native arrays; a truncated, altered or inconsistent file
 * raises a {@link CheckpointException} naming it, and nothing is half-loaded.
 */
public final class Checkpoint {

    public static final String MODEL = "model.safetensors";
    public static final String CONFIG = "config.json";
    public static final String TOKENIZER = "tokenizer.json";
    public static final String TOKENIZER_CONFIG = "tokenizer_config.json";
    public static final String GENERATION_CONFIG = "generation_config.json";
    public static final String OPTIMIZER = "optimizer.safetensors";
    public static final String TRAINER_STATE = "trainer_state.json";
    public static final String MANIFEST = "manifest.json";
    private static final String FORMAT = "rlanything-neural-checkpoint";
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private Checkpoint() {}

    /** What a checkpoint holds once loaded; the caller owns (and closes) the model. */
    public record Loaded(
            LlamaModel model, TextTokenizer tokenizer, TrainerPart trainer, LoraBase loraBase) {

        /** A model without LoRA adapters. */
        public Loaded(LlamaModel model, TextTokenizer tokenizer, TrainerPart trainer) {
            this(model, tokenizer, trainer, null);
        }
    }

    /**
     * The resumable training part; null when the checkpoint holds only a model.
     *
     * @param state counters
     * @param optimizerStep AdamW's step count
     * @param optimizerMoments AdamW moments as stored
     * @param trainerConfig the trainer settings in force when saved (provenance)
     * @param extras the caller's extras (for example an RNG state)
     */
    public record TrainerPart(
            TrainingState state,
            long optimizerStep,
            Path optimizerFile,
            Map<String, Object> trainerConfig,
            Map<String, Object> extras) {

        /** Restores counters and AdamW moments (read from the file now) into {@code trainer}. */
        public void restoreInto(PpoTrainer trainer) {
            try (SafeTensorsFile moments = SafeTensorsFile.open(optimizerFile)) {
                trainer.optimizer()
                        .load(moments.tensors(), optimizerStep, optimizerFile.toString());
            } catch (CheckpointException e) {
                throw new org.rlanything.core.BadInputException(e.getMessage(), e);
            }
            trainer.restore(state);
        }
    }

    /**
     * Saves model and tokenizer, plus the trainer's resumable state when {@code trainer} is not
     * null.
     */
    public static void save(
            Path dir,
            LlamaModel model,
            TextTokenizer tokenizer,
            PpoTrainer trainer,
            Map<String, Object> extras)
            throws IOException {
        save(dir, model, tokenizer, trainer, extras, null);
    }

    /**
     * Saves as {@link #save(Path, LlamaModel, TextTokenizer, PpoTrainer, Map)}; a model with LoRA
     * adapters is saved as its adapters ({@link PeftAdapter}'s files) and {@code base} ({@link
     * LoraBase#FILE}), without the frozen weights, which loading reads from the base folder.
     */
    public static void save(
            Path dir,
            LlamaModel model,
            TextTokenizer tokenizer,
            PpoTrainer trainer,
            Map<String, Object> extras,
            LoraBase base)
            throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Map<String, StoredTensor> weights = null;
        if (model.weights().lora() == null) {
            weights = model.weights().toTensors();
        } else {
            if (base == null) {
                throw new IllegalStateException(
                        "A model with LoRA adapters is saved with the base folder it adapts.");
            }
            files.putAll(PeftAdapter.files(model.weights(), ModelIds.of(base.folder())));
            files.put(
                    LoraBase.FILE,
                    JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(base.toJson()));
        }
        files.put(
                CONFIG,
                configJson(
                        model.config(),
                        tokenizer,
                        weights == null ? "F32" : WeightFiles.mainDtype(weights),
                        null));
        files.putAll(tokenizer.files(model.config().maxPositions()));
        Map<String, StoredTensor> optimizer = null;
        if (trainer != null) {
            optimizer = trainer.optimizer().toTensors();
            Map<String, Object> state = new LinkedHashMap<>();
            state.put("format", FORMAT);
            state.put("version", 1);
            state.put(
                    "training_state",
                    JSON.convertValue(
                            trainer.state(), new TypeReference<Map<String, Object>>() {}));
            state.put("optimizer_step", trainer.optimizer().stepCount());
            state.put(
                    "trainer_config",
                    JSON.convertValue(
                            trainer.config(), new TypeReference<Map<String, Object>>() {}));
            state.put("extras", extras == null ? Map.of() : extras);
            files.put(
                    TRAINER_STATE, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(state));
        }
        commit(dir, files, weights, optimizer);
    }

    /**
     * Writes a model folder from stored tensors (as {@code model import} and {@code model export}
     * do): the weights streamed in their stored dtype (sharded as {@link WeightFiles} does), {@code
     * config.json} with the tokenizer's special ids and {@code nameOrPath} (the model's id, or
     * null), the tokenizer files and the manifest.
     */
    public static void saveTensors(
            Path dir,
            ModelConfig config,
            Map<String, ? extends StoredTensor> weights,
            TextTokenizer tokenizer,
            String nameOrPath)
            throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(
                CONFIG, configJson(config, tokenizer, WeightFiles.mainDtype(weights), nameOrPath));
        files.putAll(tokenizer.files(config.maxPositions()));
        commit(dir, files, new LinkedHashMap<>(weights), null);
    }

    /**
     * {@code config.json}: the architecture's fields, then the special ids of the tokenizer
     * (generation_config.json's {@code bos_token_id}, {@code eos_token_id} and {@code pad_token_id}
     * where it names them, else the ids the tokenizer frames prompts and responses with), {@code
     * torch_dtype} of the stored weights, and {@code _name_or_path} when the model's id is known.
     */
    static byte[] configJson(
            ModelConfig config, TextTokenizer tokenizer, String storedDtype, String nameOrPath)
            throws IOException {
        Map<String, Object> m = new LinkedHashMap<>(config.toHfConfig());
        SpecialIds ids = SpecialIds.of(tokenizer, config.maxPositions());
        ids.putInto(m);
        m.put("torch_dtype", torchDtype(storedDtype));
        if (nameOrPath != null) {
            m.put("_name_or_path", nameOrPath);
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(m);
    }

    private static String torchDtype(String dtype) {
        return switch (dtype) {
            case "BF16" -> "bfloat16";
            case "F16" -> "float16";
            case "F64" -> "float64";
            default -> "float32";
        };
    }

    /**
     * Writes the files into a fresh sibling folder (each forced to disk, safetensors streamed), the
     * manifest last with names in order, and renames the folder into place.
     */
    private static void commit(
            Path dir,
            Map<String, byte[]> files,
            Map<String, ? extends StoredTensor> weights,
            Map<String, ? extends StoredTensor> optimizer)
            throws IOException {
        try {
            AtomicFiles.replaceFolder(dir, temp -> fill(temp, files, weights, optimizer));
        } catch (FiniteValues.NonFinite e) {
            throw new CheckpointException(
                    "Checkpoint " + dir + " not written: " + e.getMessage(), e);
        }
    }

    private static void fill(
            Path temp,
            Map<String, byte[]> files,
            Map<String, ? extends StoredTensor> weights,
            Map<String, ? extends StoredTensor> optimizer)
            throws IOException {
        Files.createDirectories(temp);
        Map<String, SafeTensorsWriter.Written> listing = new TreeMap<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            listing.put(f.getKey(), writeForced(temp.resolve(f.getKey()), f.getValue()));
        }
        if (weights != null) {
            listing.putAll(WeightFiles.write(temp, weights, WeightFiles.MAX_SHARD));
        }
        if (optimizer != null) {
            listing.put(
                    OPTIMIZER,
                    SafeTensorsWriter.write(temp.resolve(OPTIMIZER), optimizer, Map.of()));
        }
        Map<String, Object> entries = new LinkedHashMap<>();
        listing.forEach(
                (name, w) -> {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("bytes", w.bytes());
                    entry.put("sha256", w.sha256());
                    entries.put(name, entry);
                });
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("format", FORMAT);
        manifest.put("version", 1);
        manifest.put("files", entries);
        writeForced(
                temp.resolve(MANIFEST),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
    }

    /** Loads a checkpoint; weights become {@code dtype} arrays under {@code parent}. */
    public static Loaded load(Path dir, NDManager parent, DataType dtype)
            throws CheckpointException {
        return load(dir, parent, dtype, false);
    }

    /**
     * Loads as above; with {@code halfProjections} the projections LoRA adapts are read into
     * float16 (a LoRA model's frozen base, {@code base_dtype: f16}).
     */
    public static Loaded load(Path dir, NDManager parent, DataType dtype, boolean halfProjections)
            throws CheckpointException {
        Map<String, byte[]> files = verifiedFiles(dir);
        ModelConfig config = config(files, dir);
        if (files.containsKey(PeftAdapter.WEIGHTS)) {
            return loadLora(dir, files, config, parent, dtype, halfProjections);
        }
        TrainerPart trainer = null;
        if (files.containsKey(TRAINER_STATE)) {
            trainer = trainerPart(dir, files, ModelWeights.layout(config));
        }
        TextTokenizer tokenizer = tokenizer(files, dir);
        try (WeightFiles.Opened weights = WeightFiles.open(dir)) {
            if (tokenizer.vocabSize() > config.vocabSize()) {
                throw new CheckpointException(
                        "The tokenizer "
                                + dir.resolve(TOKENIZER)
                                + " has "
                                + tokenizer.vocabSize()
                                + " ids but the model in "
                                + dir.resolve(CONFIG)
                                + " only "
                                + config.vocabSize()
                                + ".");
            }
            ModelWeights w =
                    ModelWeights.fromTensors(
                            config,
                            dtype,
                            weights.tensors(),
                            parent,
                            weights.source(),
                            halfProjections);
            return new Loaded(new LlamaModel(w), tokenizer, trainer);
        } catch (IllegalArgumentException e) {
            tokenizer.close();
            throw unfit(dir, e);
        } catch (CheckpointException | RuntimeException e) {
            tokenizer.close();
            throw e;
        }
    }

    /** The model configuration among a checkpoint's verified files. */
    private static ModelConfig config(Map<String, byte[]> files, Path dir)
            throws CheckpointException {
        Map<String, Object> configMap = json(files.get(CONFIG), dir.resolve(CONFIG));
        try {
            return ModelConfig.fromHfConfig(configMap, dir.resolve(CONFIG).toString());
        } catch (IllegalArgumentException e) {
            throw new CheckpointException(
                    "The model configuration "
                            + dir.resolve(CONFIG)
                            + " is invalid: "
                            + e.getMessage(),
                    e);
        }
    }

    /** The tokenizer of a model folder's files ({@link Tokenizers} chooses which kind). */
    public static TextTokenizer tokenizer(Map<String, byte[]> files, Path dir)
            throws CheckpointException {
        Map<String, byte[]> tokenizerFiles = new LinkedHashMap<>();
        for (String name :
                new String[] {
                    TOKENIZER, TOKENIZER_CONFIG, GENERATION_CONFIG, HfTokenizer.CHAT_TEMPLATE_FILE
                }) {
            if (files.containsKey(name)) {
                tokenizerFiles.put(name, files.get(name));
            }
        }
        try {
            return Tokenizers.fromFiles(tokenizerFiles, dir.toString());
        } catch (IOException e) {
            throw new CheckpointException(e.getMessage(), e);
        }
    }

    /**
     * A LoRA checkpoint: the base model from its folder (checked against its digest), the adapters
     * and the trainer state of the adapters from here.
     */
    private static Loaded loadLora(
            Path dir,
            Map<String, byte[]> files,
            ModelConfig config,
            NDManager parent,
            DataType dtype,
            boolean halfProjections)
            throws CheckpointException {
        LoraParts parts = loraParts(dir, files, config);
        PeftAdapter.Read adapters = new PeftAdapter.Read(parts.lora(), parts.adapters());
        LoraBase base = parts.base();
        TrainerPart trainer = null;
        if (files.containsKey(TRAINER_STATE)) {
            trainer =
                    trainerPart(
                            dir, files, ModelWeights.adapterLayout(config, adapters.lora().rank()));
        }
        Loaded frozen = loadFolder(base.folder(), parent, dtype, halfProjections);
        frozen.tokenizer().close();
        TextTokenizer tokenizer = tokenizer(files, dir);
        try {
            if (!frozen.model().config().equals(config)) {
                throw new CheckpointException(
                        "The LoRA checkpoint "
                                + dir
                                + " describes another model than its base in "
                                + base.folder()
                                + ".");
            }
            frozen.model()
                    .weights()
                    .loadLora(
                            adapters.lora(),
                            adapters.tensors(),
                            dir.resolve(PeftAdapter.WEIGHTS).toString());
            return new Loaded(frozen.model(), tokenizer, trainer, base);
        } catch (IllegalArgumentException e) {
            frozen.model().close();
            tokenizer.close();
            throw new CheckpointException(e.getMessage(), e);
        } catch (CheckpointException | RuntimeException e) {
            frozen.model().close();
            tokenizer.close();
            throw e;
        }
    }

    /**
     * The model of a folder: a checkpoint (it has {@link #MANIFEST}) or a Hugging Face folder (read
     * by {@link HfCheckpoint}).
     */
    public static Loaded loadFolder(Path dir, NDManager parent, DataType dtype)
            throws CheckpointException {
        return loadFolder(dir, parent, dtype, false);
    }

    /** The model of a folder as above, its adapted projections in float16 when asked. */
    public static Loaded loadFolder(
            Path dir, NDManager parent, DataType dtype, boolean halfProjections)
            throws CheckpointException {
        return Files.isRegularFile(dir.resolve(MANIFEST))
                ? load(dir, parent, dtype, halfProjections)
                : HfCheckpoint.load(dir, parent, dtype, halfProjections);
    }

    private static TrainerPart trainerPart(
            Path dir, Map<String, byte[]> files, Map<String, long[]> layout)
            throws CheckpointException {
        Path statePath = dir.resolve(TRAINER_STATE);
        if (!files.containsKey(OPTIMIZER)) {
            throw new CheckpointException(
                    "The checkpoint "
                            + dir
                            + " has "
                            + TRAINER_STATE
                            + " but no "
                            + OPTIMIZER
                            + ".");
        }
        Map<String, Object> state = json(files.get(TRAINER_STATE), statePath);
        if (!FORMAT.equals(state.get("format"))
                || !Integer.valueOf(1).equals(state.get("version"))) {
            throw new CheckpointException(
                    "The trainer state " + statePath + " is not a version-1 " + FORMAT + " file.");
        }
        TrainingState counters;
        long step;
        try {
            counters = JSON.convertValue(state.get("training_state"), TrainingState.class);
            step = ((Number) state.get("optimizer_step")).longValue();
        } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
            throw new CheckpointException(
                    "The trainer state " + statePath + " lacks valid counters: " + e.getMessage(),
                    e);
        }
        Path optimizerFile = dir.resolve(OPTIMIZER);
        try (SafeTensorsFile moments = SafeTensorsFile.open(optimizerFile)) {
            if (moments.tensors().size() != 2 * layout.size()) {
                throw new CheckpointException(
                        "The optimizer state "
                                + optimizerFile
                                + " holds "
                                + moments.tensors().size()
                                + " tensors; this model needs "
                                + 2 * layout.size()
                                + ".");
            }
            for (Map.Entry<String, long[]> e : layout.entrySet()) {
                for (String prefix : new String[] {"exp_avg.", "exp_avg_sq."}) {
                    StoredTensor t = moments.tensors().get(prefix + e.getKey());
                    if (t == null || !java.util.Arrays.equals(t.shape(), e.getValue())) {
                        throw new CheckpointException(
                                "The optimizer state "
                                        + optimizerFile
                                        + " lacks \""
                                        + prefix
                                        + e.getKey()
                                        + "\" with the model's shape.");
                    }
                }
            }
        }
        return new TrainerPart(
                counters,
                step,
                optimizerFile,
                object(state.get("trainer_config")),
                object(state.get("extras")));
    }

    /** A JSON object of the training state as a map (empty when it is absent or not an object). */
    private static Map<String, Object> object(Object value) {
        return value instanceof Map<?, ?>
                ? JSON.convertValue(value, new TypeReference<Map<String, Object>>() {})
                : Map.of();
    }

    /** Checks every file of a checkpoint against its manifest (sizes and SHA-256 digests). */
    public static void verify(Path dir) throws CheckpointException {
        verifiedFiles(dir);
    }

    /**
     * A LoRA checkpoint read without its base model: for a merged export that streams the base's
     * tensors ({@code ModelWeights.merged}).
     *
     * @param config the model configuration the checkpoint states
     * @param lora the adapters' rank and alpha
     * @param adapters the adapters by their model names
     * @param base the base folder, checked against the digest the checkpoint recorded
     * @param tokenizer the checkpoint's tokenizer (the caller closes it; null where not read)
     */
    public record LoraParts(
            ModelConfig config,
            ModelWeights.Lora lora,
            Map<String, org.rlanything.neural.io.TensorData> adapters,
            LoraBase base,
            TextTokenizer tokenizer) {}

    /** The parts of the LoRA checkpoint {@code dir}, its files and its base verified. */
    public static LoraParts loraParts(Path dir) throws CheckpointException {
        Map<String, byte[]> files = verifiedFiles(dir);
        LoraParts parts = loraParts(dir, files, config(files, dir));
        return new LoraParts(
                parts.config(),
                parts.lora(),
                parts.adapters(),
                parts.base(),
                tokenizer(files, dir));
    }

    /**
     * The adapters and the base (verified) among a LoRA checkpoint's verified files, without its
     * tokenizer.
     */
    private static LoraParts loraParts(Path dir, Map<String, byte[]> files, ModelConfig config)
            throws CheckpointException {
        if (!files.containsKey(PeftAdapter.WEIGHTS)
                || !files.containsKey(PeftAdapter.CONFIG)
                || !files.containsKey(LoraBase.FILE)) {
            throw new CheckpointException(
                    "The LoRA checkpoint "
                            + dir
                            + " needs "
                            + PeftAdapter.WEIGHTS
                            + ", "
                            + PeftAdapter.CONFIG
                            + " and "
                            + LoraBase.FILE
                            + ".");
        }
        PeftAdapter.Read adapters =
                PeftAdapter.read(
                        files.get(PeftAdapter.CONFIG),
                        readAll(dir.resolve(PeftAdapter.WEIGHTS)),
                        dir.toString());
        LoraBase base =
                LoraBase.fromJson(
                        json(files.get(LoraBase.FILE), dir.resolve(LoraBase.FILE)),
                        dir.resolve(LoraBase.FILE).toString());
        base.verify(dir.toString());
        return new LoraParts(config, adapters.lora(), adapters.tensors(), base, null);
    }

    /** Whether {@code dir} is a checkpoint of LoRA adapters (its weights live in a base folder). */
    public static boolean holdsAdapters(Path dir) {
        return Files.isRegularFile(dir.resolve(PeftAdapter.WEIGHTS));
    }

    /** Reads the manifest and every file it lists, checking sizes and SHA-256 digests. */
    private static Map<String, byte[]> verifiedFiles(Path dir) throws CheckpointException {
        Path manifestPath = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifestPath)) {
            throw new CheckpointException(
                    "The folder "
                            + dir
                            + " is not a complete checkpoint: "
                            + MANIFEST
                            + " is missing.");
        }
        Map<String, Object> manifest = json(readAll(manifestPath), manifestPath);
        if (!FORMAT.equals(manifest.get("format"))
                || !(manifest.get("files") instanceof Map<?, ?> listing)) {
            throw new CheckpointException(
                    "The manifest " + manifestPath + " is not a " + FORMAT + " manifest.");
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : listing.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
                throw new CheckpointException(
                        "The manifest "
                                + manifestPath
                                + " lists an invalid file name \""
                                + name
                                + "\".");
            }
            Path file = dir.resolve(name);
            if (!(e.getValue() instanceof Map<?, ?> info)
                    || !(info.get("bytes") instanceof Number size)
                    || !(info.get("sha256") instanceof String digest)) {
                throw new CheckpointException(
                        "The manifest "
                                + manifestPath
                                + " has no size and digest for "
                                + name
                                + ".");
            }
            if (!Files.isRegularFile(file)) {
                throw new CheckpointException("The checkpoint file " + file + " is missing.");
            }
            long length;
            String actual;
            byte[] bytes = null;
            try {
                length = Files.size(file);
                if (length == size.longValue() && name.endsWith(".safetensors")) {
                    actual = sha256(file);
                } else if (length == size.longValue()) {
                    bytes = readAll(file);
                    actual = sha256(bytes);
                } else {
                    actual = "";
                }
            } catch (IOException ex) {
                throw new CheckpointException(
                        "The checkpoint file " + file + " cannot be read: " + ex.getMessage(), ex);
            }
            if (length != size.longValue()) {
                throw new CheckpointException(
                        "The checkpoint file "
                                + file
                                + " has "
                                + length
                                + " bytes but "
                                + size
                                + " were written; it is truncated or was modified.");
            }
            if (!actual.equals(digest)) {
                throw new CheckpointException(
                        "The checkpoint file "
                                + file
                                + " does not match its SHA-256 digest in "
                                + MANIFEST
                                + "; it is corrupt.");
            }
            // weight files are listed with no bytes: they are read as they are used
            files.put(name, bytes == null ? new byte[0] : bytes);
        }
        for (String required :
                new String[] {
                    files.containsKey(PeftAdapter.WEIGHTS)
                            ? PeftAdapter.WEIGHTS
                            : files.containsKey(HfCheckpoint.INDEX) ? HfCheckpoint.INDEX : MODEL,
                    CONFIG,
                    TOKENIZER
                }) {
            if (!files.containsKey(required)) {
                throw new CheckpointException(
                        "The manifest "
                                + manifestPath
                                + " does not list the required file "
                                + required
                                + ".");
            }
        }
        return files;
    }

    private static Map<String, Object> json(byte[] bytes, Path source) throws CheckpointException {
        try {
            return JSON.readValue(bytes, new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (IOException e) {
            throw new CheckpointException(
                    "The file " + source + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    private static byte[] readAll(Path file) throws CheckpointException {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new CheckpointException(
                    "The checkpoint file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Writes a new file and forces it to disk. */
    static SafeTensorsWriter.Written writeForced(Path file, byte[] bytes) throws IOException {
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        return new SafeTensorsWriter.Written(bytes.length, sha256(bytes));
    }

    /** The SHA-256 of a file, read in 1 MiB pieces. */
    static String sha256(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM.", e);
        }
        byte[] buf = new byte[1 << 20];
        try (java.io.InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM.", e);
        }
    }

    /**
     * The error of weights in {@code dir} that do not fit its configuration ({@code e}, thrown
     * while reading them): a non-finite value is named as such.
     */
    static CheckpointException unfit(Path dir, IllegalArgumentException e) {
        if (e.getCause() instanceof FiniteValues.NonFinite nonFinite) {
            return new CheckpointException(nonFinite.getMessage(), e);
        }
        return new CheckpointException(
                "The weights of "
                        + dir
                        + " do not fit "
                        + dir.resolve(CONFIG)
                        + ": "
                        + e.getMessage(),
                e);
    }
}
