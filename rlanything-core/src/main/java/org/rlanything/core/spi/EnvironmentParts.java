package org.rlanything.core.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.rlanything.core.Environment;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.core.loop.Evaluator;
import org.rlanything.core.loop.TaskFeedback;

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
 * @param taskFeedback the environment's feedback on a whole task's rollouts, used instead of step
 *     judging (the coding settings); null for step judging
 * @param hooks what the environment offers the model kinds ({@link ModelHooks#NONE} for nothing)
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
        TaskFeedback<?> taskFeedback,
        ModelHooks hooks) {
    public EnvironmentParts {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(environment, "environment");
        tasks = List.copyOf(tasks);
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(rewriter, "rewriter");
        Objects.requireNonNull(hooks, "hooks");
    }

    /** The environment's task feedback, if it replaces step judging. */
    public Optional<TaskFeedback<?>> feedback() {
        return Optional.ofNullable(taskFeedback);
    }

    /** These parts with another rewriter (a config's {@code rewriter} section). */
    public EnvironmentParts withRewriter(Rewriter other) {
        return new EnvironmentParts(
                kind,
                name,
                environment,
                tasks,
                codec,
                other,
                evaluator,
                dataManifest,
                taskFeedback,
                hooks);
    }

    /** These parts with other hooks (the environment's own joined to its bridges'). */
    public EnvironmentParts withHooks(ModelHooks other) {
        return new EnvironmentParts(
                kind,
                name,
                environment,
                tasks,
                codec,
                rewriter,
                evaluator,
                dataManifest,
                taskFeedback,
                other);
    }

    /**
     * An {@link IllegalArgumentException} saying that {@code section} {@code kind} does not work
     * with this environment kind, which offers no {@code hook}.
     */
    public IllegalArgumentException refuses(Section section, String kind, String hook) {
        return new org.rlanything.core.BadInputException(
                section.key()
                        + ".kind "
                        + kind
                        + " does not work with environment.kind "
                        + this.kind
                        + " (it offers no "
                        + hook
                        + ").");
    }
}
