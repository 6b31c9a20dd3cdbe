package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralPolicyProvider;
import org.rlanything.neural.provider.NeuralRewardModelConfig;
import org.rlanything.neural.provider.NeuralRewardModelProvider;

/**
 * The neural kinds in an environment that offers no neural models of its own (as MiniWoB++): a
 * section with {@code init} starts from that folder (the household chat form, as the {@code openai}
 * kinds serve such an environment); a section without it gets the generic starting models.
 */
class EnvironmentModelsTest {

    @TempDir Path dir;

    /** An environment with tasks, a codec and a rewriter, and no hooks. */
    private static final EnvironmentParts BARE =
            new EnvironmentParts(
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

    private static RunContext context(NeuralPolicyConfig policy, NeuralRewardModelConfig judge) {
        return new RunContext(
                5,
                AlgorithmConfig.defaults(),
                0,
                null,
                policy,
                judge,
                line -> {},
                new LockstepRollouts(),
                0);
    }

    @Test
    void initFoldersServeAnEnvironmentWithoutItsOwnModels() throws Exception {
        Path folder = dir.resolve("model");
        try (NeuralModel model = NeuralPolicyTest.smallModel(NeuralPolicyTest.TRAINER)) {
            model.save(folder, Map.of());
        }
        NeuralPolicyConfig policy =
                NeuralPolicyConfig.builder()
                        .maxPromptTokens(100)
                        .init(folder.toString())
                        .maxTokens(16)
                        .build();
        NeuralRewardModelConfig judge =
                NeuralRewardModelConfig.builder()
                        .maxTokens(8)
                        .init(folder.toString())
                        .loraRank(2)
                        .build();
        RunContext context = context(policy, judge);
        try (CheckpointedPolicy p =
                        assertInstanceOf(
                                CheckpointedPolicy.class,
                                new NeuralPolicyProvider().create(policy, context, BARE));
                CheckpointedRewardModel j =
                        assertInstanceOf(
                                CheckpointedRewardModel.class,
                                new NeuralRewardModelProvider().create(judge, context, BARE))) {
            assertNotNull(j.model().loraBase(), "the judge's section asked for LoRA adapters");
        }
    }

    @Test
    void withoutInitTheGenericModelsServeFromScratch() throws Exception {
        // BARE offers no models, no demonstrator, no tasks: both kinds start from the generic
        // starting models, made once for the run (random weights: nothing to clone or judge)
        List<String> log = new java.util.ArrayList<>();
        RunContext context =
                new RunContext(
                        5,
                        AlgorithmConfig.defaults(),
                        0,
                        null,
                        NeuralPolicyConfig.DEFAULTS,
                        NeuralRewardModelConfig.DEFAULTS,
                        log::add,
                        new LockstepRollouts(),
                        0);
        try (CheckpointedPolicy p =
                        assertInstanceOf(
                                CheckpointedPolicy.class,
                                new NeuralPolicyProvider()
                                        .create(NeuralPolicyConfig.DEFAULTS, context, BARE));
                CheckpointedRewardModel j =
                        assertInstanceOf(
                                CheckpointedRewardModel.class,
                                new NeuralRewardModelProvider()
                                        .create(NeuralRewardModelConfig.DEFAULTS, context, BARE))) {
            assertEquals(
                    p.model().tokenizer().vocabSize(),
                    j.model().tokenizer().vocabSize(),
                    "one tokenizer for both");
        }
        assertEquals(
                1,
                log.stream()
                        .filter(l -> l.contains("policy from scratch, judge from scratch"))
                        .count(),
                "made once, from scratch: " + log);
    }
}
