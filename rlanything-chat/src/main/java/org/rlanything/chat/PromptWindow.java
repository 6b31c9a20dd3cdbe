package org.rlanything.chat;

import java.util.Objects;
import java.util.function.Function;
import org.rlanything.core.Task;

/**
 * What an endpoint prompt shows of an episode, shared by {@link EndpointPolicy} and {@link
 * EndpointJudge}.
 *
 * @param taskText the task as the prompt shows it
 * @param historySteps how many earlier steps the prompt shows (the most recent ones)
 * @param maxObservationChars observations are cut to this length
 */
public record PromptWindow(
        Function<Task, String> taskText, int historySteps, int maxObservationChars) {
    public PromptWindow {
        Objects.requireNonNull(taskText, "taskText");
        if (historySteps < 0 || maxObservationChars < 16) {
            throw new IllegalArgumentException(
                    "historySteps ("
                            + historySteps
                            + ") must be >= 0 and "
                            + "maxObservationChars ("
                            + maxObservationChars
                            + ") >= 16.");
        }
    }
}
