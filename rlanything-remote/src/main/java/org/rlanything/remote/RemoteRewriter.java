package org.rlanything.remote;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;

/**
 * The remote environment's own rewriter: {@code /rewrite} with the active and original task, the
 * goal, the accuracy, the critic's summary and a seed drawn from {@code rng}; a server that
 * declines answers {@code {"task": null}}.
 */
final class RemoteRewriter implements Rewriter {

    private final RemoteServer server;

    RemoteRewriter(RemoteServer server) {
        this.server = server;
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        return server.rewrite(
                        RemoteTextEnvironment.cast(request.original()),
                        RemoteTextEnvironment.cast(request.active()),
                        request.goal(),
                        request.previousAccuracy(),
                        request.critic().summary(),
                        rng.nextLong())
                .map(Task.class::cast);
    }
}
