package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.WeightsTransfer.VersionedWeights;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * A model's weights leave as versioned bytes and come back into another model with identical
 * scores.
 */
class WeightsTransferTest {

    private static NeuralModel model(long initSeed) {
        BpeTokenizer tokenizer = BpeTokenizer.train(AdapterFixtures.CORPUS, 300);
        return NeuralModel.create(
                new ModelConfig(tokenizer.vocabSize(), 32, 64, 2, 2, 160, 10000.0, 1e-6, initSeed),
                tokenizer,
                NeuralPolicyTest.TRAINER);
    }

    private static double[] scores(NeuralModel m) {
        int[] prompt = m.encodePrompt("You arrive at fridge 1.").tokens();
        return m
                .scoreCandidates(
                        List.of(prompt),
                        List.of(
                                List.of(
                                        m.encodeResponse("open fridge 1"),
                                        m.encodeResponse("go to fridge 1"))))
                .get(0)
                .stream()
                .mapToDouble(a -> java.util.Arrays.stream(a).sum())
                .toArray();
    }

    @Test
    void exportedWeightsImportIntoAnotherModelWithIdenticalLogProbabilities() {
        try (NeuralModel source = model(21);
                NeuralModel target = model(22)) {
            double[] expected = scores(source);
            assertFalse(
                    java.util.Arrays.equals(expected, scores(target)),
                    "two initialisations differ");
            VersionedWeights weights = source.exportWeights();
            assertEquals(NeuralModel.WEIGHTS_FORMAT, weights.format());
            target.importWeights(weights);
            assertArrayEquals(expected, scores(target));
            assertEquals(weights, target.exportWeights(), "byte for byte");
        }
    }

    @Test
    void weightsOfAnotherFormatOrShapeAreRefusedAndChangeNothing() {
        try (NeuralModel target = model(22);
                NeuralModel wide =
                        NeuralModel.create(
                                new ModelConfig(
                                        target.tokenizer().vocabSize(),
                                        48,
                                        64,
                                        2,
                                        2,
                                        160,
                                        10000.0,
                                        1e-6,
                                        21L),
                                target.tokenizer(),
                                NeuralPolicyTest.TRAINER)) {
            double[] before = scores(target);
            VersionedWeights own = target.exportWeights();
            IllegalArgumentException format =
                    assertThrows(
                            IllegalArgumentException.class,
                            () ->
                                    target.importWeights(
                                            new VersionedWeights("safetensors", 2, own.bytes())));
            assertEquals(
                    "Expected weights in format safetensors version 1, got safetensors version 2.",
                    format.getMessage());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> target.importWeights(wide.exportWeights()));
            assertArrayEquals(before, scores(target));
        }
    }
}
