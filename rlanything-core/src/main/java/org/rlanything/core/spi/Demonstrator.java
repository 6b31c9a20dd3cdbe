package org.rlanything.core.spi;

import java.util.Optional;
import org.rlanything.core.EnvironmentSession;

/**
 * A solver an environment offers beside its parts (a hook its {@link ModelHooks} object
 * implements): for a running episode, the command the solver would take next. The neural kinds'
 * generic starting models clone it (behaviour cloning) and, where the environment labels no steps,
 * judge a step GOOD when it is the solver's command. An environment without a solver offers none;
 * its generic models start from scratch.
 */
public interface Demonstrator extends ModelHooks {

    /**
     * The solver's next command in {@code session} (an episode this environment started), one of
     * its admissible commands; empty at the end of the episode or where the solver has none.
     */
    Optional<String> demonstration(EnvironmentSession session);
}
