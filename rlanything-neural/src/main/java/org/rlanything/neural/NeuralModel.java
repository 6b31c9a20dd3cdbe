package org.rlanything.neural;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.WeightsTransfer;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.LoraBase;
import org.rlanything.neural.infer.CandidateScorer;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.Generator;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.io.CheckpointException;
import org.rlanything.neural.io.SafeTensors;
import org.rlanything.neural.io.TensorData;
import org.rlanything.neural.model.Autograd;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.model.Parallel;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.tokenizer.TextTokenizer;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.PpoTrainer;
import org.rlanything.neural.train.SupervisedTrainer;
import org.rlanything.neural.train.TrainingSequence;

/**
 * A trainable language model with its tokenizer and trainer: what {@link NeuralPolicy} and {@link
 * NeuralRewardModel} are built on. Encodes prompts (with {@code <bos>}, cut to their tail when
 * longer than the trainer's prompt limit), samples in batches bounded by the trainer's
 * tokens-per-pass budget, scores admissible commands, trains, and saves or loads checkpoints. Owns
 * its native memory: close it when done. Not thread-safe: call it from one thread at a time; it
 * spreads its own work over the native threads ({@link Parallel}), with results that do not depend
 * on their number.
 */
public final class NeuralModel implements AutoCloseable, WeightsTransfer {

    private final NDManager manager;
    private final LlamaModel model;
    private final TextTokenizer tokenizer;
    private final PpoTrainer trainer;
    private SupervisedTrainer supervised;
    private LoraBase loraBase;

    private NeuralModel(
            NDManager manager,
            LlamaModel model,
            TextTokenizer tokenizer,
            PpoSettings trainerConfig) {
        this.manager = manager;
        this.model = model;
        this.tokenizer = tokenizer;
        this.trainer = new PpoTrainer(model, trainerConfig);
        if (trainerConfig.halfPrecisionBase() && model.weights().lora() != null) {
            model.weights().halveFrozen(); // a LoRA checkpoint loaded to resume or start from
        }
        if (tokenizer.vocabSize() > model.config().vocabSize()) {
            throw new org.rlanything.core.BadInputException(
                    "The tokenizer has "
                            + tokenizer.vocabSize()
                            + " ids but the model only "
                            + model.config().vocabSize()
                            + ".");
        }
        int longest = trainerConfig.maxPromptTokens() + trainerConfig.maxResponseTokens();
        if (longest > model.config().maxPositions()) {
            throw new org.rlanything.core.BadInputException(
                    "maxPromptTokens + maxResponseTokens ("
                            + longest
                            + ") exceeds the model's "
                            + model.config().maxPositions()
                            + " positions.");
        }
    }

    /** A freshly initialised model (float32) for {@code tokenizer}. */
    public static NeuralModel create(
            ModelConfig config, TextTokenizer tokenizer, PpoSettings trainerConfig) {
        NDManager manager = NeuralRuntime.engine().newBaseManager();
        try {
            LlamaModel model =
                    new LlamaModel(ModelWeights.initialise(config, DataType.FLOAT32, manager));
            return new NeuralModel(manager, model, tokenizer, trainerConfig);
        } catch (RuntimeException e) {
            manager.close();
            throw e;
        }
    }

    /** A fresh model of the default size with a tokenizer learned from {@code corpus}. */
    public static NeuralModel fromCorpus(
            List<String> corpus, int vocabSize, PpoSettings trainerConfig) {
        BpeTokenizer tokenizer = BpeTokenizer.train(corpus, vocabSize);
        return create(ModelConfig.defaults(vocabSize), tokenizer, trainerConfig);
    }

    /**
     * Loads a checkpoint; with {@code resume}, also restores optimizer moments and counters (exact
     * resume). {@code trainerConfig} governs training from here on.
     */
    public static NeuralModel load(Path dir, PpoSettings trainerConfig, boolean resume)
            throws CheckpointException {
        NDManager manager = NeuralRuntime.engine().newBaseManager();
        try {
            Checkpoint.Loaded loaded =
                    Checkpoint.load(
                            dir, manager, DataType.FLOAT32, trainerConfig.halfPrecisionBase());
            NeuralModel m =
                    new NeuralModel(manager, loaded.model(), loaded.tokenizer(), trainerConfig);
            m.loraBase = loaded.loraBase();
            if (resume) {
                if (loaded.trainer() == null) {
                    throw new CheckpointException(
                            "The checkpoint " + dir + " holds no trainer state to resume from.");
                }
                loaded.trainer().restoreInto(m.trainer);
            }
            return m;
        } catch (CheckpointException | RuntimeException e) {
            manager.close();
            throw e;
        }
    }

    /**
     * The model in a folder, to start training from (no trainer state is restored): a checkpoint, a
     * folder written by {@code model import}, or a Hugging Face folder (Llama 3, Qwen2/2.5, Qwen3)
     * with its own tokenizer.
     */
    public static NeuralModel loadFolder(Path dir, PpoSettings trainerConfig)
            throws CheckpointException {
        NDManager manager = NeuralRuntime.engine().newBaseManager();
        try {
            Checkpoint.Loaded loaded =
                    Checkpoint.loadFolder(
                            dir, manager, DataType.FLOAT32, trainerConfig.halfPrecisionBase());
            NeuralModel m =
                    new NeuralModel(manager, loaded.model(), loaded.tokenizer(), trainerConfig);
            m.loraBase = loaded.loraBase();
            return m;
        } catch (CheckpointException | RuntimeException e) {
            manager.close();
            throw e;
        }
    }

    /**
     * Freezes the model and trains LoRA adapters of {@code lora}'s size from here on (fresh
     * optimizer moments, over the adapters only); {@code base} is the folder the frozen weights
     * came from, which checkpoints name instead of holding those weights.
     */
    public void enableLora(ModelWeights.Lora lora, long seed, LoraBase base) {
        model.weights().addLora(lora, seed);
        if (trainer.config().halfPrecisionBase()) {
            model.weights().halveFrozen();
        }
        trainer.optimizer().reset();
        supervised = null;
        loraBase = base;
    }

    /** The base a LoRA model adapts, or null without LoRA. */
    public LoraBase loraBase() {
        return loraBase;
    }

    /**
     * Saves weights (a LoRA model: its adapters and the name of its base), config, tokenizer and
     * the trainer's resumable state; {@code extras} go along.
     */
    public void save(Path dir, Map<String, Object> extras) throws IOException {
        Checkpoint.save(dir, model, tokenizer, trainer, extras, loraBase);
    }

    /**
     * A prompt in tokens: the tokenizer's prompt prefix ({@code <bos>} for the project's tokenizer,
     * Llama's {@code <|begin_of_text|>}, nothing for Qwen) + text, cut to its last tokens when over
     * the limit.
     */
    public record Prompt(int[] tokens, boolean truncated) {}

    public Prompt encodePrompt(String text) {
        return limited(tokenizer.specials().promptPrefix(), tokenizer.encode(text));
    }

    /**
     * A prompt rendered by the model's chat template: its text already holds every special token
     * (the template writes {@code bos_token} where the model wants it), so nothing is added, as in
     * Hugging Face's {@code apply_chat_template}. Cut to its last tokens when over the limit.
     */
    public Prompt encodeChatPrompt(String rendered) {
        return limited(new int[0], tokenizer.encode(rendered));
    }

    /** The full prompt tokens of {@code text} (prefix + text), never cut. */
    public int[] promptTokens(String text) {
        int[] prefix = tokenizer.specials().promptPrefix();
        int[] ids = tokenizer.encode(text);
        int[] out = Arrays.copyOf(prefix, prefix.length + ids.length);
        System.arraycopy(ids, 0, out, prefix.length, ids.length);
        return out;
    }

    private Prompt limited(int[] prefix, int[] ids) {
        int limit = trainer.config().maxPromptTokens();
        int keep = Math.max(0, limit - prefix.length);
        boolean truncated = ids.length > keep;
        int[] tail = truncated ? Arrays.copyOfRange(ids, ids.length - keep, ids.length) : ids;
        int[] out = Arrays.copyOf(prefix, prefix.length + tail.length);
        System.arraycopy(tail, 0, out, prefix.length, tail.length);
        return new Prompt(out, truncated);
    }

    /**
     * The tokens of a response text followed by the tokenizer's end-of-response id ({@code <eos>},
     * or a chat model's end-of-turn token).
     */
    public int[] encodeResponse(String text) {
        int[] ids = tokenizer.encode(text);
        int[] out = Arrays.copyOf(ids, ids.length + 1);
        out[ids.length] = tokenizer.specials().endOfResponse();
        return out;
    }

    /** Text of response tokens, without the end token. */
    public String decode(int[] tokens) {
        return tokenizer.decode(tokens);
    }

    /** Samples one response per prompt, in batches within the per-pass token budget. */
    public List<Generation> generate(
            List<int[]> prompts, List<RandomGenerator> rngs, SamplingConfig sampling) {
        return generate(prompts, 1, rngs, sampling);
    }

    /**
     * {@code copies} samples per prompt, each prompt encoded once; {@code rngs.get(i * copies + c)}
     * drives copy c of prompt i, and the result is in that order.
     */
    public List<Generation> generate(
            List<int[]> prompts, int copies, List<RandomGenerator> rngs, SamplingConfig sampling) {
        Autograd.off();
        Generator generator = new Generator(model, tokenizer.specials());
        int[] order = byLength(prompts);
        List<int[]> sorted = new ArrayList<>(prompts.size());
        List<RandomGenerator> sortedRngs = new ArrayList<>(rngs.size());
        for (int i : order) {
            sorted.add(prompts.get(i));
            sortedRngs.addAll(rngs.subList(i * copies, (i + 1) * copies));
        }
        // chunks are independent (each row draws from its own generator): they run on the native
        // threads
        List<Generation> flat = new ArrayList<>(rngs.size());
        for (List<Generation> chunk :
                Parallel.map(
                        chunks(sorted, sampling.maxNewTokens()),
                        range ->
                                generator.generate(
                                        sorted.subList(range[0], range[1]),
                                        copies,
                                        sortedRngs.subList(range[0] * copies, range[1] * copies),
                                        sampling))) {
            flat.addAll(chunk);
        }
        Generation[] out = new Generation[flat.size()];
        for (int k = 0; k < order.length; k++) {
            for (int c = 0; c < copies; c++) {
                out[order[k] * copies + c] = flat.get(k * copies + c);
            }
        }
        return new ArrayList<>(Arrays.asList(out));
    }

    /**
     * Per-token log-probabilities of each candidate after its prompt, prompts encoded once each.
     */
    public List<List<double[]>> scoreCandidates(List<int[]> prompts, List<List<int[]>> candidates) {
        Autograd.off();
        CandidateScorer scorer = new CandidateScorer(model);
        int longest = 1;
        for (List<int[]> c : candidates) {
            for (int[] t : c) {
                longest = Math.max(longest, t.length);
            }
        }
        int[] order = byLength(prompts);
        List<int[]> sorted = new ArrayList<>(prompts.size());
        List<List<int[]>> sortedCandidates = new ArrayList<>(prompts.size());
        for (int i : order) {
            sorted.add(prompts.get(i));
            sortedCandidates.add(candidates.get(i));
        }
        List<List<double[]>> flat = new ArrayList<>(prompts.size());
        for (List<List<double[]>> chunk :
                Parallel.map(
                        chunks(sorted, longest),
                        range ->
                                scorer.score(
                                        sorted.subList(range[0], range[1]),
                                        sortedCandidates.subList(range[0], range[1])))) {
            flat.addAll(chunk);
        }
        List<List<double[]>> out =
                new ArrayList<>(java.util.Collections.nCopies(prompts.size(), null));
        for (int k = 0; k < order.length; k++) {
            out.set(order[k], flat.get(k));
        }
        return out;
    }

    /**
     * Prompt indices ordered by length (stably): a chunk then holds prompts of similar length, so
     * little of it is padding. Each row's result does not depend on which chunk it is in, beyond
     * floating-point rounding.
     */
    private static int[] byLength(List<int[]> prompts) {
        return java.util.stream.IntStream.range(0, prompts.size())
                .boxed()
                .sorted(java.util.Comparator.comparingInt(i -> prompts.get(i).length))
                .mapToInt(Integer::intValue)
                .toArray();
    }

    /** One PPO update (method.md §3). */
    public UpdateStats train(List<? extends PpoSample> samples, RandomGenerator rng) {
        return trainer.update(samples, rng);
    }

    /**
     * The supervised (cross-entropy) trainer of this model, created on first use with the trainer
     * config's gradient-norm clip and per-pass token budget; its AdamW moments persist across steps
     * and are separate from the RL trainer's. For behaviour cloning and warm starts.
     */
    public SupervisedTrainer supervised() {
        if (supervised == null) {
            supervised =
                    new SupervisedTrainer(
                            model,
                            trainer.config().maxGradNorm(),
                            trainer.config().maxTokensPerForward());
        }
        return supervised;
    }

    /** One supervised step on {@code batch} (see {@link SupervisedTrainer#step}). */
    public SupervisedTrainer.StepResult trainSupervised(
            List<TrainingSequence> batch, double learningRate) {
        return supervised().step(batch, learningRate);
    }

    /**
     * Consecutive ranges of prompts whose padded width (prompt plus {@code extra}) times their
     * number fits the per-pass budget. Copies of a prompt do not count: the prompt pass feeds each
     * distinct prompt once, and their later one-token passes are small beside it.
     */
    private List<int[]> chunks(List<int[]> prompts, int extra) {
        int budget = trainer.config().maxTokensPerForward();
        List<int[]> out = new ArrayList<>();
        int start = 0;
        int longest = 0;
        for (int i = 0; i < prompts.size(); i++) {
            int width = Math.max(longest, prompts.get(i).length + extra);
            if (i > start && (long) width * (i - start + 1) > budget) {
                out.add(new int[] {start, i});
                start = i;
                width = prompts.get(i).length + extra;
            }
            longest = width;
        }
        if (start < prompts.size()) {
            out.add(new int[] {start, prompts.size()});
        }
        return out;
    }

    public LlamaModel model() {
        return model;
    }

    public TextTokenizer tokenizer() {
        return tokenizer;
    }

    public PpoTrainer trainer() {
        return trainer;
    }

    /**
     * The format of {@link #exportWeights()}: the weights as a safetensors file, in their own
     * dtype.
     */
    public static final String WEIGHTS_FORMAT = "safetensors";

    /** The version of {@link #WEIGHTS_FORMAT} this class writes and reads. */
    public static final int WEIGHTS_VERSION = 1;

    /** The weights only (no tokenizer, no optimizer state), as safetensors bytes. */
    @Override
    public VersionedWeights exportWeights() {
        Map<String, TensorData> trainable = new java.util.LinkedHashMap<>();
        model.weights()
                .trainable()
                .forEach((name, a) -> trainable.put(name, ModelWeights.tensorOf(a)));
        return new VersionedWeights(
                WEIGHTS_FORMAT,
                WEIGHTS_VERSION,
                SafeTensors.toBytes(trainable, Map.of("format", "pt")));
    }

    /**
     * Copies exported weights into this model's parameters in place (the optimizer keeps its
     * moments); every tensor's name and shape must match this model's, checked before any is
     * changed.
     */
    @Override
    public void importWeights(VersionedWeights weights) {
        weights.require(WEIGHTS_FORMAT, WEIGHTS_VERSION);
        Map<String, TensorData> tensors;
        try {
            tensors = SafeTensors.parse(weights.bytes(), "the imported weights").tensors();
        } catch (CheckpointException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Map<String, ai.djl.ndarray.NDArray> targets = model.weights().trainable();
        if (!tensors.keySet().equals(targets.keySet())) {
            throw new IllegalArgumentException(
                    "The imported weights hold tensors "
                            + new java.util.TreeSet<>(tensors.keySet())
                            + ", this model "
                            + new java.util.TreeSet<>(targets.keySet())
                            + ".");
        }
        for (String name : targets.keySet()) {
            TensorData t = tensors.get(name);
            if (!Arrays.equals(t.shape(), targets.get(name).getShape().getShape())
                    || !(t.dtype().equals("F32") || t.dtype().equals("F64"))) {
                throw new IllegalArgumentException(
                        "The imported tensor \""
                                + name
                                + "\" is "
                                + t.dtype()
                                + " "
                                + Arrays.toString(t.shape())
                                + "; this model needs F32 or F64 "
                                + Arrays.toString(targets.get(name).getShape().getShape())
                                + ".");
            }
        }
        for (String name : targets.keySet()) {
            TensorData t = tensors.get(name);
            ai.djl.ndarray.NDArray target = targets.get(name);
            if (target.getDataType() == DataType.FLOAT64) {
                target.set(
                        java.nio.DoubleBuffer.wrap(
                                t.dtype().equals("F64") ? t.toDoubles() : toDoubles(t.toFloats())));
            } else {
                target.set(
                        java.nio.FloatBuffer.wrap(
                                t.dtype().equals("F32") ? t.toFloats() : toFloats(t.toDoubles())));
            }
        }
    }

    private static double[] toDoubles(float[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    private static float[] toFloats(double[] values) {
        float[] out = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (float) values[i];
        }
        return out;
    }

    @Override
    public void close() {
        model.close();
        manager.close();
        tokenizer.close();
    }
}
