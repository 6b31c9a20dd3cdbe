package org.rlanything.alfworld.rewrite;

import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.AlfredLogic;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.alfworld.gen.EnginePlanOracle;
import org.rlanything.alfworld.gen.ProblemWriter;
import org.rlanything.alfworld.gen.TypeCatalog;
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

    /**
     * The rewriter for the ALFWorld environment: the engine's tasks and planner, the data folder's 2.1.3
     * logic, candidates won within {@code maxSteps} commands.
     */
    public static AlfworldRewriter create(AlfworldData data, int maxSteps) {
        CandidateVerifier verifier = new CandidateVerifier(AlfredLogic.read213(data.logic213()),
                new ProblemWriter(TypeCatalog.standard()), EnginePlanOracle.create(), maxSteps);
        return new AlfworldRewriter(new SceneRewriter(verifier), new EngineSceneTasks());
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
