package org.rlanything.alfworld.rewrite;

import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The ALFWorld {@link Rewriter}: a programmatic stand-in for the reference's rewriter LLM. It rewrites the
 * slot's active game in its own room with a {@link SceneRewriter}, steered by the critic feedback, and
 * proposes only candidates the planner has verified (method.md §5, §7). Deterministic given the generator.
 */
public final class AlfworldRewriter implements Rewriter {

    private final SceneRewriter rewriter;
    private final SceneTasks tasks;

    public AlfworldRewriter(SceneRewriter rewriter, SceneTasks tasks) {
        this.rewriter = Objects.requireNonNull(rewriter, "rewriter");
        this.tasks = Objects.requireNonNull(tasks, "tasks");
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        return proposal(request, rng).map(tasks::taskOf);
    }

    /** The verified proposal behind {@link #rewrite}, with its difficulty before and after. */
    public Optional<RewriteProposal> proposal(RewriteRequest request, RandomGenerator rng) {
        return rewriter.rewrite(tasks.sceneOf(request.active()), request.goal(), request.critic(), rng);
    }

    /** The check an ALFWorld {@code Environment.verify} applies: constraints hold and the planner wins it. */
    public Verification verify(Task task) {
        return rewriter.verifier().verify(tasks.sceneOf(task));
    }
}
