package org.rlanything.remote;

import java.util.Optional;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.spi.Demonstrator;
import org.rlanything.core.spi.EnvironmentDescription;

/**
 * The hooks of a remote environment whose server offers {@code /demonstrate} (its {@code /info}
 * says {@code "demonstrate": true}): what it says about itself, and its solver as the {@link
 * Demonstrator} the neural kinds' generic starting models clone. A server that does not offer the
 * call gets {@link RemoteDescription} alone, so nothing probes for it.
 *
 * @param words what the server says about itself
 * @param environment the environment whose episodes the solver is asked about
 */
record RemoteDemonstrator(RemoteDescription words, RemoteTextEnvironment environment)
        implements EnvironmentDescription, Demonstrator {

    @Override
    public String description() {
        return words.description();
    }

    @Override
    public String actionFormat() {
        return words.actionFormat();
    }

    @Override
    public String example() {
        return words.example();
    }

    @Override
    public Optional<String> demonstration(EnvironmentSession session) {
        return environment.demonstration(session);
    }
}
