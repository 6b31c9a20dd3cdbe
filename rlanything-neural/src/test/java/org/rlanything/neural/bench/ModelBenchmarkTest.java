package org.rlanything.neural.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rlanything.neural.model.ModelConfig;

/**
 * The benchmark on a tiny model: every phase gives positive, finite figures; scoring counts its
 * candidates.
 */
class ModelBenchmarkTest {

    private static final ModelConfig TINY =
            new ModelConfig(300, 16, 24, 2, 2, 16, 10000.0, 1e-6, 7L);

    @Test
    void everyPhaseReportsPositiveFiniteFigures() {
        // a pass budget of 20 tokens splits scoring (5 + 3 wide per group) and sampling into
        // several chunks
        ModelBenchmark.Result r =
                ModelBenchmark.run(
                        new ModelBenchmark.Settings(TINY, 2, 6, 3, 4, 3, 5, 4, 3, 5, 20, 1));
        assertEquals(20, r.scoredCandidates());
        assertEquals(TINY.parameterCount(), r.parameters());
        for (double v :
                new double[] {
                    r.matmulPeakFlops(),
                    r.trainTokensPerSecond(),
                    r.trainFlops(),
                    r.ppoUpdateTokensPerSecond(),
                    r.sampleTokensPerSecond(),
                    r.sampleFlops(),
                    r.scoreCandidatesPerSecond(),
                    r.scoreTokensPerSecond(),
                    r.scoreFlops()
                }) {
            assertTrue(v > 0 && Double.isFinite(v), "figure " + v);
        }
        assertEquals(
                3 * r.scoreCandidatesPerSecond(),
                r.scoreTokensPerSecond(),
                1e-9 * r.scoreTokensPerSecond());
    }

    @Test
    void rejectsBadShapes() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new ModelBenchmark.Settings(TINY, 2, 6, 3, 4, 3, 5, 0, 3, 5, 20, 1));
        // prompt + candidate longer than the model's 16 positions
        assertThrows(
                IllegalArgumentException.class,
                () -> new ModelBenchmark.Settings(TINY, 2, 6, 3, 4, 3, 5, 4, 8, 9, 20, 1));
    }
}
