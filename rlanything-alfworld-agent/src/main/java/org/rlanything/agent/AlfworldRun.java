package org.rlanything.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.RLAnythingLoop;

/**
 * A plain in-process run of the ALFWorld experiment without the CLI's run folder: evaluates the
 * starting models, runs the loop for the configured iterations (evaluating every E), evaluates
 * again, and appends one JSON line per evaluation and per iteration to {@code metrics.jsonl} in the
 * output folder. For measurements and tuning; the product's {@code rlanything train} wires the same
 * {@link AlfworldExperiment}.
 *
 * <p>{@code java -cp rlanything.jar org.rlanything.agent.AlfworldRun OUT [STARTING_MODELS] [SEED]
 * [ITERATIONS] [key=value ...]} where keys are {@link AgentSettings} builder names (e.g. {@code
 * policyLearningRate=2e-3}).
 */
public final class AlfworldRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AlfworldRun() {}

    /** Before/after figures of a run. */
    public record Summary(Map<String, Double> before, Map<String, Double> after, double seconds) {}

    public static Summary run(AgentSettings settings, Path out, Consumer<String> log)
            throws IOException {
        Files.createDirectories(out);
        Path metrics = out.resolve("metrics.jsonl");
        long t0 = System.nanoTime();
        try (AlfworldExperiment experiment =
                AlfworldExperiment.create(settings, AlfworldGames.locate(), log)) {
            log.accept(String.format("components ready (%.1f s)", seconds(t0)));
            Map<String, Double> before = experiment.evaluate(0);
            append(metrics, 0, "eval", before);
            log.accept(String.format("before: %s (%.1f s)", brief(before), seconds(t0)));
            RLAnythingLoop loop =
                    experiment
                            .loopBuilder()
                            .listener(
                                    record -> {
                                        append(
                                                metrics,
                                                record.iteration(),
                                                "iteration",
                                                record.metrics());
                                        log.accept(
                                                String.format(
                                                        "it %d: %s (%.1f s)",
                                                        record.iteration(),
                                                        iterationLine(record),
                                                        seconds(t0)));
                                    })
                            .build();
            loop.runUntil(settings.iterations());
            Map<String, Double> after =
                    settings.evaluateEvery() > 0
                                    && settings.iterations() % settings.evaluateEvery() == 0
                            ? null
                            : experiment.evaluate(settings.iterations());
            if (after == null) {
                after = lastEvaluation(metrics);
            } else {
                append(metrics, settings.iterations(), "eval", after);
            }
            double total = seconds(t0);
            log.accept(String.format("after: %s (%.1f s)", brief(after), total));
            return new Summary(before, after, total);
        }
    }

    private static Map<String, Double> lastEvaluation(Path metrics) throws IOException {
        Map<String, Double> out = new TreeMap<>();
        for (String line : Files.readAllLines(metrics)) {
            Map<?, ?> m = JSON.readValue(line, Map.class);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey().toString().startsWith("val-") && e.getValue() instanceof Number n) {
                    out.put(e.getKey().toString(), n.doubleValue());
                }
            }
        }
        return out;
    }

    static String iterationLine(IterationRecord record) {
        Map<String, Double> m = record.metrics();
        StringBuilder sb = new StringBuilder();
        for (String key :
                new String[] {
                    "env/train_success",
                    "env/accepted_total",
                    "reward_model/process_acc",
                    "actor/samples",
                    "reward_model/samples",
                    "actor/pg_loss",
                    "actor/ppo_kl",
                    "timing_s/gen",
                    "timing_s/judge",
                    "timing_s/update_actor",
                    "timing_s/update_reward_model",
                    "timing_s/step"
                }) {
            Double v = m.get(key);
            if (v != null) {
                sb.append(key).append('=').append(String.format("%.3f", v)).append(' ');
            }
        }
        for (Map.Entry<String, Double> e : m.entrySet()) {
            if (e.getKey().startsWith("val-core/")) {
                sb.append(e.getKey())
                        .append('=')
                        .append(String.format("%.3f", e.getValue()))
                        .append(' ');
            }
        }
        return sb.toString().strip();
    }

    static String brief(Map<String, Double> m) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Double> e : m.entrySet()) {
            sb.append(e.getKey())
                    .append('=')
                    .append(String.format("%.3f", e.getValue()))
                    .append(' ');
        }
        return sb.toString().strip();
    }

    private static void append(Path file, int iteration, String kind, Map<String, Double> values) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("iteration", iteration);
        row.put("kind", kind);
        row.putAll(values);
        try {
            Files.writeString(
                    file,
                    JSON.writeValueAsString(row) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("Could not append to " + file + ".", e);
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        AgentSettings.Builder b = AgentSettings.builder();
        int positional = 0;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.contains("=")) {
                set(b, a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            } else if (positional == 0) {
                b.startingModels(a.equals("-") ? null : Path.of(a));
                positional++;
            } else if (positional == 1) {
                b.seed(Long.parseLong(a));
                positional++;
            } else {
                b.iterations(Integer.parseInt(a));
            }
        }
        AgentSettings s = b.build();
        System.out.println(s);
        Summary summary = run(s, out, System.out::println);
        System.out.printf("done in %.1f s%n", summary.seconds());
    }

    private static void set(AgentSettings.Builder b, String key, String value)
            throws ReflectiveOperationException {
        for (java.lang.reflect.Method m : AgentSettings.Builder.class.getMethods()) {
            if (m.getName().equals(key) && m.getParameterCount() == 1) {
                Class<?> t = m.getParameterTypes()[0];
                Object v =
                        t == int.class
                                ? Integer.parseInt(value)
                                : t == long.class
                                        ? Long.parseLong(value)
                                        : t == double.class
                                                ? Double.parseDouble(value)
                                                : t == boolean.class
                                                        ? Boolean.parseBoolean(value)
                                                        : t == Path.class
                                                                ? Path.of(value)
                                                                : t.isEnum()
                                                                        ? Enum.valueOf(
                                                                                t.asSubclass(
                                                                                        Enum.class),
                                                                                value)
                                                                        : value;
                m.invoke(b, v);
                return;
            }
        }
        throw new IllegalArgumentException("Unknown setting " + key + ".");
    }
}
