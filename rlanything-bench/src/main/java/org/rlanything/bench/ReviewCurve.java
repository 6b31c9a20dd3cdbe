package org.rlanything.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.rlanything.core.io.AtomicFiles;
import org.rlanything.run.RunFolder;

/**
 * What corrections are worth ({@code bench review}, issue 33): the curve over k, the steps a
 * simulated reviewer corrects each iteration, read from the finished run folders of an ablation
 * whose arms are the full method with k = 0 ({@code full}) and k > 0 ({@code review-kK}), beside
 * outcome only (columns named after ALFWorld's two evaluation sets). Per k: the corrections used,
 * the judge's balanced process accuracy on the training rollouts (mean of the first and of the last
 * five iterations, and last − first paired by seed), on the held-out games, and held-out success
 * with its difference to outcome only paired by seed. Writes {@code review.md} and {@code
 * review.json}.
 */
public final class ReviewCurve {

    /** The arm name of k steps a iteration ({@code full} for k = 0: the method as it is). */
    public static String armName(int k) {
        return k == 0 ? "full" : "review-k" + k;
    }

    private static final String OUTCOME = "OUTCOME_ONLY";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path out;
    private final List<Integer> ks;

    public ReviewCurve(Path out, List<Integer> ks) {
        this.out = out;
        this.ks = List.copyOf(ks);
    }

    /**
     * Reads the finished runs of OUT/runs (those of another k, or not yet finished, are left out,
     * so a bench still running can be read); writes OUT/review.md and OUT/review.json.
     */
    public void write(String configLine, List<Long> seeds) throws IOException {
        Map<String, Map<Long, JsonNode>> finals = new TreeMap<>();
        List<String> arms = new ArrayList<>(List.of(OUTCOME.toLowerCase(Locale.ROOT)));
        ks.forEach(k -> arms.add(armName(k)));
        for (String arm : arms) {
            for (long seed : seeds) {
                JsonNode f = finals(arm, seed);
                if (f != null) {
                    finals.computeIfAbsent(arm, a -> new TreeMap<>()).put(seed, f);
                }
            }
        }
        Map<Long, JsonNode> outcome =
                finals.getOrDefault(OUTCOME.toLowerCase(Locale.ROOT), Map.of());
        ObjectNode json = JSON.createObjectNode();
        json.put("config", configLine);
        ObjectNode perK = json.putObject("k");
        StringBuilder md = new StringBuilder();
        md.append("# What corrections are worth\n\n")
                .append(configLine)
                .append(
                        "\n\nEach iteration a simulated reviewer corrects the k training steps the judge"
                                + " is least sure of (its verdicts split most), answering with the setting's"
                                + " step label (ALFWorld: the restrained oracle's), before the update."
                                + " k = 0 is the full method as it is. Judge figures: balanced process accuracy."
                                + " Mean ± standard deviation over seeds; differences paired by seed with 95%"
                                + " intervals (Student t).\n\n")
                .append(
                        "| k | corrections used / iteration | judge, training rollouts: first 5 → last 5"
                                + " | last 5 − first 5 | judge, held-out real | judge, held-out generated"
                                + " | success, real | success, generated | real − outcome only"
                                + " | generated − outcome only |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (int k : ks) {
            Map<Long, JsonNode> arm = finals.getOrDefault(armName(k), Map.of());
            ObjectNode perSeed = perK.putObject(Integer.toString(k)).putObject("seeds");
            Map<String, List<Double>> columns = new LinkedHashMap<>();
            List<Double> drift = new ArrayList<>();
            List<Double> realDiff = new ArrayList<>();
            List<Double> generatedDiff = new ArrayList<>();
            for (Map.Entry<Long, JsonNode> e : arm.entrySet()) {
                JsonNode f = e.getValue();
                ObjectNode s = perSeed.putObject(Long.toString(e.getKey()));
                double used = correctionsUsed(armName(k), e.getKey());
                put(s, columns, "corrections_used", used);
                put(s, columns, "rm_train_first5", f.path("run/rm_balanced_first5").asDouble(NaN));
                put(s, columns, "rm_train_last5", f.path("run/rm_balanced_last5").asDouble(NaN));
                put(s, columns, "rm_real", core(f, "alfworld_real", "rm_balanced_process_acc"));
                put(
                        s,
                        columns,
                        "rm_generated",
                        core(f, "alfworld_generated", "rm_balanced_process_acc"));
                put(s, columns, "success_real", core(f, "alfworld_real", "success"));
                put(s, columns, "success_generated", core(f, "alfworld_generated", "success"));
                drift.add(s.get("rm_train_last5").asDouble() - s.get("rm_train_first5").asDouble());
                JsonNode o = outcome.get(e.getKey());
                if (o != null) {
                    realDiff.add(
                            s.get("success_real").asDouble() - core(o, "alfworld_real", "success"));
                    generatedDiff.add(
                            s.get("success_generated").asDouble()
                                    - core(o, "alfworld_generated", "success"));
                }
            }
            md.append("| ")
                    .append(k)
                    .append(" (n = ")
                    .append(arm.size())
                    .append(") | ")
                    .append(cell(columns.get("corrections_used")))
                    .append(" | ")
                    .append(cell(columns.get("rm_train_first5")))
                    .append(" → ")
                    .append(cell(columns.get("rm_train_last5")))
                    .append(" | ")
                    .append(paired(drift))
                    .append(" | ")
                    .append(cell(columns.get("rm_real")))
                    .append(" | ")
                    .append(cell(columns.get("rm_generated")))
                    .append(" | ")
                    .append(cell(columns.get("success_real")))
                    .append(" | ")
                    .append(cell(columns.get("success_generated")))
                    .append(" | ")
                    .append(paired(realDiff))
                    .append(" | ")
                    .append(paired(generatedDiff))
                    .append(" |\n");
        }
        List<Double> outcomeReal = new ArrayList<>();
        List<Double> outcomeGenerated = new ArrayList<>();
        for (JsonNode o : outcome.values()) {
            outcomeReal.add(core(o, "alfworld_real", "success"));
            outcomeGenerated.add(core(o, "alfworld_generated", "success"));
        }
        md.append("\nOutcome only (the baseline of the differences): success ")
                .append(cell(outcomeReal))
                .append(" real, ")
                .append(cell(outcomeGenerated))
                .append(" generated (n = ")
                .append(outcome.size())
                .append(").\n");
        AtomicFiles.write(
                out.resolve("review.json"),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
        AtomicFiles.write(out.resolve("review.md"), md.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static final double NaN = Double.NaN;

    private static void put(
            ObjectNode seed, Map<String, List<Double>> columns, String key, double value) {
        seed.put(key, value);
        columns.computeIfAbsent(key, x -> new ArrayList<>()).add(value);
    }

    private static double core(JsonNode finals, String set, String figure) {
        return finals.path("val-core/" + set + "/" + figure).asDouble(NaN);
    }

    /**
     * A finished run's figures: its last metrics line (the evaluation after its last iteration) and
     * the run figures of the ablation (the judge's first and last five iterations); null when the
     * run has not finished.
     */
    private JsonNode finals(String arm, long seed) throws IOException {
        RunFolder folder = new RunFolder(out.resolve("runs").resolve(arm + "-seed" + seed));
        if (!Files.isRegularFile(folder.metrics().file())) {
            return null;
        }
        List<JsonNode> lines = folder.metrics().read();
        if (lines.size() < 2) {
            return null;
        }
        JsonNode last = lines.get(lines.size() - 1);
        // the runs evaluate after their last iteration only (evaluate_every 0, as the main config)
        boolean evaluated = false;
        for (java.util.Iterator<String> keys = last.fieldNames(); keys.hasNext(); ) {
            evaluated |= keys.next().startsWith("val-core/");
        }
        if (!evaluated || last.path("iteration").asInt() == 0) {
            return null;
        }
        ObjectNode f = JSON.createObjectNode();
        last.fields().forEachRemaining(e -> f.set(e.getKey(), e.getValue()));
        AblationBench.runFigures(lines).forEach(f::put);
        return f;
    }

    /** The mean of {@code corrections/used} over the run's iterations (0 where none was used). */
    private double correctionsUsed(String arm, long seed) throws IOException {
        RunFolder folder = new RunFolder(out.resolve("runs").resolve(arm + "-seed" + seed));
        if (!Files.isRegularFile(folder.metrics().file())) {
            return NaN;
        }
        double sum = 0;
        int n = 0;
        for (JsonNode line : folder.metrics().read()) {
            if (line.path("iteration").asInt() > 0 && line.has("env/train_success")) {
                sum += line.path("corrections/used").asDouble(0);
                n++;
            }
        }
        return n == 0 ? NaN : sum / n;
    }

    private static String cell(List<Double> values) {
        if (values == null || values.isEmpty()) {
            return "-";
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(NaN);
        double var =
                values.stream().mapToDouble(v -> (v - mean) * (v - mean)).average().orElse(NaN);
        return String.format(Locale.ROOT, "%.3f ± %.3f", mean, Math.sqrt(var));
    }

    private static String paired(List<Double> differences) {
        return differences.size() < 2 ? "-" : PairedDifference.of(differences).format();
    }
}
