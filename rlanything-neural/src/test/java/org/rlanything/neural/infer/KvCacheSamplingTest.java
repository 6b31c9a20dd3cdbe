package org.rlanything.neural.infer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.neural.model.ModelConfig;

/** Cached sampling equals full recomputation, and batching and left padding do not change a row. */
class KvCacheSamplingTest {

    private static final ModelConfig CONFIG =
            new ModelConfig(40, 16, 24, 2, 2, 64, 10000.0, 1e-6, 9L);

    @Test
    void cachedSamplingEqualsFullRecomputation() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 1L)) {
            SplittableRandom r = new SplittableRandom(3);
            List<int[]> prompts =
                    List.of(
                            TestModels.randomTokens(r, 5, 40),
                            TestModels.randomTokens(r, 2, 40),
                            TestModels.randomTokens(r, 9, 40));
            SamplingConfig sampling = new SamplingConfig(1.0, 0.95, 12);
            Generator generator = new Generator(model);
            List<Generation> cached = generator.generate(prompts, rngs(prompts.size()), sampling);
            List<Generation> full =
                    generator.generateWithoutCache(prompts, rngs(prompts.size()), sampling);
            for (int i = 0; i < prompts.size(); i++) {
                assertArrayEquals(
                        full.get(i).tokens(), cached.get(i).tokens(), "tokens of row " + i);
                assertArrayEquals(
                        full.get(i).logProbs(),
                        cached.get(i).logProbs(),
                        1e-10,
                        "log-probs of row " + i);
                assertTrue(cached.get(i).tokens().length > 0);
            }
            // A row alone (no padding, no neighbours) gives the same tokens and log-probabilities.
            List<Generation> alone =
                    generator.generate(List.of(prompts.get(1)), List.of(rngs(3).get(1)), sampling);
            assertArrayEquals(cached.get(1).tokens(), alone.get(0).tokens());
            assertArrayEquals(cached.get(1).logProbs(), alone.get(0).logProbs(), 1e-10);
            // And teacher-forced rescoring of the sampled tokens reproduces the sampler's
            // log-probabilities.
            List<int[]> responses = new ArrayList<>();
            for (Generation g : cached) {
                responses.add(g.tokens());
            }
            List<double[]> rescored = new SequenceScorer(model).score(prompts, responses);
            for (int i = 0; i < prompts.size(); i++) {
                assertArrayEquals(cached.get(i).logProbs(), rescored.get(i), 1e-10);
            }
        }
    }

    @Test
    void copiesOfAPromptEncodedOnceEqualThePromptRepeated() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 4L)) {
            SplittableRandom r = new SplittableRandom(8);
            List<int[]> prompts =
                    List.of(TestModels.randomTokens(r, 6, 40), TestModels.randomTokens(r, 3, 40));
            List<int[]> repeated =
                    List.of(
                            prompts.get(0),
                            prompts.get(0),
                            prompts.get(0),
                            prompts.get(1),
                            prompts.get(1),
                            prompts.get(1));
            SamplingConfig sampling = new SamplingConfig(1.0, 1.0, 8);
            Generator generator = new Generator(model);
            long before = model.tokensProcessed();
            List<Generation> shared = generator.generate(prompts, 3, rngs(6), sampling);
            long sharedTokens = model.tokensProcessed() - before;
            before = model.tokensProcessed();
            List<Generation> plain = generator.generate(repeated, rngs(6), sampling);
            long plainTokens = model.tokensProcessed() - before;
            for (int i = 0; i < 6; i++) {
                assertArrayEquals(plain.get(i).tokens(), shared.get(i).tokens(), "row " + i);
                assertArrayEquals(
                        plain.get(i).logProbs(), shared.get(i).logProbs(), 1e-10, "row " + i);
            }
            assertTrue(
                    sharedTokens < plainTokens - 2 * 6,
                    sharedTokens
                            + " vs "
                            + plainTokens
                            + ": each prompt (padded to 6 tokens) encoded once, not three times");
        }
    }

    @Test
    void candidateScoresReuseThePromptAndEqualFullScoring() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 2L)) {
            SplittableRandom r = new SplittableRandom(4);
            List<int[]> prompts =
                    List.of(TestModels.randomTokens(r, 7, 40), TestModels.randomTokens(r, 3, 40));
            List<List<int[]>> candidates =
                    List.of(
                            List.of(
                                    TestModels.randomTokens(r, 1, 40),
                                    TestModels.randomTokens(r, 4, 40),
                                    TestModels.randomTokens(r, 2, 40)),
                            List.of(TestModels.randomTokens(r, 3, 40)));
            List<List<double[]>> scored = new CandidateScorer(model).score(prompts, candidates);
            SequenceScorer reference = new SequenceScorer(model);
            for (int i = 0; i < prompts.size(); i++) {
                assertEquals(candidates.get(i).size(), scored.get(i).size());
                for (int j = 0; j < candidates.get(i).size(); j++) {
                    double[] expected =
                            reference
                                    .score(
                                            List.of(prompts.get(i)),
                                            List.of(candidates.get(i).get(j)))
                                    .get(0);
                    assertArrayEquals(
                            expected,
                            scored.get(i).get(j),
                            1e-10,
                            "prompt " + i + " candidate " + j);
                }
            }
        }
    }

    @Test
    void aCacheWrittenInPlaceGivesWhatAGrowingCacheGives() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 5L);
                org.rlanything.neural.model.StepScope scope =
                        new org.rlanything.neural.model.StepScope(root)) {
            NDManager m = scope.manager();
            SplittableRandom r = new SplittableRandom(9);
            org.rlanything.neural.model.KvCache growing =
                    new org.rlanything.neural.model.KvCache(CONFIG.numLayers());
            org.rlanything.neural.model.KvCache reserved =
                    new org.rlanything.neural.model.KvCache(CONFIG.numLayers(), 12);
            int filled = 0;
            for (int width : new int[] {6, 1, 1, 3, 1}) {
                long[] tok = new long[2 * width];
                long[] pos = new long[2 * width];
                for (int i = 0; i < tok.length; i++) {
                    tok[i] = 3 + r.nextInt(30);
                    pos[i] = filled + i % width;
                }
                ai.djl.ndarray.NDArray tokens =
                        org.rlanything.neural.model.Inputs.longs(m, tok, 2, width);
                ai.djl.ndarray.NDArray positions =
                        org.rlanything.neural.model.Inputs.longs(m, pos, 2, width);
                boolean[][] keys = new boolean[2][filled + width];
                for (boolean[] row : keys) {
                    java.util.Arrays.fill(row, true);
                }
                ai.djl.ndarray.NDArray mask =
                        org.rlanything.neural.model.Inputs.padded(
                                m, DataType.FLOAT32, keys, filled, width);
                float[] a = model.forward(tokens, positions, mask, growing, false).toFloatArray();
                float[] b = model.forward(tokens, positions, mask, reserved, false).toFloatArray();
                assertArrayEquals(a, b, 0f, "after " + filled + " positions");
                filled += width;
                assertEquals(filled, reserved.length());
            }
        }
    }

    @Test
    void candidatesSharingPrefixesScoreAsEachAlone() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT64, 3L)) {
            SplittableRandom r = new SplittableRandom(6);
            List<int[]> prompts =
                    List.of(TestModels.randomTokens(r, 5, 40), TestModels.randomTokens(r, 2, 40));
            // "go to cabinet 1", "go to cabinet 12", "go to desk 1", a duplicate, a prefix of
            // another, a one-token one
            List<List<int[]>> candidates =
                    List.of(
                            List.of(
                                    new int[] {5, 6, 7, 8},
                                    new int[] {5, 6, 7, 8, 9},
                                    new int[] {5, 6, 10, 8},
                                    new int[] {5, 6, 7, 8},
                                    new int[] {5, 6},
                                    new int[] {11}),
                            List.of(new int[] {12, 13}, new int[] {12, 14}, new int[] {15}));
            org.rlanything.neural.model.CandidateTrie trie =
                    org.rlanything.neural.model.CandidateTrie.of(candidates.get(0));
            assertEquals(8, trie.size(), "5 6 7 8 9 10 8' 11: shared prefixes once");
            assertEquals(trie.path(0)[3], trie.path(3)[3], "a duplicate follows the same path");
            List<List<double[]>> scored = new CandidateScorer(model).score(prompts, candidates);
            SequenceScorer reference = new SequenceScorer(model);
            for (int i = 0; i < prompts.size(); i++) {
                assertEquals(candidates.get(i).size(), scored.get(i).size());
                for (int j = 0; j < candidates.get(i).size(); j++) {
                    double[] expected =
                            reference
                                    .score(
                                            List.of(prompts.get(i)),
                                            List.of(candidates.get(i).get(j)))
                                    .get(0);
                    assertArrayEquals(
                            expected,
                            scored.get(i).get(j),
                            1e-10,
                            "prompt " + i + " candidate " + j);
                }
            }
        }
    }

    @Test
    void float32CachedSamplingMatchesWithinFloatTolerance() {
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, CONFIG, DataType.FLOAT32, 1L)) {
            SplittableRandom r = new SplittableRandom(8);
            List<int[]> prompts =
                    List.of(TestModels.randomTokens(r, 6, 40), TestModels.randomTokens(r, 3, 40));
            SamplingConfig sampling = new SamplingConfig(0.8, 1.0, 10);
            Generator generator = new Generator(model);
            List<Generation> cached = generator.generate(prompts, rngs(2), sampling);
            List<Generation> full = generator.generateWithoutCache(prompts, rngs(2), sampling);
            for (int i = 0; i < prompts.size(); i++) {
                assertArrayEquals(full.get(i).tokens(), cached.get(i).tokens());
                assertArrayEquals(full.get(i).logProbs(), cached.get(i).logProbs(), 1e-4);
            }
        }
    }

    private static List<RandomGenerator> rngs(int n) {
        List<RandomGenerator> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new SplittableRandom(100 + i));
        }
        return out;
    }
}
