package org.rlanything.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;

/**
 * The GUI rewriter of method.md §7: it never writes a checker; it only moves a task among the
 * human-written variant pages of its family ({@link MiniwobVariants}) and adds or removes the
 * {@link Hints hint}. Harder: remove the hint, or switch to the next harder variant. Easier: add
 * the hint, or switch to the next easier variant. When both moves are possible, {@code rng} picks
 * one, so that k samples of a request can propose both; when none is, it declines.
 */
public final class MiniwobRewriter implements Rewriter {

    private final MiniwobVariants variants;

    public MiniwobRewriter(MiniwobVariants variants) {
        this.variants = variants;
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        if (!(request.active() instanceof MiniwobTask task)) {
            throw new IllegalArgumentException(
                    "The MiniWoB++ rewriter rewrites MiniwobTask tasks, got "
                            + request.active().id());
        }
        List<MiniwobTask> moves = new ArrayList<>(2);
        if (request.goal() == RewriteGoal.HARDER) {
            if (task.hint()) {
                moves.add(task.withHint(false));
            }
            variants.harder(task).ifPresent(v -> moves.add(v.withHint(task.hint())));
        } else {
            if (!task.hint()) {
                moves.add(task.withHint(true));
            }
            variants.easier(task).ifPresent(v -> moves.add(v.withHint(task.hint())));
        }
        if (moves.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(moves.get(rng.nextInt(moves.size())));
    }
}
