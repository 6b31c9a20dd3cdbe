package org.rlanything.neural.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.neural.bench.ModelBenchmark;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.Parallel;
import org.rlanything.neural.train.PpoSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench model}: training tokens/s (forward + backward, and a full PPO update),
 * sampling tokens/s with the KV cache, candidate scoring (candidates/s), and achieved FLOP rate as
 * a fraction of this machine's matrix-multiply peak measured in the same run; one JSON line last.
 * The defaults are the shapes of the Python PyTorch peer {@code scripts/peer_bench.py}; with {@code
 * --python}, this command alternates its own runs with the peer's and prints the ratios Java /
 * Python per phase. DJL runs offline with one PyTorch thread unless {@code -D} options of the JVM
 * say otherwise.
 */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description =
                "Benchmark the neural policy/reward model (DJL, PyTorch CPU); optionally side by side with "
                        + "the plain-PyTorch peer scripts/peer_bench.py (--python). One JSON line last.")
public final class BenchModelCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec CommandSpec spec;

    @Option(
            names = "--vocab",
            defaultValue = "512",
            description = "Vocabulary size (default ${DEFAULT-VALUE}).")
    int vocab;

    @Option(
            names = "--hidden",
            defaultValue = "128",
            description = "Hidden size (default ${DEFAULT-VALUE}).")
    int hidden;

    @Option(
            names = "--ffn",
            defaultValue = "344",
            description = "SwiGLU inner size (default ${DEFAULT-VALUE}).")
    int ffn;

    @Option(
            names = "--layers",
            defaultValue = "4",
            description = "Decoder layers (default ${DEFAULT-VALUE}).")
    int layers;

    @Option(
            names = "--heads",
            defaultValue = "4",
            description = "Attention heads (default ${DEFAULT-VALUE}).")
    int heads;

    @Option(
            names = "--train-rows",
            defaultValue = "64",
            description = "Rows per training batch (default ${DEFAULT-VALUE}).")
    int trainRows;

    @Option(
            names = "--train-length",
            defaultValue = "64",
            description = "Tokens per training row (default ${DEFAULT-VALUE}).")
    int trainLength;

    @Option(
            names = "--sample-rows",
            defaultValue = "64",
            description = "Rows sampled together (default ${DEFAULT-VALUE}).")
    int sampleRows;

    @Option(
            names = "--prompt",
            defaultValue = "32",
            description = "Prompt tokens per sampled row (default ${DEFAULT-VALUE}).")
    int prompt;

    @Option(
            names = "--new-tokens",
            defaultValue = "8",
            description = "Generated tokens per row (default ${DEFAULT-VALUE}).")
    int newTokens;

    @Option(
            names = "--score-groups",
            defaultValue = "64",
            description = "Prompts scored together (default ${DEFAULT-VALUE}).")
    int scoreGroups;

    @Option(
            names = "--score-candidates",
            defaultValue = "16",
            description = "Candidates per scored prompt (default ${DEFAULT-VALUE}).")
    int scoreCandidates;

    @Option(
            names = "--score-tokens",
            defaultValue = "8",
            description = "Tokens per candidate (default ${DEFAULT-VALUE}).")
    int scoreTokens;

    @Option(
            names = "--score-prompt",
            defaultValue = "48",
            description = "Prompt tokens per scored group (default ${DEFAULT-VALUE}).")
    int scorePrompt;

    @Option(
            names = "--pass-budget",
            description =
                    "Padded tokens per forward pass of sampling and scoring; larger "
                            + "batches are split into chunks spread over the native threads (default: the trainer's, 8192).")
    Integer passBudget;

    @Option(
            names = "--threads",
            description =
                    "Native threads for sampling and scoring chunks (default: the system "
                            + "property rlanything.threads, else one per core).")
    Integer threads;

    @Option(
            names = "--repeats",
            defaultValue = "3",
            description = "Timed repetitions; the best counts (default ${DEFAULT-VALUE}).")
    int repeats;

    @Option(
            names = "--python",
            description =
                    "A python with torch installed: also run scripts/peer_bench.py with the "
                            + "same shapes and threads, alternating with this benchmark, and print the ratios Java / Python.")
    Path python;

    @Option(
            names = "--peer-script",
            defaultValue = "scripts/peer_bench.py",
            description = "The Python peer (default ${DEFAULT-VALUE}).")
    Path peerScript;

    @Option(
            names = "--rounds",
            defaultValue = "3",
            description =
                    "With --python: alternating rounds of Java then "
                            + "Python runs, each of --repeats timed repetitions; the best of all counts (default ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        checkOptions();
        int positions =
                Math.max(trainLength, Math.max(prompt + newTokens, scorePrompt + scoreTokens));
        ModelConfig config =
                new ModelConfig(vocab, hidden, ffn, layers, heads, positions, 10000.0, 1e-6, 1L);
        ModelBenchmark.Settings settings;
        try {
            settings =
                    new ModelBenchmark.Settings(
                            config,
                            trainRows,
                            trainLength,
                            sampleRows,
                            prompt,
                            newTokens,
                            scoreGroups,
                            scoreCandidates,
                            scoreTokens,
                            scorePrompt,
                            passBudget == null
                                    ? PpoSettings.method().maxTokensPerForward()
                                    : passBudget,
                            repeats);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "model: %,d parameters (vocab %d, hidden %d, ffn %d, layers %d, heads %d), float32; %d native threads, "
                        + "PyTorch threads %s intra / %s inter-op; pass budget %d tokens%n",
                config.parameterCount(),
                vocab,
                hidden,
                ffn,
                layers,
                heads,
                Parallel.threads(),
                System.getProperty("ai.djl.pytorch.num_threads", "default"),
                System.getProperty("ai.djl.pytorch.num_interop_threads", "default"),
                settings.passBudget());
        out.flush();
        ObjectMapper mapper = new ObjectMapper();
        if (python == null) {
            ModelBenchmark.Result r = ModelBenchmark.run(settings);
            print(out, r);
            out.println(mapper.writeValueAsString(json(mapper, r, settings)));
            out.flush();
            return 0;
        }
        versusPeer(settings, mapper, out);
        return 0;
    }

    /** Refuses option values the benchmark cannot use; sets the native threads. */
    private void checkOptions() {
        if (threads != null) {
            if (threads < 1) {
                throw new ParameterException(
                        spec.commandLine(), "--threads must be at least 1, got " + threads + ".");
            }
            Parallel.setThreads(threads);
        }
        if (rounds < 1) {
            throw new ParameterException(
                    spec.commandLine(), "--rounds must be at least 1, got " + rounds + ".");
        }
        if (python != null && !Files.isExecutable(python)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--python "
                            + python
                            + " is not an executable file; give a "
                            + "python with torch installed, for example /tmp/torchvenv/bin/python (docs/performance.md).");
        }
        if (python != null && !Files.isRegularFile(peerScript)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "The Python peer "
                            + peerScript
                            + " does not exist; run from "
                            + "the repository root or pass --peer-script.");
        }
    }

    /**
     * {@link #rounds} alternating rounds of the Java benchmark and the Python peer; prints the best
     * of each and their ratios, one JSON line last.
     */
    private void versusPeer(ModelBenchmark.Settings settings, ObjectMapper mapper, PrintWriter out)
            throws IOException, InterruptedException {
        ObjectNode bestJava = null;
        ObjectNode bestPython = null;
        for (int round = 1; round <= rounds; round++) {
            ModelBenchmark.Result r = ModelBenchmark.run(settings);
            out.printf("round %d, Java:%n", round);
            print(out, r);
            out.flush();
            bestJava = better(bestJava, json(mapper, r, settings));
            JsonNode p = runPeer(mapper, out);
            out.printf(
                    "round %d, Python: train %,.0f tokens/s, sample %,.0f tokens/s, score %,.0f candidates/s%n",
                    round,
                    p.get("train_tokens_per_s").asDouble(),
                    p.get("sample_tokens_per_s").asDouble(),
                    p.get("score_candidates_per_s").asDouble());
            out.flush();
            bestPython = better(bestPython, (ObjectNode) p);
        }
        ObjectNode all = mapper.createObjectNode();
        all.put("bench", "model-vs-peer");
        all.put("rounds", rounds);
        all.set("java", bestJava);
        all.set("python", bestPython);
        ObjectNode ratios = all.putObject("java_over_python");
        out.printf(
                "best of %d alternating rounds, Java / Python (%s, torch %s, %s threads):%n",
                rounds,
                python,
                bestPython.path("torch").asText("?"),
                bestPython.path("threads").asText("?"));
        for (String[] phase : PHASES) {
            double ratio = bestJava.get(phase[0]).asDouble() / bestPython.get(phase[0]).asDouble();
            ratios.put(phase[1], ratio);
            out.printf(
                    "  %-9s Java %,12.0f  Python %,12.0f  %s  ratio %.2f%n",
                    phase[1],
                    bestJava.get(phase[0]).asDouble(),
                    bestPython.get(phase[0]).asDouble(),
                    phase[2],
                    ratio);
        }
        out.println(mapper.writeValueAsString(all));
        out.flush();
    }

    /** JSON field, phase name, unit; higher is better. */
    private static final String[][] PHASES = {
        {"matmul_peak_gflops", "matmul", "GFLOP/s"},
        {"train_tokens_per_s", "training", "tokens/s"},
        {"sample_tokens_per_s", "sampling", "tokens/s"},
        {"score_candidates_per_s", "scoring", "cand./s"},
    };

    /** Per phase, the larger rate of the two (the best of all rounds). */
    private static ObjectNode better(ObjectNode best, ObjectNode next) {
        if (best == null) {
            return next.deepCopy();
        }
        if (next.has("ppo_update_tokens_per_s")
                && next.get("ppo_update_tokens_per_s").asDouble()
                        > best.get("ppo_update_tokens_per_s").asDouble()) {
            best.set("ppo_update_tokens_per_s", next.get("ppo_update_tokens_per_s"));
        }
        for (String[] phase : PHASES) {
            String prefix = phase[0].substring(0, phase[0].indexOf('_'));
            if (next.get(phase[0]).asDouble() > best.get(phase[0]).asDouble()) {
                next.fields()
                        .forEachRemaining(
                                e -> {
                                    if (e.getKey().startsWith(prefix + "_")) {
                                        best.set(e.getKey(), e.getValue());
                                    }
                                });
            }
        }
        return best;
    }

    private JsonNode runPeer(ObjectMapper mapper, PrintWriter out)
            throws IOException, InterruptedException {
        int peerThreads = Parallel.threads();
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                python.toString(),
                                peerScript.toString(),
                                "--vocab",
                                "" + vocab,
                                "--hidden",
                                "" + hidden,
                                "--ffn",
                                "" + ffn,
                                "--layers",
                                "" + layers,
                                "--heads",
                                "" + heads,
                                "--train-rows",
                                "" + trainRows,
                                "--train-length",
                                "" + trainLength,
                                "--sample-rows",
                                "" + sampleRows,
                                "--prompt",
                                "" + prompt,
                                "--new-tokens",
                                "" + newTokens,
                                "--score-groups",
                                "" + scoreGroups,
                                "--score-candidates",
                                "" + scoreCandidates,
                                "--score-tokens",
                                "" + scoreTokens,
                                "--score-prompt",
                                "" + scorePrompt,
                                "--threads",
                                "" + peerThreads,
                                "--repeats",
                                "" + repeats));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("OMP_NUM_THREADS", "" + peerThreads);
        Process process = pb.start();
        String last = null;
        StringBuilder all = new StringBuilder();
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                all.append(line).append('\n');
                if (line.startsWith("{")) {
                    last = line;
                }
            }
        }
        int rc = process.waitFor();
        if (rc != 0 || last == null) {
            out.print(all);
            throw new IllegalStateException(
                    "The Python peer ("
                            + String.join(" ", cmd)
                            + ") failed with exit status "
                            + rc
                            + (last == null ? " and printed no JSON line" : "")
                            + "; its output is above.");
        }
        return mapper.readTree(last);
    }

    private void print(PrintWriter out, ModelBenchmark.Result r) {
        out.printf(
                "matmul peak: %.1f GFLOP/s (float32, best square size %d)%n",
                r.matmulPeakFlops() / 1e9, r.matmulPeakSize());
        out.printf(
                "training, forward+backward (%d x %d tokens): %,.0f tokens/s, %.1f GFLOP/s = %.3f of matmul peak%n",
                trainRows,
                trainLength,
                r.trainTokensPerSecond(),
                r.trainFlops() / 1e9,
                r.trainFractionOfPeak());
        out.printf(
                "training, full PPO update (same batch; log pi_old pass, forward+backward, AdamW): %,.0f sequence tokens/s%n",
                r.ppoUpdateTokensPerSecond());
        out.printf(
                "sampling with KV cache (%d rows, %d-token prompts, %d new tokens): %,.0f tokens/s, %.1f GFLOP/s = %.3f of matmul peak%n",
                sampleRows,
                prompt,
                newTokens,
                r.sampleTokensPerSecond(),
                r.sampleFlops() / 1e9,
                r.sampleFractionOfPeak());
        out.printf(
                "scoring (%d groups x %d candidates x %d tokens after a %d-token prompt; prompt cached, one tree-masked pass): "
                        + "%,.0f candidates/s (%,.0f tokens/s), %.1f GFLOP/s = %.3f of matmul peak%n",
                scoreGroups,
                scoreCandidates,
                scoreTokens,
                scorePrompt,
                r.scoreCandidatesPerSecond(),
                r.scoreTokensPerSecond(),
                r.scoreFlops() / 1e9,
                r.scoreFractionOfPeak());
    }

    private ObjectNode json(
            ObjectMapper mapper, ModelBenchmark.Result r, ModelBenchmark.Settings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bench", "model");
        m.put("impl", "java-djl");
        m.put("threads", Parallel.threads());
        m.put("pytorch_threads", System.getProperty("ai.djl.pytorch.num_threads", "default"));
        m.put("parameters", r.parameters());
        m.put("pass_budget", s.passBudget());
        m.put("matmul_peak_gflops", r.matmulPeakFlops() / 1e9);
        m.put("matmul_peak_size", r.matmulPeakSize());
        m.put("train_shape", trainRows + "x" + trainLength);
        m.put("train_tokens_per_s", r.trainTokensPerSecond());
        m.put("train_gflops", r.trainFlops() / 1e9);
        m.put("train_fraction_of_peak", r.trainFractionOfPeak());
        m.put("ppo_update_tokens_per_s", r.ppoUpdateTokensPerSecond());
        m.put("sample_shape", sampleRows + "x(" + prompt + "+" + newTokens + ")");
        m.put("sample_tokens_per_s", r.sampleTokensPerSecond());
        m.put("sample_gflops", r.sampleFlops() / 1e9);
        m.put("sample_fraction_of_peak", r.sampleFractionOfPeak());
        m.put(
                "score_shape",
                scoreGroups + "x" + scoreCandidates + "x" + scoreTokens + " after " + scorePrompt);
        m.put("score_candidates", r.scoredCandidates());
        m.put("score_candidates_per_s", r.scoreCandidatesPerSecond());
        m.put("score_tokens_per_s", r.scoreTokensPerSecond());
        m.put("score_gflops", r.scoreFlops() / 1e9);
        m.put("score_fraction_of_peak", r.scoreFractionOfPeak());
        return mapper.valueToTree(m);
    }
}
