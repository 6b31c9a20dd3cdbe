package org.rlanything.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;

/**
 * One episode played with seeded choices, and what was seen: the observations, the admissible
 * commands, the actions and the step results. Each step is checked against the session's promises
 * on the way (the admissible commands are distinct and not blank; the session's {@code done} and
 * {@code won} agree with the step's result).
 *
 * @param transcript every observation, admissible list, action and result, in order
 * @param ended whether the session reported its end
 */
public record Episode(List<Object> transcript, boolean ended) {

    /**
     * Plays {@code session} for at most {@code maxSteps} steps: an admissible command chosen by a
     * generator of {@code seed}, or, where the environment takes free text, {@code freeText} in
     * turn.
     */
    public static Episode play(
            EnvironmentSession session, long seed, List<String> freeText, int maxSteps) {
        SplittableRandom choices = new SplittableRandom(seed);
        List<Object> transcript = new ArrayList<>();
        for (int step = 0; step < maxSteps && !session.done(); step++) {
            String observation = session.observation();
            List<String> admissible = session.admissibleActions();
            assertNotNull(observation, "observation at step " + step);
            checkAdmissible(admissible, step);
            String action = choose(admissible, freeText, step, choices);
            StepResult result = session.step(action);
            assertEquals(result.done(), session.done(), "done() after step " + step);
            assertEquals(result.won(), session.won(), "won() after step " + step);
            transcript.add(observation);
            transcript.add(admissible);
            transcript.add(action);
            transcript.add(result);
        }
        return new Episode(transcript, session.done());
    }

    /** The action of step {@code step}. */
    public static String choose(
            List<String> admissible, List<String> freeText, int step, SplittableRandom choices) {
        if (!admissible.isEmpty()) {
            return admissible.get(choices.nextInt(admissible.size()));
        }
        assertFalse(
                freeText.isEmpty(),
                "the environment offers no admissible commands and the rig names no free text");
        return freeText.get(step % freeText.size());
    }

    private static void checkAdmissible(List<String> admissible, int step) {
        assertNotNull(admissible, "admissibleActions() at step " + step);
        assertEquals(
                admissible.size(),
                new HashSet<>(admissible).size(),
                "admissible commands repeat at step " + step + ": " + admissible);
        for (String command : admissible) {
            assertFalse(
                    command == null || command.isBlank(),
                    "a blank admissible command at step " + step + ": " + admissible);
        }
    }
}
