package org.rlanything.remote;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * The {@link Environment} of {@code environment.kind: remote}: each episode is one {@code /reset}
 * and its {@code /step}s on the server; {@link #verify} asks the server's {@code /verify}. The
 * episode's randomness is the seed sent with {@code /reset}, so the same task and seed replay the
 * same episode when the server draws only from it; {@link #demonstration} asks its optional {@code
 * /demonstrate}. Closing it ends the process it started.
 */
public final class RemoteTextEnvironment implements Environment, AutoCloseable {

    private final RemoteServer server;
    private final AutoCloseable owned;
    private final String prefix = UUID.randomUUID().toString().substring(0, 8) + "-";
    private final AtomicLong episodes = new AtomicLong();

    /**
     * @param server the server's protocol
     * @param owned what closing this environment closes (the started process), or null
     */
    public RemoteTextEnvironment(RemoteServer server, AutoCloseable owned) {
        this.server = server;
        this.owned = owned;
    }

    @Override
    public EnvironmentSession start(Task task, RandomGenerator rng) {
        JsonTask json = cast(task);
        String episode = prefix + episodes.incrementAndGet();
        return new Session(episode, server.reset(json, rng.nextLong(), episode));
    }

    @Override
    public Verification verify(Task task) {
        return server.verify(cast(task));
    }

    /**
     * The server's solver's next command in {@code session} ({@code /demonstrate}): empty at the
     * end of the episode, for a session this environment did not start, or where the solver has
     * none.
     */
    public Optional<String> demonstration(EnvironmentSession session) {
        if (!(session instanceof Session own) || own.owner() != this || own.done()) {
            return Optional.empty();
        }
        return server.demonstrate(own.episode, own.admissibleActions());
    }

    static JsonTask cast(Task task) {
        if (!(task instanceof JsonTask json)) {
            throw new org.rlanything.core.BadInputException(
                    "A remote environment plays JsonTask tasks, got "
                            + task.getClass().getSimpleName()
                            + " ("
                            + task.id()
                            + ").");
        }
        return json;
    }

    @Override
    public void close() throws Exception {
        if (owned != null) {
            owned.close();
        }
    }

    /** One episode on the server. */
    private final class Session implements EnvironmentSession {
        private final String episode;
        private RemoteServer.Answer last;
        private int index;
        private boolean closed;

        Session(String episode, RemoteServer.Answer first) {
            this.episode = episode;
            this.last = first;
        }

        RemoteTextEnvironment owner() {
            return RemoteTextEnvironment.this;
        }

        @Override
        public String observation() {
            return last.text();
        }

        @Override
        public List<String> admissibleActions() {
            return last.actions();
        }

        @Override
        public StepResult step(String action) {
            if (last.done()) {
                throw new IllegalStateException("The episode has ended.");
            }
            last = server.step(episode, index, action);
            index++;
            return new StepResult(
                    last.text(), last.done(), last.won(), last.label(), last.restrainedLabel());
        }

        @Override
        public boolean done() {
            return last.done();
        }

        @Override
        public boolean won() {
            return last.won();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                server.close(episode);
            }
        }
    }
}
