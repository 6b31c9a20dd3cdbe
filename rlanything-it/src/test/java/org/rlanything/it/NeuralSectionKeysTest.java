package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.types.DataType;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rlanything.agent.AlfworldNeuralModels;
import org.rlanything.agent.PretrainSettings;
import org.rlanything.agent.StartingModelsFolder;
import org.rlanything.coding.neural.MiniLessons;
import org.rlanything.coding.neural.MiniNeuralModels;
import org.rlanything.coding.neural.MiniStartingModels;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.RewardModel;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.checkpoint.ModelPairFolder;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralPolicyProvider;
import org.rlanything.neural.provider.NeuralRewardModelConfig;
import org.rlanything.neural.provider.NeuralRewardModelProvider;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.neural.train.PpoTrainer;

/**
 * The trainable keys of a neural section take effect on every neural path: each way the neural
 * kinds get their models (ALFWorld's models from its starting models and from {@code init},
 * coding-mini's starting models, an imported model for a setting without models of its own, and the
 * generic starting models) builds the policy and the judge from a section with one key changed, and
 * the model it returns trains differently: its trainer holds the changed learning rate, per-pass
 * limit and layer recompute, and with {@code kl_to_start} it took a reference model. {@code
 * base_dtype: f16} holds the frozen projections in float16 where LoRA applies (a section with
 * {@code init}) and is refused, naming {@code lora_rank} and {@code init}, where it cannot (the
 * starting models). The paths are checked against the classes that implement {@link NeuralModels}
 * (less those that only hand the sections on to another), so that a new path fails here until it is
 * listed.
 */
class NeuralSectionKeysTest {

    private static final long SEED = 11;

    /** A section's keys that train the model, one changed at a time (null: the default). */
    enum Key {
        NONE,
        LEARNING_RATE,
        MAX_TOKENS_PER_FORWARD,
        KL_TO_START,
        RECOMPUTE_LAYERS,
        BASE_DTYPE;

        NeuralPolicyConfig policy(String init) {
            return new NeuralPolicyConfig(
                    this == LEARNING_RATE ? 2e-5 : null,
                    null,
                    null,
                    100,
                    this == MAX_TOKENS_PER_FORWARD ? 1024 : null,
                    init,
                    this == BASE_DTYPE ? 2 : null,
                    null,
                    16,
                    null,
                    this == KL_TO_START ? 0.05 : null,
                    null,
                    this == RECOMPUTE_LAYERS ? true : null,
                    this == BASE_DTYPE ? "f16" : null);
        }

        NeuralRewardModelConfig judge(String init) {
            return new NeuralRewardModelConfig(
                    this == LEARNING_RATE ? 2e-5 : null,
                    null,
                    null,
                    8,
                    init,
                    this == BASE_DTYPE ? 2 : null,
                    null,
                    null,
                    this == MAX_TOKENS_PER_FORWARD ? 1024 : null,
                    this == KL_TO_START ? 0.05 : null,
                    null,
                    this == RECOMPUTE_LAYERS ? true : null,
                    this == BASE_DTYPE ? "f16" : null);
        }
    }

    /** The ways the neural kinds get their models, with the class of each. */
    enum NeuralPath {
        ALFWORLD_STARTING_MODELS("AlfworldNeuralModels", false),
        ALFWORLD_INIT("AlfworldNeuralModels", true),
        CODING_MINI_STARTING_MODELS("MiniNeuralModels", false),
        IMPORTED("ImportedModels", true),
        GENERIC_STARTING_MODELS("GenericModels", false);

        final String implementation;
        final boolean init;

        NeuralPath(String implementation, boolean init) {
            this.implementation = implementation;
            this.init = init;
        }
    }

    @TempDir static Path dir;

    private static Path model;
    private static final Map<NeuralPath, Function<Key, Pair>> BUILD =
            new EnumMap<>(NeuralPath.class);

    /** A built policy and judge, closed after their checks. */
    private record Pair(Policy policy, RewardModel judge) {}

    @BeforeAll
    static void paths() throws IOException {
        model = smallModel(dir.resolve("model"));
        String init = model.toString();

        Path alfworld = dir.resolve("alfworld-start");
        Files.createDirectories(alfworld);
        copyModel(model, alfworld.resolve(ModelPairFolder.POLICY));
        copyModel(model, alfworld.resolve(ModelPairFolder.REWARD_MODEL));
        Files.writeString(
                alfworld.resolve(StartingModelsFolder.FORMAT_FILE),
                PretrainSettings.defaults(SEED).format().layout() + "\n",
                StandardCharsets.UTF_8);
        AlfworldNeuralModels alfworldModels =
                new AlfworldNeuralModels(null, SEED, alfworld, 100, line -> {});
        BUILD.put(
                NeuralPath.ALFWORLD_STARTING_MODELS,
                key -> both(alfworldModels, key.policy(null), key.judge(null)));
        BUILD.put(
                NeuralPath.ALFWORLD_INIT,
                key -> both(alfworldModels, key.policy(init), key.judge(init)));

        Path mini =
                MiniStartingModels.ensure(
                        dir.resolve("mini-start"), MiniLessons.tiny(SEED), line -> {});
        MiniNeuralModels miniModels = new MiniNeuralModels(mini, MiniLessons.tiny(SEED), l -> {});
        BUILD.put(
                NeuralPath.CODING_MINI_STARTING_MODELS,
                key -> both(miniModels, key.policy(null), key.judge(null)));

        // a setting without models of its own: the neural kinds' imported and generic models
        EnvironmentParts bare = bare();
        BUILD.put(NeuralPath.IMPORTED, key -> viaKinds(bare, key.policy(init), key.judge(init)));
        BUILD.put(
                NeuralPath.GENERIC_STARTING_MODELS,
                key -> viaKinds(bare, key.policy(null), key.judge(null)));
    }

    @AfterAll
    static void forget() {
        BUILD.clear();
    }

    @Test
    void theListedPathsAreEveryImplementationOfNeuralModels() {
        Set<String> implementations =
                new ClassFileImporter()
                                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                                .importPackages("org.rlanything")
                                .stream()
                                .filter(c -> !c.isInterface())
                                .filter(c -> c.isAssignableTo(NeuralModels.class))
                                // one that holds another hands the sections on (coding's hooks)
                                .filter(c -> !handsOn(c))
                                .map(JavaClass::getSimpleName)
                                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> listed = new TreeSet<>();
        for (NeuralPath path : NeuralPath.values()) {
            listed.add(path.implementation);
        }
        assertEquals(implementations, listed);
    }

    @ParameterizedTest
    @EnumSource(NeuralPath.class)
    void eachTrainableKeyChangesTheModelsEachPathBuilds(NeuralPath path) throws Exception {
        Pair defaults = BUILD.get(path).apply(Key.NONE);
        PpoSettings policyDefaults = trainer(defaults.policy()).config();
        PpoSettings judgeDefaults = trainer(defaults.judge()).config();
        assertFalse(trainer(defaults.policy()).anchored(), path + ": no anchor by default");
        close(defaults);
        for (Key key : List.of(Key.LEARNING_RATE, Key.MAX_TOKENS_PER_FORWARD, Key.KL_TO_START)) {
            Pair changed = BUILD.get(path).apply(key);
            try {
                check(path, key, policyDefaults, trainer(changed.policy()));
                check(path, key, judgeDefaults, trainer(changed.judge()));
            } finally {
                close(changed);
            }
        }
        Pair recomputed = BUILD.get(path).apply(Key.RECOMPUTE_LAYERS);
        try {
            check(path, Key.RECOMPUTE_LAYERS, policyDefaults, trainer(recomputed.policy()));
            check(path, Key.RECOMPUTE_LAYERS, judgeDefaults, trainer(recomputed.judge()));
        } finally {
            close(recomputed);
        }
        if (path.init) {
            Pair half = BUILD.get(path).apply(Key.BASE_DTYPE);
            try {
                assertHalfBase(path, half.policy());
                assertHalfBase(path, half.judge());
            } finally {
                close(half);
            }
        } else {
            RuntimeException refused =
                    assertThrows(
                            RuntimeException.class, () -> BUILD.get(path).apply(Key.BASE_DTYPE));
            Throwable cause = refused;
            while (!(cause instanceof InvalidValueException) && cause.getCause() != null) {
                cause = cause.getCause();
            }
            assertTrue(
                    cause instanceof InvalidValueException
                            && cause.getMessage().contains("lora_rank")
                            && cause.getMessage().contains("init"),
                    path
                            + ": LoRA (and so base_dtype f16) without init is refused naming both: "
                            + refused);
        }
    }

    private static boolean handsOn(JavaClass c) {
        return c.getAllFields().stream()
                .anyMatch(f -> f.getRawType().isEquivalentTo(NeuralModels.class));
    }

    /** The changed key, and only it, differs from the defaults in what the trainer does. */
    private static void check(NeuralPath path, Key key, PpoSettings defaults, PpoTrainer changed) {
        PpoSettings c = changed.config();
        String what = path + ", " + key;
        switch (key) {
            case LEARNING_RATE -> assertEquals(2e-5, c.learningRate(), what);
            case MAX_TOKENS_PER_FORWARD -> assertEquals(1024, c.maxTokensPerForward(), what);
            case KL_TO_START -> {
                assertEquals(0.05, c.klToStart(), what);
                assertTrue(changed.anchored(), what + ": the starting model is kept as reference");
            }
            case RECOMPUTE_LAYERS -> assertTrue(c.recomputeLayers(), what);
            default -> throw new IllegalArgumentException(key.name());
        }
        PpoSettings restored =
                c.toBuilder()
                        .learningRate(defaults.learningRate())
                        .maxTokensPerForward(defaults.maxTokensPerForward())
                        .klToStart(defaults.klToStart())
                        .recomputeLayers(defaults.recomputeLayers())
                        .build();
        assertEquals(defaults, restored, what + ": nothing else changed");
        assertTrue(!c.equals(defaults), what + ": the key changed the trainer");
    }

    private static void assertHalfBase(NeuralPath path, Object built) {
        NeuralModel m = modelOf(built);
        assertTrue(trainer(built).config().halfPrecisionBase(), path + ": f16 reached the trainer");
        assertEquals(
                DataType.FLOAT16,
                m.model().weights().get("model.layers.0.self_attn.q_proj.weight").getDataType(),
                path + ": the frozen projections are held in float16");
    }

    private static PpoTrainer trainer(Object built) {
        return modelOf(built).trainer();
    }

    private static NeuralModel modelOf(Object built) {
        if (built instanceof CheckpointedPolicy p) {
            return p.model();
        }
        return ((CheckpointedRewardModel) built).model();
    }

    /** Something a path makes, which may fail on input or output. */
    private interface Making<T> {
        T make() throws IOException;
    }

    /** The policy, then the judge; the policy closed when the judge fails. */
    private static Pair pair(Making<Policy> policy, Making<RewardModel> judge) {
        Policy made = null;
        try {
            made = policy.make();
            return new Pair(made, judge.make());
        } catch (IOException e) {
            closeQuietly(made);
            throw new java.io.UncheckedIOException(e);
        } catch (RuntimeException e) {
            closeQuietly(made);
            throw e;
        }
    }

    private static Pair both(NeuralModels models, NeuralPolicyConfig p, NeuralRewardModelConfig j) {
        return pair(() -> models.policy(p), () -> models.rewardModel(j));
    }

    /** The policy and the judge made by the neural kinds' providers, as a run makes them. */
    private static Pair viaKinds(
            EnvironmentParts environment, NeuralPolicyConfig p, NeuralRewardModelConfig j) {
        RunContext context =
                new RunContext(
                        SEED,
                        AlgorithmConfig.defaults(),
                        0,
                        null,
                        p,
                        j,
                        line -> {},
                        new LockstepRollouts(),
                        0);
        return pair(
                () -> new NeuralPolicyProvider().create(p, context, environment),
                () -> new NeuralRewardModelProvider().create(j, context, environment));
    }

    private static void close(Pair pair) throws Exception {
        ((AutoCloseable) pair.policy()).close();
        ((AutoCloseable) pair.judge()).close();
    }

    private static void closeQuietly(Object built) {
        if (built instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                // the test fails on the first error anyway
            }
        }
    }

    /** An environment with no hooks: no models, no demonstrator, no tasks. */
    private static EnvironmentParts bare() {
        return new EnvironmentParts(
                "bare",
                "bare",
                (task, rng) -> {
                    throw new UnsupportedOperationException("no episodes here");
                },
                List.of(),
                new TaskCodec() {
                    @Override
                    public String encode(org.rlanything.core.Task task) {
                        return task.id();
                    }

                    @Override
                    public org.rlanything.core.Task decode(String text) {
                        throw new UnsupportedOperationException();
                    }
                },
                (request, rng) -> Optional.empty(),
                null,
                null,
                null,
                ModelHooks.NONE);
    }

    /** A small model of 400 positions saved to {@code folder}. */
    private static Path smallModel(Path folder) throws IOException {
        List<String> corpus = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            corpus.add("go to countertop " + i + " take apple " + i + " from fridge, \\boxed{1}");
        }
        BpeTokenizer tokenizer = BpeTokenizer.train(corpus, 300);
        ModelConfig config =
                new ModelConfig(tokenizer.vocabSize(), 32, 64, 2, 2, 400, 10000.0, 1e-6, 21L);
        try (NeuralModel made =
                NeuralModel.create(config, tokenizer, PpoSettings.method().withLimits(128, 24))) {
            made.save(folder, Map.of());
        }
        return folder;
    }

    private static void copyModel(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
            }
        }
    }
}
