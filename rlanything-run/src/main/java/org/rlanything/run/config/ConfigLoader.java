package org.rlanything.run.config;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.rlanything.core.config.InvalidValueException;
import org.rlanything.core.spi.EnvironmentConfig;
import org.rlanything.core.spi.EnvironmentProvider;
import org.rlanything.core.spi.Kinds;
import org.rlanything.core.spi.Provider;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads a YAML run configuration, applies dotted command-line overrides ({@code
 * trainer.iterations=5}), and maps it onto the validated {@link RunConfig} records. Strict: unknown
 * keys, wrong types (no coercion of text to numbers, no fractions for integers) and out-of-range
 * values fail before any work starts, with a message naming the file and line (or the override),
 * the dotted key and what was expected; an unknown key gets the nearest valid name as a suggestion.
 * The kinds of the {@code environment}, {@code policy} and {@code reward_model} sections, and their
 * settings records, come from the {@link ProviderRegistry}: a module that provides a kind needs no
 * edit here.
 */
public final class ConfigLoader {

    private static final YAMLMapper BASE =
            YAMLMapper.builder()
                    .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .enable(
                            DeserializationFeature
                                    .FAIL_ON_NUMBERS_FOR_ENUMS) // arm: 1 is not a name
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .disable(
                            YAMLGenerator.Feature
                                    .USE_NATIVE_TYPE_ID) // kinds as 'kind:' keys, as users write
                    // them
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .serializationInclusion(
                            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                    .build();

    /**
     * Marks a kinded section's settings: its {@code kind} key names the provider's settings record.
     */
    @com.fasterxml.jackson.annotation.JsonTypeInfo(
            use = com.fasterxml.jackson.annotation.JsonTypeInfo.Id.NAME,
            property = "kind")
    private interface Kinded {}

    /** The mapper of {@link #mappedKinds}: made again when plugins change the registry. */
    private static YAMLMapper mapper;

    private static ProviderRegistry mappedKinds;

    static {
        for (Section section : Section.values()) {
            BASE.addMixIn(section.configType(), Kinded.class);
        }
        // Text is never read as a number or a boolean: "0.5" in quotes is a mistake worth
        // reporting.
        for (LogicalType type :
                new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            BASE.coercionConfigFor(type)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        BASE.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    }

    /**
     * The mapper that knows the kinds of the installed registry (plugins may install another one
     * between two command lines of one process; Jackson fixes a type's subtypes once it has read
     * one, so each registry gets its own copy).
     */
    private static synchronized YAMLMapper mapper() {
        ProviderRegistry registry = ProviderRegistry.get();
        if (registry != mappedKinds) {
            YAMLMapper copy = BASE.copy();
            for (Section section : Section.values()) {
                registry.section(section)
                        .all()
                        .forEach(
                                (kind, provider) ->
                                        copy.registerSubtypes(
                                                new com.fasterxml.jackson.databind.jsontype
                                                        .NamedType(provider.configType(), kind)));
            }
            mapper = copy;
            mappedKinds = registry;
        }
        return mapper;
    }

    /**
     * The largest config file read (1 MiB): checked before reading, so that a huge file is refused
     * at once (YAML's own 3 MiB limit applied only after seconds of regular-expression and parser
     * work on the whole text).
     */
    static final long MAX_BYTES = 1L << 20;

    private ConfigLoader() {}

    /**
     * Loads {@code file} with {@code overrides} applied in order. A top-level {@code extends: BASE}
     * (a path relative to the file) reads the base config first and lays this file's keys over it,
     * key by key within each section, so that a variant (one ablation arm) names only what differs.
     */
    public static RunConfig load(Path file, List<String> overrides) {
        String text = read(file);
        Path absolute = file.toAbsolutePath().normalize();
        ObjectNode own = tree(text, file.toString());
        if (!own.has("extends")) {
            return validate(own, List.of(new Source(file.toString(), text)), overrides);
        }
        List<Source> sources = new ArrayList<>(List.of(new Source(file.toString(), text)));
        ObjectNode tree = resolve(absolute, own, new ArrayList<>(List.of(absolute)), sources);
        return validate(tree, sources, overrides);
    }

    /**
     * Loads the {@code config.yaml} a run folder recorded. Earlier versions wrote unset optional
     * keys as {@code key: null} (a user's config may not: null is refused there); in a recorded
     * file such a line means "not set" and is dropped, so that runs written by those versions
     * resume and evaluate.
     */
    public static RunConfig loadRecorded(Path file, List<String> overrides) {
        String text = RECORDED_NULL.matcher(read(file)).replaceAll("");
        if (text.isBlank()) {
            throw new ConfigException(
                    file
                            + " is empty: a run folder's config.yaml records the run's whole"
                            + " configuration (restore it from a copy; the checkpoints' manifest.json"
                            + " holds it as provenance.effective_config).");
        }
        return validate(
                tree(text, file.toString()), List.of(new Source(file.toString(), text)), overrides);
    }

    private static final java.util.regex.Pattern RECORDED_NULL =
            java.util.regex.Pattern.compile("(?m)^ *[a-z_]+: null *\\R");

    /** A config file's name and text, to locate a key in the file that sets it. */
    private record Source(String name, String text) {}

    /** {@code own} (the tree of {@code file}) laid over the configs it extends, transitively. */
    private static ObjectNode resolve(
            Path file, ObjectNode own, List<Path> chain, List<Source> sources) {
        ObjectNode tree = own.deepCopy();
        JsonNode base = tree.remove("extends");
        if (base == null) {
            return tree;
        }
        if (!base.isTextual() || base.asText().isBlank()) {
            throw new ConfigException(
                    file
                            + ", key 'extends': expected the path of a base config file (relative to"
                            + " this file), got "
                            + base
                            + ".");
        }
        Path basePath = file.getParent().resolve(base.asText()).normalize();
        if (chain.contains(basePath)) {
            throw new ConfigException(
                    file
                            + ", key 'extends': "
                            + basePath
                            + " is already in the chain "
                            + chain
                            + "; a config cannot extend itself.");
        }
        if (!Files.isRegularFile(basePath)) {
            throw new ConfigException(
                    file
                            + ", key 'extends': the base config "
                            + basePath
                            + " does not exist (or is not a file).");
        }
        chain.add(basePath);
        String baseText = read(basePath);
        sources.add(new Source(basePath.toString(), baseText));
        ObjectNode merged = resolve(basePath, tree(baseText, basePath.toString()), chain, sources);
        layOver(merged, tree);
        return merged;
    }

    private static String read(Path file) {
        if (Files.isDirectory(file)) {
            throw new ConfigException(
                    file
                            + " is a folder, not a config file; give a YAML file such as"
                            + " configs/demo.yaml (or, to continue a run in that folder, train --resume "
                            + file
                            + ").");
        }
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(
                    "The config file " + file + " does not exist (or is not a file).");
        }
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ConfigException(
                        "The config file "
                                + file
                                + " has "
                                + size
                                + " bytes, more than the "
                                + MAX_BYTES
                                + " a config may have (the shipped ones have a few hundred);"
                                + " give a YAML config such as configs/demo.yaml.");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ConfigException(
                    "The config file "
                            + file
                            + " is not UTF-8 text (a binary or compressed file?);"
                            + " give a YAML config such as configs/demo.yaml.",
                    e);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConfigException(
                    "The config file "
                            + file
                            + " cannot be read: permission denied; check its"
                            + " permissions (chmod u+r).",
                    e);
        } catch (IOException e) {
            throw new ConfigException(
                    "The config file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Sets every key of {@code top} on {@code base}; sections (mappings) are merged key by key,
     * except that a section naming another {@code kind} replaces the base's section whole (the
     * base's keys belong to a different backend and mean nothing to this one).
     */
    private static void layOver(ObjectNode base, ObjectNode top) {
        top.fields()
                .forEachRemaining(
                        entry -> {
                            JsonNode below = base.get(entry.getKey());
                            if (below instanceof ObjectNode section
                                    && entry.getValue() instanceof ObjectNode over
                                    && !(over.has("kind")
                                            && !over.get("kind").equals(section.get("kind")))) {
                                layOver(section, over);
                            } else {
                                base.set(entry.getKey(), entry.getValue());
                            }
                        });
    }

    /** Parses YAML text; {@code source} names it in errors. */
    public static RunConfig parse(String text, String source, List<String> overrides) {
        return validate(tree(text, source), List.of(new Source(source, text)), overrides);
    }

    /**
     * Run folders written before kinds were keys mark them with YAML tags ({@code environment:
     * !<alfworld>}); such a tag becomes the section's first key, {@code kind: alfworld}, so that
     * those runs load too.
     */
    private static final java.util.regex.Pattern LEGACY_KIND_TAG =
            java.util.regex.Pattern.compile("(?m)^( *)([a-z_]+): *!<([A-Za-z0-9_-]+)> *$");

    private static ObjectNode tree(String text, String source) {
        text = LEGACY_KIND_TAG.matcher(text).replaceAll("$1$2:\n$1  kind: $3");
        Scalars.check(text, source);
        JsonNode tree;
        try {
            tree = text.isBlank() ? JsonNodeFactory.instance.objectNode() : mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new ConfigException(
                    source
                            + (e.getLocation() != null && e.getLocation().getLineNr() > 0
                                    ? ", line " + e.getLocation().getLineNr()
                                    : "")
                            + ": this is not valid YAML ("
                            + e.getOriginalMessage()
                            + ").",
                    e);
        }
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            tree = JsonNodeFactory.instance.objectNode();
        }
        if (!tree.isObject()) {
            throw new ConfigException(
                    source
                            + ": expected a mapping of sections (trainer, environment, policy,"
                            + " reward_model, algorithm) at the top level.");
        }
        return (ObjectNode) tree;
    }

    /**
     * Applies the overrides and maps the tree onto the records; {@code text} locates keys for
     * messages.
     */
    private static RunConfig validate(
            ObjectNode tree, List<Source> sources, List<String> overrides) {
        List<Override> applied = new ArrayList<>();
        for (String override : overrides) {
            applied.add(Override.apply((ObjectNode) tree, override));
        }
        checkKinds((ObjectNode) tree, sources, applied);
        fillKinds(tree);
        layEnvironmentDefaults(tree);
        try {
            RunConfig config = mapper().treeToValue(tree, RunConfig.class);
            requireTexts(tree, config, new ArrayList<>(), sources, applied);
            return config;
        } catch (JsonProcessingException e) {
            throw translate(e, sources, applied);
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof JsonProcessingException) {
                throw translate((JsonProcessingException) e.getCause(), sources, applied);
            }
            throw e;
        }
    }

    /**
     * Refuses a number or a boolean where a settings record has a text ({@code run_dir: 5} is a
     * slip, not the folder {@code ./5}), walking the records the tree was mapped onto; free-form
     * maps (an engine's settings) take any scalar as text. Jackson's coercion settings cannot tell
     * the two apart, so the check walks the records' components itself.
     */
    private static void requireTexts(
            JsonNode tree,
            Object value,
            List<String> path,
            List<Source> sources,
            List<Override> overrides) {
        if (value == null || !value.getClass().isRecord() || !tree.isObject()) {
            return;
        }
        for (java.lang.reflect.RecordComponent component : value.getClass().getRecordComponents()) {
            if (component.getAccessor().isAnnotationPresent(JsonValue.class)) {
                // a record that reads and writes its section through one component (its
                // @JsonValue): that component's keys are the section's own
                requireTexts(tree, read(component, value), path, sources, overrides);
                continue;
            }
            String key = SNAKE.translate(component.getName());
            JsonNode node = tree.get(key);
            if (node == null) {
                continue;
            }
            path.add(key);
            if (component.getType() == String.class && (node.isNumber() || node.isBoolean())) {
                String dotted = String.join(".", path);
                String problem =
                        "expected a text, got "
                                + node
                                + " (quote it, '"
                                + node.asText()
                                + "', if a text is meant).";
                for (Override override : overrides) {
                    if (dotted.equals(override.key())) {
                        throw new ConfigException(
                                "Command-line override '"
                                        + override.text()
                                        + "': "
                                        + dotted
                                        + ": "
                                        + problem);
                    }
                }
                throw new ConfigException(locate(sources, path) + ": " + dotted + ": " + problem);
            }
            requireTexts(node, read(component, value), path, sources, overrides);
            path.remove(path.size() - 1);
        }
    }

    private static Object read(java.lang.reflect.RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot read " + component, e);
        }
    }

    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE =
            new PropertyNamingStrategies.SnakeCaseStrategy();

    /**
     * The configuration as YAML, with every default filled in (the run folder's effective config).
     */
    public static String toYaml(RunConfig config) {
        try {
            return mapper().writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The configuration cannot be written as YAML.", e);
        }
    }

    /**
     * The SHA-256 of the effective config less {@code trainer.iterations} (which a resume may
     * raise), less {@code trainer.engine} (where the work runs: a cluster's members may change
     * between runs) and less every value equal to its default: what a run's checkpoints record to
     * show which run they belong to. Leaving defaults out keeps the hash of a recorded run when a
     * later version adds a key.
     */
    public static String identityHash(RunConfig config) {
        ObjectNode tree = mapper().valueToTree(config);
        ObjectNode kinds = JsonNodeFactory.instance.objectNode();
        for (Section kinded : Section.values()) {
            if (tree.path(kinded.key()).has("kind")) {
                kinds.putObject(kinded.key()).set("kind", tree.path(kinded.key()).get("kind"));
            }
        }
        ObjectNode defaults = defaultsOf(kinds);
        if (tree.get("trainer") instanceof ObjectNode trainer) {
            trainer.remove("iterations");
            trainer.remove("engine");
        }
        tree.fields()
                .forEachRemaining(
                        section -> {
                            if (section.getValue() instanceof ObjectNode keys
                                    && defaults.get(section.getKey())
                                            instanceof ObjectNode fallback) {
                                keys.properties()
                                        .removeIf(
                                                key ->
                                                        !key.getKey().equals("kind")
                                                                && key.getValue()
                                                                        .equals(
                                                                                fallback.get(
                                                                                        key
                                                                                                .getKey())));
                            }
                        });
        try {
            byte[] bytes = mapper().writeValueAsBytes(tree);
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (JsonProcessingException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("The configuration cannot be hashed.", e);
        }
    }

    private static ObjectNode defaultsOf(ObjectNode kinds) {
        try {
            return mapper().valueToTree(mapper().treeToValue(kinds, RunConfig.class));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    private static ConfigException translate(
            JsonProcessingException e, List<Source> sources, List<Override> overrides) {
        List<String> path = new ArrayList<>();
        if (e instanceof JsonMappingException) {
            for (JsonMappingException.Reference reference : ((JsonMappingException) e).getPath()) {
                if (reference.getFieldName() != null) {
                    path.add(reference.getFieldName());
                } else if (reference.getIndex() >= 0) {
                    path.add(Integer.toString(reference.getIndex()));
                }
            }
        }
        String problem;
        if (e instanceof UnrecognizedPropertyException) {
            UnrecognizedPropertyException unknown = (UnrecognizedPropertyException) e;
            String suggestion =
                    Nearest.of(unknown.getPropertyName(), names(unknown.getKnownPropertyIds()));
            problem =
                    "unknown key"
                            + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)")
                            + "; valid keys here: "
                            + String.join(", ", names(unknown.getKnownPropertyIds()))
                            + ".";
        } else if (e instanceof ValueInstantiationException
                && e.getCause() instanceof InvalidValueException) {
            InvalidValueException invalid = (InvalidValueException) e.getCause();
            path.addAll(List.of(invalid.key().split("\\.")));
            problem = invalid.problem();
        } else if (e instanceof ValueInstantiationException
                && e.getCause() instanceof IllegalArgumentException refusal) {
            // a settings record's own check (not through Check): its message, without Jackson's
            problem = refusal.getMessage();
        } else if (e instanceof MismatchedInputException) {
            Class<?> target = ((MismatchedInputException) e).getTargetType();
            problem = "expected " + describe(target) + ".";
        } else {
            problem = e.getOriginalMessage();
        }
        String key = String.join(".", path);
        for (Override override : overrides) {
            if (key.equals(override.key()) || key.startsWith(override.key() + ".")) {
                return new ConfigException(
                        "Command-line override '" + override.text() + "': " + key + ": " + problem,
                        e);
            }
        }
        return new ConfigException(locate(sources, path) + ": " + key + ": " + problem, e);
    }

    /** "FILE, line N" of the file that sets {@code path} (the top file first, then its bases). */
    private static String locate(List<Source> sources, List<String> path) {
        for (Source source : sources) {
            if (YamlLines.lineOfExact(source.text(), path) > 0) {
                return source.name() + ", line " + YamlLines.lineOfExact(source.text(), path);
            }
        }
        int line = YamlLines.lineOf(sources.get(0).text(), path);
        String top =
                sources.get(0).name()
                        + (sources.size() > 1 ? " (with the configs it extends)" : "");
        return top + (line > 0 ? ", line " + line : "");
    }

    private static List<String> names(Collection<Object> ids) {
        List<String> names = new ArrayList<>();
        for (Object id : ids) {
            names.add(String.valueOf(id));
        }
        names.sort(null);
        return names;
    }

    /**
     * An unknown {@code kind} would silently fall back to the default implementation: reject it
     * first.
     */
    private static void checkKinds(
            ObjectNode tree, List<Source> sources, List<Override> overrides) {
        for (Section kinded : Section.values()) {
            JsonNode section = tree.get(kinded.key());
            if (section == null || !section.isObject() || !section.has("kind")) {
                continue;
            }
            List<String> known = ProviderRegistry.get().kinds(kinded);
            String kind = section.get("kind").asText();
            if (!known.contains(kind)) {
                String suggestion = Nearest.of(kind, known);
                String key = kinded.key() + ".kind";
                String problem =
                        "unknown kind '"
                                + kind
                                + "'"
                                + (suggestion == null
                                        ? ""
                                        : " (did you mean '" + suggestion + "'?)")
                                + "; expected one of "
                                + String.join(", ", known)
                                + ". "
                                + Kinds.HOW_TO_ADD;
                for (Override override : overrides) {
                    if (override.key().equals(key) || override.key().equals(kinded.key())) {
                        throw new ConfigException(
                                "Command-line override '"
                                        + override.text()
                                        + "': "
                                        + key
                                        + ": "
                                        + problem);
                    }
                }
                throw new ConfigException(
                        locate(sources, List.of(kinded.key(), "kind"))
                                + ": "
                                + key
                                + ": "
                                + problem);
            }
        }
    }

    /**
     * A kinded section that names no kind is its default kind's (a section left out is, in {@link
     * RunConfig}).
     */
    private static void fillKinds(ObjectNode tree) {
        for (Section kinded : Section.values()) {
            if (tree.get(kinded.key()) instanceof ObjectNode section && !section.has("kind")) {
                Provider<?> provider =
                        ProviderRegistry.get()
                                .section(kinded)
                                .defaultProvider()
                                .orElseThrow(
                                        () ->
                                                new ConfigException(
                                                        kinded.key()
                                                                + ".kind: missing, and no kind is the default; expected one of "
                                                                + String.join(
                                                                        ", ",
                                                                        ProviderRegistry.get()
                                                                                .kinds(kinded))
                                                                + "."));
                ObjectNode withKind =
                        JsonNodeFactory.instance.objectNode().put("kind", provider.kind());
                withKind.setAll(section);
                tree.set(kinded.key(), withKind);
            }
        }
    }

    /**
     * Lays the environment kind's own {@code algorithm} section ({@link
     * EnvironmentProvider#algorithmDefaults}, a typed record) under the keys the config leaves out,
     * so that each kind's sizes are declared once, by its provider.
     */
    private static void layEnvironmentDefaults(ObjectNode tree) {
        JsonNode kind = tree.path("environment").path("kind");
        Kinds<EnvironmentConfig, EnvironmentProvider<?>> kinds =
                ProviderRegistry.get().environments();
        EnvironmentProvider<?> environment =
                (kind.isTextual() ? kinds.find(kind.asText()) : kinds.defaultProvider())
                        .orElse(null);
        if (environment == null) {
            return;
        }
        if (tree.get("algorithm") != null && !tree.get("algorithm").isObject()) {
            return; // reported as "expected a mapping" when mapped
        }
        ObjectNode algorithm =
                tree.get("algorithm") == null
                        ? tree.putObject("algorithm")
                        : (ObjectNode) tree.get("algorithm");
        ObjectNode defaults = mapper().valueToTree(environment.algorithmDefaults());
        defaults.fields()
                .forEachRemaining(
                        entry -> {
                            if (!algorithm.has(entry.getKey())) {
                                algorithm.set(entry.getKey(), entry.getValue());
                            }
                        });
    }

    private static String describe(Class<?> target) {
        if (target == null) {
            return "a value of another type";
        }
        if (target == Integer.class
                || target == int.class
                || target == Long.class
                || target == long.class) {
            return "an integer";
        }
        if (target == Double.class || target == double.class) {
            return "a number";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "true or false";
        }
        if (target == String.class) {
            return "a text";
        }
        if (target.isEnum()) {
            List<String> values = new ArrayList<>();
            for (Object constant : target.getEnumConstants()) {
                values.add(constant.toString());
            }
            return "one of " + String.join(", ", values);
        }
        if (List.class.isAssignableFrom(target)) {
            return "a list";
        }
        return "a mapping of keys (a section)";
    }

    /** A YAML comment in a plain value: '#' at its start or after a space. */
    private static final java.util.regex.Pattern COMMENT =
            java.util.regex.Pattern.compile("(^|\\s)#");

    /** One applied {@code key=value} override. */
    private record Override(String text, String key) {
        static Override apply(ObjectNode root, String text) {
            int equals = text.indexOf('=');
            if (equals <= 0) {
                throw new ConfigException(
                        "Command-line override '"
                                + text
                                + "' is not of the form section.key=value.");
            }
            String key = text.substring(0, equals).strip();
            String raw = text.substring(equals + 1).strip();
            if (COMMENT.matcher(raw).find() && !raw.startsWith("'") && !raw.startsWith("\"")) {
                throw new ConfigException(
                        "Command-line override '"
                                + text
                                + "': "
                                + key
                                + ": the value holds a YAML comment ('#' after a space), which would"
                                + " be dropped silently; remove it (or quote a text that holds '#').");
            }
            String problem = Scalars.problemOfOverride(raw);
            if (problem != null) {
                throw new ConfigException(
                        "Command-line override '" + text + "': " + key + ": " + problem);
            }
            JsonNode value;
            try {
                value = raw.isEmpty() ? TextNode.valueOf("") : mapper().readTree(raw);
            } catch (JsonProcessingException | RuntimeException e) {
                value = TextNode.valueOf(raw);
            }
            String[] parts = key.split("\\.");
            ObjectNode node = root;
            for (int i = 0; i < parts.length - 1; i++) {
                JsonNode child = node.get(parts[i]);
                if (child == null || child.isNull()) {
                    child = node.putObject(parts[i]);
                } else if (!child.isObject()) {
                    throw new ConfigException(
                            "Command-line override '"
                                    + text
                                    + "': "
                                    + String.join(".", java.util.Arrays.copyOf(parts, i + 1))
                                    + " is not a section.");
                }
                node = (ObjectNode) child;
            }
            node.set(parts[parts.length - 1], value);
            return new Override(text, key);
        }
    }

    /** Finds the line of a dotted key in YAML text (1-based; 0 when not found). */
    static final class YamlLines {
        private YamlLines() {}

        /** The line of {@code path} when the text sets the whole path; 0 otherwise. */
        static int lineOfExact(String text, List<String> path) {
            int[] found = find(text, path);
            return found[1] == path.size() ? found[0] : 0;
        }

        static int lineOf(String text, List<String> path) {
            return find(text, path)[0];
        }

        /** {line of the deepest key found, how many keys of the path were found}. */
        private static int[] find(String text, List<String> path) {
            Node node;
            try {
                node = new Yaml(new LoaderOptions()).compose(new java.io.StringReader(text));
            } catch (RuntimeException e) {
                return new int[] {0, 0};
            }
            int line = 0;
            int depth = 0;
            for (String key : path) {
                if (!(node instanceof MappingNode)) {
                    break;
                }
                Node next = null;
                for (NodeTuple tuple : ((MappingNode) node).getValue()) {
                    if (tuple.getKeyNode() instanceof ScalarNode
                            && ((ScalarNode) tuple.getKeyNode()).getValue().equals(key)) {
                        line = tuple.getKeyNode().getStartMark().getLine() + 1;
                        next = tuple.getValueNode();
                        break;
                    }
                }
                if (next == null) {
                    break;
                }
                depth++;
                node = next;
            }
            return new int[] {line, depth};
        }
    }

    /** Nearest valid name by edit distance, or null when nothing is close. */
    static final class Nearest {
        private Nearest() {}

        static String of(String wrong, List<String> candidates) {
            String best = null;
            int bestDistance = Integer.MAX_VALUE;
            Set<String> unique = new LinkedHashSet<>(candidates);
            for (String candidate : unique) {
                int d = LevenshteinDistance.getDefaultInstance().apply(wrong, candidate);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = candidate;
                }
            }
            return best != null && bestDistance <= Math.max(2, wrong.length() / 2) ? best : null;
        }
    }
}
