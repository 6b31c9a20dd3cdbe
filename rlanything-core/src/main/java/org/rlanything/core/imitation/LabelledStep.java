package org.rlanything.core.imitation;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;

/**
 * A step the environment labelled, for a judge's warm start: the request a judge would get and
 * whether the environment calls the step GOOD (its restrained label where it gives one, method.md
 * §9, else its omniscient one).
 *
 * @param request the step as a judge sees it
 * @param good whether the label is GOOD
 */
public record LabelledStep(JudgeRequest request, boolean good) {

    /** Every labelled step of {@code played}, in order; unlabelled steps are left out. */
    public static List<LabelledStep> of(List<Trajectory> played) {
        List<LabelledStep> steps = new ArrayList<>();
        for (Trajectory t : played) {
            for (Step s : t.steps()) {
                StepLabel label =
                        s.restrainedLabel() != StepLabel.UNKNOWN ? s.restrainedLabel() : s.label();
                if (label != StepLabel.UNKNOWN) {
                    steps.add(
                            new LabelledStep(
                                    new JudgeRequest(t, s.index()), label == StepLabel.GOOD));
                }
            }
        }
        return steps;
    }
}
