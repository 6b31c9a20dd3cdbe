package org.rlanything.it.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.rlanything.cli.config.ConfigLoader;
import org.rlanything.cli.config.RunConfig;
import org.rlanything.cli.config.TrainerConfig;
import org.rlanything.core.loop.AlgorithmConfig;
import org.rlanything.core.spi.Provider;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;

/**
 * {@code docs/config-reference.md}, generated from the settings records: every section and every
 * kind the registry finds, each key with its default (as the effective config writes it: {@link
 * ConfigLoader#toYaml}) and its meaning (the record's {@code @param} javadoc, {@link RecordDocs}).
 * An environment kind's {@code algorithm} defaults are shown with it where they differ.
 */
final class ConfigReference {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE =
            new PropertyNamingStrategies.SnakeCaseStrategy();

    /** The package of the kinds this module's tests add; not shipped, so not documented. */
    private static final String TEST_KINDS = "org.rlanything.it.";

    private final RecordDocs docs;
    private final StringBuilder out = new StringBuilder();

    ConfigReference(RecordDocs docs) {
        this.docs = docs;
    }

    /** The whole page. */
    String page() {
        out.append("# Config keys (generated)\n\n")
                .append(
                        "Generated from the settings records by `ConfigReferenceTest` (rlanything-it),")
                .append(" which fails when this page is stale; regenerate it with\n")
                .append("`mvn -pl rlanything-it -am test -Dtest=ConfigReferenceTest")
                .append(" -Dsurefire.failIfNoSpecifiedTests=false -Drlanything.docs.write=true`.\n")
                .append("Each key's meaning is its record's javadoc; defaults are the effective")
                .append(
                        " config's. How a config is read, ranges and examples: [config.md](config.md).\n");
        JsonNode plain = effective("");
        section("trainer", "", TrainerConfig.class, plain.get("trainer"));
        section("algorithm", "", AlgorithmConfig.class, plain.get("algorithm"));
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
                            algorithmDefaults(kind, plain.get("algorithm"), tree.get("algorithm"));
                        }
                    });
        }
        return out.toString();
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
        out.append("\n## `").append(key).append('`');
        if (!kind.isEmpty()) {
            out.append(" kind `").append(kind).append('`');
        }
        out.append("\n\n| key | default | meaning |\n|---|---|---|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getKey().equals("kind")) {
                row(field.getKey(), field.getValue(), describe(type, field.getKey()));
            }
        }
        for (RecordComponent component : type.getRecordComponents()) {
            String name = SNAKE.translate(component.getName());
            if (!values.has(name) && !flattened(component)) {
                row(name, null, docs.param(type, component.getName()));
            }
        }
    }

    /** The kind's {@code algorithm} defaults that differ from the plain ones. */
    private void algorithmDefaults(String kind, JsonNode plain, JsonNode own) {
        StringBuilder differing = new StringBuilder();
        own.fields()
                .forEachRemaining(
                        f -> {
                            if (!f.getValue().equals(plain.get(f.getKey()))) {
                                differing
                                        .append(differing.isEmpty() ? "" : ", ")
                                        .append('`')
                                        .append(f.getKey())
                                        .append(": ")
                                        .append(value(f.getValue()))
                                        .append('`');
                            }
                        });
        if (!differing.isEmpty()) {
            out.append("\nWith `environment.kind: ")
                    .append(kind)
                    .append("` the `algorithm` defaults are: ")
                    .append(differing)
                    .append(".\n");
        }
    }

    /** A record component whose keys stand at its section's top level (a delegating record). */
    private static boolean flattened(RecordComponent component) {
        return component.getType().isRecord()
                && component.getDeclaringRecord().getRecordComponents().length == 1;
    }

    /** The key's meaning: the component's javadoc, or (a delegating record) its one record's. */
    private String describe(Class<?> type, String key) {
        for (RecordComponent component : type.getRecordComponents()) {
            if (SNAKE.translate(component.getName()).equals(key)) {
                return docs.param(type, component.getName());
            }
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (flattened(component)) {
                return describe(component.getType(), key);
            }
        }
        return "";
    }

    private void row(String key, JsonNode value, String meaning) {
        out.append("| `")
                .append(key)
                .append("` | ")
                .append(value == null ? "none" : "`" + value(value) + "`")
                .append(" | ")
                .append(meaning)
                .append(" |\n");
    }

    /** A default as a config would write it, on one line. */
    private static String value(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString().replace("|", "\\|");
    }
}
