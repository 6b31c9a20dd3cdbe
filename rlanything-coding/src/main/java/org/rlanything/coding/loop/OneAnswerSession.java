package org.rlanything.coding.loop;

import java.util.List;
import java.util.function.Function;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;

/**
 * An episode of one step, as both coding kinds play them: the policy reads the problem, answers
 * once with a program, and the episode ends with the result of its ground-truth tests (won when
 * every test passes). No admissible list: the answer is free text.
 */
final class OneAnswerSession implements EnvironmentSession {

    private final String taskId;
    private final String observation;
    private final Function<String, StepResult> grade;
    private boolean done;
    private boolean won;

    /**
     * @param taskId for the message when a step comes after the end
     * @param observation the policy's prompt
     * @param grade runs the answer's program on the tests; its result ends the episode
     */
    OneAnswerSession(String taskId, String observation, Function<String, StepResult> grade) {
        this.taskId = taskId;
        this.observation = observation;
        this.grade = grade;
    }

    @Override
    public String observation() {
        return observation;
    }

    @Override
    public List<String> admissibleActions() {
        return List.of();
    }

    @Override
    public StepResult step(String action) {
        if (done) {
            throw new IllegalStateException("The episode of " + taskId + " is over.");
        }
        done = true;
        StepResult result = grade.apply(action);
        won = result.won();
        return result;
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    public boolean won() {
        return won;
    }
}
