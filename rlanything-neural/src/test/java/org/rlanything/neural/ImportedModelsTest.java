package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Action;
import org.rlanything.core.PolicyContext;
import org.rlanything.neural.provider.ImportedModels;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * {@link ImportedModels}: both roles start from the folders their {@code init} keys name, with LoRA
 * where a section asks for it; a missing {@code init}, a missing folder or a window longer than the
 * model's positions is an error naming the key.
 */
class ImportedModelsTest {

    @TempDir Path dir;

    private final ImportedModels models =
            new ImportedModels(
                    "test-setting", GenericPromptFormat.defaults(), ChatForm.HOUSEHOLD, 3);

    private Path saved() throws Exception {
        Path folder = dir.resolve("model");
        try (NeuralModel model = NeuralPolicyTest.smallModel(NeuralPolicyTest.TRAINER)) {
            model.save(folder, Map.of());
        }
        return folder;
    }

    private static NeuralPolicyConfig policy(String init, int maxPrompt, int maxTokens) {
        return NeuralPolicyConfig.builder()
                .maxPromptTokens(maxPrompt)
                .init(init)
                .maxTokens(maxTokens)
                .build();
    }

    @Test
    void startsBothRolesFromTheirFoldersWithLoraWhereAsked() throws Exception {
        Path folder = saved();
        try (CheckpointedPolicy policy =
                        (CheckpointedPolicy) models.policy(policy(folder.toString(), 100, 16));
                CheckpointedRewardModel judge =
                        (CheckpointedRewardModel)
                                models.rewardModel(
                                        NeuralRewardModelConfig.builder()
                                                .maxTokens(8)
                                                .init(folder.toString())
                                                .loraRank(2)
                                                .build())) {
            assertNull(policy.model().loraBase(), "the policy trains every weight");
            assertNotNull(judge.model().loraBase(), "the judge trains rank-2 adapters");
            List<String> commands = List.of("go to fridge 1", "open drawer 2");
            Action action =
                    policy.act(
                                    List.of(
                                            new PolicyContext(
                                                    AdapterFixtures.TASK,
                                                    List.of(),
                                                    "You are in a room.",
                                                    commands)),
                                    List.of(new SplittableRandom(1)))
                            .get(0);
            assertTrue(commands.contains(action.command()), action.command());
        }
    }

    @Test
    void namesTheKeyWhenInitIsMissingOrDoesNotFit() throws Exception {
        IllegalArgumentException noInit =
                assertThrows(
                        IllegalArgumentException.class, () -> models.policy(policy(null, 100, 16)));
        assertTrue(noInit.getMessage().startsWith("policy.init: environment.kind test-setting"));
        IllegalArgumentException noJudge =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> models.rewardModel(NeuralRewardModelConfig.DEFAULTS));
        assertTrue(noJudge.getMessage().startsWith("reward_model.init:"), noJudge.getMessage());
        IllegalArgumentException absent =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> models.policy(policy(dir.resolve("absent").toString(), 100, 16)));
        assertTrue(absent.getMessage().contains("is not a folder"), absent.getMessage());
        Path folder = saved();
        IllegalArgumentException tooLong =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> models.policy(policy(folder.toString(), 150, 16)));
        assertTrue(
                tooLong.getMessage()
                        .startsWith("policy.max_prompt_tokens + policy.max_tokens (150 + 16)"),
                tooLong.getMessage());
    }
}
