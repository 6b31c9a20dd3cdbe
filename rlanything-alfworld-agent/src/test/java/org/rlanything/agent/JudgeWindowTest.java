package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.BadInputException;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * A judge model with fewer positions than the policy's view plus a verdict is refused before it is
 * loaded, naming the keys and the figure to give (it was an internal "maxPromptTokens +
 * maxResponseTokens" message after loading the policy).
 */
class JudgeWindowTest {

    @TempDir Path dir;

    @Test
    void aJudgeWindowSmallerThanThePolicysViewIsRefusedNamingTheKeys() throws Exception {
        // a config.json alone: the check reads the positions before any weights
        Files.writeString(dir.resolve("config.json"), "{\"max_position_embeddings\": 1024}");
        AlfworldNeuralModels models = new AlfworldNeuralModels(null, 7, null, 1024, line -> {});
        NeuralRewardModelConfig judge =
                NeuralRewardModelConfig.builder().init(dir.toString()).build();
        BadInputException e =
                assertThrows(BadInputException.class, () -> models.rewardModel(judge));
        assertEquals(
                "reward_model: the judge reads the policy's view (policy.max_prompt_tokens 1024)"
                        + " plus its 24 reply tokens, more than the 1024 positions of the judge in "
                        + dir
                        + "; give policy.max_prompt_tokens at most 1000 or a judge model with more"
                        + " positions.",
                e.getMessage());
    }
}
