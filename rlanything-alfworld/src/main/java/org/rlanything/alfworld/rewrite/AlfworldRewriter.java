package org.rlanything.alfworld.rewrite;

import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.alfworld.gen.AlfredLogic;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.alfworld.gen.EnginePlanOracle;
import org.rlanything.alfworld.gen.SceneWriter;
import org.rlanything.alfworld.gen.TypeCatalog;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The ALFWorld {@link Rewriter}: a programmatic stand-in for the reference's rewriter LLM,
 * proposing only candidates the planner has verified (method.md §5, §7). By default ({@link
 * RewriteOperators#TYPE_SWAP}) it does what the reference does: swap the goal's two type tokens in
 * the slot's <em>original</em> game ({@link TypeSwapRewriter}), so rewrites never compound. With
 * {@link RewriteOperators#ALL} it edits the slot's active game with the {@link SceneRewriter}'s
 * operators, steered by the critic feedback. Deterministic given the generator.
 */
public final class AlfworldRewriter implements Rewriter {

    private final SceneRewriter rewriter;
    private final TypeSwapRewriter typeSwaps;
    private final RewriteOperators operators;
    private final SceneTasks tasks;

    /** A rewriter with the given operators; both rewriters must share one verifier's settings. */
    public AlfworldRewriter(SceneRewriter rewriter, RewriteOperators operators, SceneTasks tasks) {
        this.rewriter = Objects.requireNonNull(rewriter, "rewriter");
        this.typeSwaps = new TypeSwapRewriter(rewriter.verifier());
        this.operators = Objects.requireNonNull(operators, "operators");
        this.tasks = Objects.requireNonNull(tasks, "tasks");
    }

    /** The default rewriter: type swaps of the slot's original. */
    public AlfworldRewriter(SceneRewriter rewriter, SceneTasks tasks) {
        this(rewriter, RewriteOperators.TYPE_SWAP, tasks);
    }

    /**
     * The rewriter for the ALFWorld environment: the engine's tasks and planner, the data folder's
     * 2.1.3 logic, candidates won within {@code maxSteps} commands.
     */
    public static AlfworldRewriter create(AlfworldData data, int maxSteps) {
        return create(data, maxSteps, RewriteOperators.TYPE_SWAP);
    }

    /** As {@link #create(AlfworldData, int)}, with the given operators. */
    public static AlfworldRewriter create(
            AlfworldData data, int maxSteps, RewriteOperators operators) {
        CandidateVerifier verifier =
                new CandidateVerifier(
                        AlfredLogic.read213(data.logic213()),
                        new SceneWriter(TypeCatalog.standard()),
                        EnginePlanOracle.create(),
                        maxSteps);
        return new AlfworldRewriter(new SceneRewriter(verifier), operators, new EngineSceneTasks());
    }

    public RewriteOperators operators() {
        return operators;
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        return proposal(request, rng).map(tasks::taskOf);
    }

    /** The verified proposal behind {@link #rewrite}, with its difficulty before and after. */
    public Optional<RewriteProposal> proposal(RewriteRequest request, RandomGenerator rng) {
        if (operators == RewriteOperators.TYPE_SWAP) {
            return typeSwaps.rewrite(
                    tasks.sceneOf(request.original()),
                    tasks.sceneOf(request.active()),
                    request.goal(),
                    rng);
        }
        return rewriter.rewrite(
                tasks.sceneOf(request.active()), request.goal(), request.critic(), rng);
    }

    /**
     * The check an ALFWorld {@code Environment.verify} applies: constraints hold and the planner
     * wins it.
     */
    public Verification verify(Task task) {
        return rewriter.verifier().verify(tasks.sceneOf(task));
    }
}
