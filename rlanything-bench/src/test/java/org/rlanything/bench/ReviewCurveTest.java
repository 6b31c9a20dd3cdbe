package org.rlanything.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench review}'s curve, from run folders written by hand. */
class ReviewCurveTest {

    @TempDir Path out;

    /**
     * A finished run of 10 iterations: the judge's balanced accuracy {@code first} on iterations 1
     * to 5 and {@code last} on 6 to 10, {@code used} corrections an iteration, and held-out success
     * {@code real} after the last iteration.
     */
    private void run(String arm, long seed, double first, double last, double used, double real)
            throws Exception {
        Path folder = Files.createDirectories(out.resolve("runs").resolve(arm + "-seed" + seed));
        List<String> lines = new ArrayList<>();
        lines.add("{\"iteration\":0,\"val-core/alfworld_real/success\":0.1}");
        for (int t = 1; t <= 10; t++) {
            String line =
                    String.format(
                            Locale.ROOT,
                            "{\"iteration\":%d,\"env/train_success\":0.5,"
                                    + "\"reward_model/balanced_process_acc\":%s%s",
                            t,
                            t <= 5 ? first : last,
                            used > 0 ? ",\"corrections/used\":" + used : "");
            if (t == 10) {
                line +=
                        String.format(
                                Locale.ROOT,
                                ",\"val-core/alfworld_real/success\":%s,"
                                        + "\"val-core/alfworld_generated/success\":0.5,"
                                        + "\"val-core/alfworld_real/rm_balanced_process_acc\":0.8",
                                real);
            }
            lines.add(line + "}");
        }
        Files.write(folder.resolve("metrics.jsonl"), lines);
    }

    @Test
    void theCurveReadsTheFinishedRunsAndPairsThemBySeed() throws Exception {
        run("outcome_only", 1, 0.8, 0.8, 0, 0.50);
        run("outcome_only", 2, 0.8, 0.8, 0, 0.60);
        run("full", 1, 0.84, 0.78, 0, 0.52);
        run("full", 2, 0.82, 0.78, 0, 0.64);
        run("review-k20", 1, 0.80, 0.82, 20, 0.55);
        run("review-k20", 2, 0.80, 0.84, 20, 0.61);
        // a run still going: no evaluation after its last line yet
        Path going = Files.createDirectories(out.resolve("runs/review-k20-seed3"));
        Files.writeString(
                going.resolve("metrics.jsonl"),
                "{\"iteration\":0,\"val-core/alfworld_real/success\":0.1}\n"
                        + "{\"iteration\":1,\"reward_model/balanced_process_acc\":0.1}\n");

        new ReviewCurve(out, List.of(0, 20)).write("Config `x`.", List.of(1L, 2L, 3L));

        JsonNode json = new ObjectMapper().readTree(out.resolve("review.json").toFile());
        JsonNode k20 = json.path("k").path("20").path("seeds");
        assertEquals(2, k20.size(), "the unfinished seed 3 is left out: " + k20);
        assertEquals(0.80, k20.path("1").path("rm_train_first5").asDouble(), 1e-12);
        assertEquals(0.84, k20.path("2").path("rm_train_last5").asDouble(), 1e-12);
        assertEquals(20.0, k20.path("1").path("corrections_used").asDouble(), 1e-12);
        String md = Files.readString(out.resolve("review.md"));
        // k = 20: last 5 - first 5 is +0.02 and +0.04, mean +0.030; real - outcome only +0.05,
        // +0.01
        assertTrue(
                md.contains(
                        "| 20 (n = 2) | 20.000 ± 0.000 | 0.800 ± 0.000 → 0.830 ± 0.010 | +0.030"),
                md);
        assertTrue(md.contains("| +0.030 ["), md);
        assertTrue(
                md.contains("| 0 (n = 2) | 0.000 ± 0.000 | 0.830 ± 0.010 → 0.780 ± 0.000 | -0.050"),
                md);
        assertTrue(md.contains("(n = 2)."), md);
    }
}
