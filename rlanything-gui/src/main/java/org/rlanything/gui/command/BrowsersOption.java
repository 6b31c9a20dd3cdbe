package org.rlanything.gui.command;

import picocli.CommandLine.Option;

/** {@code --browsers}, shared by the commands that drive MiniWoB++ pages in parallel browsers. */
public final class BrowsersOption {

    @Option(
            names = "--browsers",
            defaultValue = "2",
            description = "Browsers in parallel (default ${DEFAULT-VALUE}).")
    private int browsers;

    /** How many browsers run at once. */
    public int browsers() {
        return browsers;
    }
}
