package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.core.JudgeRequest;
import org.rlanything.neural.NeuralRewardModel;
import org.rlanything.neural.infer.SamplingConfig;

/**
 * Starting models made from a corpus too small to learn the requested vocabulary still judge and
 * decode.
 */
class SmallCorpusTest {

    @Test
    void theModelsVocabularyIsTheTokenizersWhenTheCorpusIsSmall() {
        PretrainSettings s =
                AgentFixtures.tinyPretrain(7).toBuilder()
                        .trainGames(2)
                        .vocabSize(4000)
                        .hiddenSize(32)
                        .layers(1)
                        .heads(2)
                        .intermediateSize(48)
                        .build();
        try (Pretrainer.StartingModels started =
                Pretrainer.run(s, AgentFixtures.games(), line -> {})) {
            int learned = started.rewardModel().tokenizer().vocabSize();
            assertTrue(learned < 4000, "two games do not hold 4000 ids: " + learned);
            assertEquals(learned, started.rewardModel().model().config().vocabSize());
            assertEquals(learned, started.policy().model().config().vocabSize());
            var demos =
                    PlannerDemonstrations.collect(
                                    AgentFixtures.training().subList(0, 1),
                                    SearchingExpert.Prior.of(AgentFixtures.training()),
                                    0.0,
                                    10,
                                    1L)
                            .trajectories();
            List<JudgeRequest> requests = new ArrayList<>();
            List<RandomGenerator> rngs = new ArrayList<>();
            for (int i = 0; i < demos.get(0).length(); i++) {
                requests.add(new JudgeRequest(demos.get(0), i));
                rngs.add(new SplittableRandom(i));
            }
            // Sampling at a high temperature reaches every id the model has; each must decode.
            new NeuralRewardModel(
                            started.rewardModel(), s.format(), new SamplingConfig(5.0, 1.0, 8))
                    .judge(requests, 3, rngs);
        }
    }
}
