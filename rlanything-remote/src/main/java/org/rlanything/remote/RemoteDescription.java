package org.rlanything.remote;

import org.rlanything.core.spi.EnvironmentDescription;

/** What a remote environment says about itself ({@code /info}), offered to the model kinds. */
record RemoteDescription(RemoteServer.Info info) implements EnvironmentDescription {

    @Override
    public String description() {
        return info.description();
    }

    @Override
    public String actionFormat() {
        return info.actionFormat();
    }

    @Override
    public String example() {
        return info.example();
    }
}
