package org.rlanything.it.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.config.Advanced;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.Provider;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import org.rlanything.run.config.TrainerConfig;

/**
 * {@code docs/config-reference.md}, generated from the settings records: every section and every
 * kind the registry finds, each key with its default (as the effective config writes it: {@link
 * ConfigLoader#toYaml}) and its meaning (the record's {@code @param} javadoc, {@link RecordDocs}).
 * An environment kind's {@code algorithm} defaults are shown with it where they differ from the
 * record's. The keys marked {@link Advanced} (experiment switches and expert bounds) stand under
 * their own heading at the end, so that the tables a user reads first hold the keys a run needs.
 */
final class ConfigReference {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE =
            new PropertyNamingStrategies.SnakeCaseStrategy();

    /** Records as a config writes their keys (snake case), for the algorithm defaults. */
    private static final ObjectMapper SNAKE_JSON =
            new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    /** The package of the kinds this module's tests add; not shipped, so not documented. */
    static final String TEST_KINDS = "org.rlanything.it.";

    private final RecordDocs docs;
    private final StringBuilder out = new StringBuilder();

    /** The advanced keys' rows, by the heading of their section, in the page's order. */
    private final Map<String, List<String>> advanced = new LinkedHashMap<>();

    private int everyday;
    private int advancedKeys;

    ConfigReference(RecordDocs docs) {
        this.docs = docs;
    }

    /** The whole page. */
    String page() {
        JsonNode plain = effective("");
        section("trainer", "", TrainerConfig.class, plain.get("trainer"));
        section(
                "algorithm",
                "",
                AlgorithmConfig.class,
                SNAKE_JSON.valueToTree(AlgorithmConfig.defaults()));
        for (Section section : Section.values()) {
            Map<String, ? extends Provider<?>> kinds =
                    ProviderRegistry.get().section(section).all();
            kinds.forEach(
                    (kind, provider) -> {
                        if (provider.getClass().getName().startsWith(TEST_KINDS)) {
                            return;
                        }
                        JsonNode tree = effective(section.key() + ":\n  kind: " + kind + "\n");
                        section(
                                section.key(),
                                kind,
                                provider.configType(),
                                tree.get(section.key()));
                        if (section == Section.ENVIRONMENT) {
                            String line = algorithmDefaults(kind);
                            if (!line.isEmpty()) {
                                out.append('\n').append(line).append('\n');
                            }
                        }
                    });
        }
        out.append("\n## Experiment switches and expert bounds\n\n")
                .append(
                        "Keys a run of the method does not need to set, marked `@Advanced` in their")
                .append(
                        " records: experiment switches (an ablation arm, a project rule against the")
                .append(
                        " reference's, a simulated part for a measurement) and expert bounds (memory and")
                .append(" speed bounds of models larger than the embedded ones). They work as any")
                .append(
                        " other key; why each exists: [config.md](config.md#experiment-switches-and-expert-bounds).\n");
        advanced.forEach(
                (heading, rows) -> {
                    out.append("\n### ")
                            .append(heading)
                            .append("\n\n| key | default | what | meaning |\n|---|---|---|---|\n");
                    rows.forEach(out::append);
                });
        String tables = out.toString();
        StringBuilder page = new StringBuilder();
        page.append("# Config keys (generated)\n\n")
                .append(
                        "Generated from the settings records by `ConfigReferenceTest` (rlanything-it),")
                .append(" which fails when this page is stale; regenerate it with\n")
                .append("`mvn -pl rlanything-it -am test -Dtest=ConfigReferenceTest")
                .append(" -Dsurefire.failIfNoSpecifiedTests=false -Drlanything.docs.write=true`.\n")
                .append("Each key's meaning is its record's javadoc; defaults are the effective")
                .append(
                        " config's. How a config is read, ranges and examples: [config.md](config.md).\n")
                .append("The sections' tables hold the ")
                .append(everyday)
                .append(" keys a run may need; ")
                .append(advancedKeys)
                .append(
                        " more are [experiment switches and expert bounds](#experiment-switches-and-expert-bounds).\n");
        return page.append(tables).toString();
    }

    /**
     * "With {@code environment.kind: K} the {@code algorithm} defaults are: ..." for the keys in
     * which the kind's own algorithm defaults differ from the record's, or empty when none do.
     */
    static String algorithmDefaults(String kind) {
        EnvironmentProvider<?> provider = ProviderRegistry.get().environments().all().get(kind);
        JsonNode record = SNAKE_JSON.valueToTree(AlgorithmConfig.defaults());
        JsonNode own = SNAKE_JSON.valueToTree(provider.algorithmDefaults());
        List<String> differing = new ArrayList<>();
        own.fields()
                .forEachRemaining(
                        f -> {
                            if (!f.getValue().equals(record.get(f.getKey()))) {
                                differing.add("`" + f.getKey() + ": " + value(f.getValue()) + "`");
                            }
                        });
        return differing.isEmpty()
                ? ""
                : "With `environment.kind: "
                        + kind
                        + "` the `algorithm` defaults are: "
                        + String.join(", ", differing)
                        + ".";
    }

    /** The effective config of {@code yaml}, as a tree. */
    private static JsonNode effective(String yaml) {
        RunConfig config = ConfigLoader.parse(yaml, "config-reference", List.of());
        try {
            return YAML.readTree(ConfigLoader.toYaml(config));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void section(String key, String kind, Class<?> type, JsonNode values) {
        String heading = "`" + key + "`" + (kind.isEmpty() ? "" : " kind `" + kind + "`");
        out.append("\n## ").append(heading);
        out.append("\n\n| key | default | meaning |\n|---|---|---|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getKey().equals("kind")) {
                RecordComponent component = component(type, field.getKey());
                row(heading, field.getKey(), field.getValue(), component, docs(component));
            }
        }
        for (RecordComponent component : type.getRecordComponents()) {
            String name = SNAKE.translate(component.getName());
            if (!values.has(name) && !flattened(component)) {
                row(heading, name, null, component, docs(component));
            }
        }
    }

    /** A record component whose keys stand at its section's top level (a delegating record). */
    private static boolean flattened(RecordComponent component) {
        return component.getType().isRecord()
                && component.getDeclaringRecord().getRecordComponents().length == 1;
    }

    /**
     * The component of {@code type} that holds {@code key}, or (a delegating record) its one
     * record's; null for none.
     */
    private static RecordComponent component(Class<?> type, String key) {
        for (RecordComponent component : type.getRecordComponents()) {
            if (SNAKE.translate(component.getName()).equals(key)) {
                return component;
            }
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (flattened(component)) {
                return component(component.getType(), key);
            }
        }
        return null;
    }

    /** The key's meaning: its component's javadoc. */
    private String docs(RecordComponent component) {
        return component == null
                ? ""
                : docs.param(component.getDeclaringRecord(), component.getName());
    }

    /** A key's row: in its section's table, or among the advanced keys when it is marked. */
    private void row(
            String heading, String key, JsonNode value, RecordComponent component, String meaning) {
        String name = "`" + key + "`";
        String shown = value == null ? "none" : "`" + value(value) + "`";
        Advanced marked = component == null ? null : component.getAnnotation(Advanced.class);
        if (marked == null) {
            everyday++;
            out.append(cells(name, shown, meaning));
        } else {
            advancedKeys++;
            String what =
                    marked.value() == Advanced.Kind.EXPERIMENT_SWITCH
                            ? "experiment switch"
                            : "expert bound";
            advanced.computeIfAbsent(heading, h -> new ArrayList<>())
                    .add(cells(name, shown, what, meaning));
        }
    }

    /** One table row of {@code cells}. */
    private static String cells(String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    /** A default as a config would write it, on one line. */
    private static String value(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString().replace("|", "\\|");
    }
}
