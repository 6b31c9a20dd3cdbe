package org.rlanything.core.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.rlanything.core.Environment;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.Evaluator;

/**
 * The environment side of a run, made by an {@link EnvironmentProvider}.
 *
 * @param kind the environment kind (for messages)
 * @param name a short name for metrics ({@code val-core/<name>/...}) and the report
 * @param environment the environment
 * @param tasks the original tasks, one slot each
 * @param codec turns tasks into text for checkpoints
 * @param rewriter the rewriter
 * @param evaluator the held-out evaluation
 * @param dataManifest the manifest file of the data the environment reads (hashed into each
 *     checkpoint's provenance); null when the environment reads no data
 * @param extensions typed hooks the environment offers to the model kinds (for example how to make
 *     neural models for its prompts), by type
 */
public record EnvironmentParts(
        String kind,
        String name,
        Environment environment,
        List<Task> tasks,
        TaskCodec codec,
        Rewriter rewriter,
        Evaluator evaluator,
        Path dataManifest,
        Map<Class<?>, Object> extensions) {
    public EnvironmentParts {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(environment, "environment");
        tasks = List.copyOf(tasks);
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(rewriter, "rewriter");
        extensions = Map.copyOf(extensions);
        extensions.forEach(
                (type, value) -> {
                    if (!type.isInstance(value)) {
                        throw new IllegalArgumentException(
                                "The extension for "
                                        + type.getName()
                                        + " is a "
                                        + value.getClass().getName()
                                        + ".");
                    }
                });
    }

    /** The extension of {@code type}, if the environment offers one. */
    public <T> Optional<T> extension(Class<T> type) {
        return Optional.ofNullable(extensions.get(type)).map(type::cast);
    }

    /**
     * The extension of {@code type}; else an {@link IllegalArgumentException} saying that {@code
     * section} {@code kind} does not work with this environment kind.
     */
    public <T> T require(Class<T> type, Section section, String kind) {
        return extension(type)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        section.key()
                                                + ".kind "
                                                + kind
                                                + " does not work with environment.kind "
                                                + this.kind
                                                + " (it offers no "
                                                + type.getSimpleName()
                                                + ")."));
    }
}
