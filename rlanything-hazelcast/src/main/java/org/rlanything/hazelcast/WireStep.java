package org.rlanything.hazelcast;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.Action;
import org.rlanything.core.Payload;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;

/**
 * A {@link Step} as it crosses the cluster (Java serialization; the payload is {@link Payload},
 * serializable).
 */
record WireStep(
        int index,
        String observation,
        ArrayList<String> admissibleActions,
        String command,
        String response,
        double logProb,
        Payload payload,
        String nextObservation,
        StepLabel label,
        StepLabel restrainedLabel)
        implements Serializable {

    static WireStep of(Step step) {
        Action action = step.action();
        return new WireStep(
                step.index(),
                step.observation(),
                new ArrayList<>(step.admissibleActions()),
                action.command(),
                action.response(),
                action.logProb(),
                action.payload(),
                step.nextObservation(),
                step.label(),
                step.restrainedLabel());
    }

    Step toStep() {
        return new Step(
                index,
                observation,
                admissibleActions,
                new Action(command, response, logProb, payload),
                nextObservation,
                label,
                restrainedLabel);
    }

    static List<Step> toSteps(List<WireStep> steps) {
        return steps.stream().map(WireStep::toStep).toList();
    }
}
