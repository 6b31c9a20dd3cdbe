package org.rlanything.neural;

import java.util.List;
import org.rlanything.core.Action;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;

/** Tiny tasks, steps and trajectories for the adapter tests. */
final class AdapterFixtures {

    static final List<String> CORPUS =
            List.of(
                    "Task: put a clean apple in the fridge",
                    "go to fridge 1",
                    "open fridge 1",
                    "take apple 1 from countertop 1",
                    "Now: You see a fridge 1 and a countertop 1.",
                    "Actions: ",
                    "Judgment: \\boxed{1}",
                    "Judgment: \\boxed{-1}",
                    "Step: Result: Is the step good?");

    record SimpleTask(String id, String describe) implements Task {}

    static final Task TASK = new SimpleTask("t1", "put a clean apple in the fridge");

    private AdapterFixtures() {}

    static Step step(int index, String command, org.rlanything.core.Payload payload) {
        return new Step(
                index,
                "You see a fridge 1 and a countertop 1.",
                List.of("go to fridge 1", "open fridge 1"),
                new Action(command, command, -1.0, payload),
                "Nothing happens.",
                StepLabel.UNKNOWN);
    }

    static Trajectory trajectory(String... commands) {
        List<Step> steps = new java.util.ArrayList<>();
        for (int i = 0; i < commands.length; i++) {
            steps.add(step(i, commands[i], null));
        }
        return new Trajectory(TASK, 0, steps, false);
    }
}
