package org.rlanything.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.TrainingSequence;

class BehaviourCloningTest {

    @Test
    void cloningRaisesTheLikelihoodOfTheDemonstratorsCommandsOnHeldOutStates() {
        List<AlfworldTask> games = AgentFixtures.training();
        PretrainSettings s = AgentFixtures.tinyPretrain(3).toBuilder().bcSteps(40).build();
        SearchingExpert.Prior prior = SearchingExpert.Prior.of(games);
        PlannerDemonstrations train =
                PlannerDemonstrations.collect(games.subList(0, 8), prior, 0.3, 12, 1);
        PlannerDemonstrations held =
                PlannerDemonstrations.collect(games.subList(8, 12), prior, 0.0, 12, 2);
        BpeTokenizer tokenizer = AgentCorpus.tokenizer(train, s.format(), s.vocabSize());
        try (NeuralModel model =
                NeuralModel.create(
                        s.modelConfig(s.vocabSize(), 11L),
                        tokenizer,
                        Pretrainer.trainerConfig(s))) {
            List<TrainingSequence> heldOut = Pretrainer.policySequences(model, held, s.format());
            double before = mean(model.supervised().meanTokenLogLikelihood(heldOut));
            Pretrainer.cloneBehaviour(model, train, s, line -> {});
            double after = mean(model.supervised().meanTokenLogLikelihood(heldOut));
            assertTrue(
                    after > before + 0.5, "mean token log-likelihood " + before + " -> " + after);
        }
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x / v.length;
        }
        return s;
    }
}
