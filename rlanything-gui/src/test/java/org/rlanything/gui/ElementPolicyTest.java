package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Action;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.linear.LinearChoice;
import org.rlanything.linear.LinearPolicy;

/**
 * The task-free features of a legal action, and the {@code element} policy (the linear kind's
 * preset) learning over them.
 */
class ElementPolicyTest {

    private static final GuiObservation OBSERVATION =
            new GuiObservation(
                    "Click on the \"No\" button.",
                    List.of(
                            new PageElement(4, "BUTTON", "submit", null, 2, 52, 55, 21, false),
                            new PageElement(6, "BUTTON", "No", null, 2, 94, 33, 21, false),
                            new PageElement(7, "INPUT_text", "", "", 2, 115, 100, 21, false)),
                    null);

    private static PolicyContext context() {
        MiniwobTask task =
                new MiniwobTask("click-button", Path.of("/x/click-button.html").toUri(), false);
        return new PolicyContext(task, List.of(), OBSERVATION.text(), LegalActions.of(OBSERVATION));
    }

    @Test
    void featuresTellTheNamedButtonFromTheOthers() {
        PolicyContext context = context();
        double[][] f = ElementFeatures.of(context);
        int named = context.admissibleActions().indexOf("click 6");
        int other = context.admissibleActions().indexOf("click 4");
        int typing = context.admissibleActions().indexOf("type 7 No");
        assertEquals(1.0, f[named][3]);
        assertEquals(0.0, f[other][3]);
        assertEquals(1.0, f[named][5]);
        assertEquals(1.0, f[typing][10]);
        assertEquals(1.0, f[typing][11]);
    }

    @Test
    void aPositiveAdvantageMakesItsActionMoreLikelyAndWeightsSurviveACheckpoint(@TempDir Path dir)
            throws IOException {
        LinearPolicy policy = ElementKinds.policy(1.0, 1.0);
        PolicyContext context = context();
        int named = context.admissibleActions().indexOf("click 6");
        double before = probability(policy, context, named);
        Action chosen = new Action("click 6", "click 6", Math.log(before), new LinearChoice(named));
        Step step =
                new Step(
                        0,
                        context.observation(),
                        context.admissibleActions(),
                        chosen,
                        "",
                        StepLabel.UNKNOWN);
        Trajectory trajectory = new Trajectory(context.task(), 0, List.of(step), true);
        for (int i = 0; i < 20; i++) {
            policy.update(
                    List.of(new PolicySample(trajectory, step, 1.0)), new SplittableRandom(1));
        }
        double after = probability(policy, context, named);
        assertTrue(after > 2 * before, before + " -> " + after);
        policy.saveTo(dir);
        LinearPolicy loaded = ElementKinds.policy(1.0, 1.0);
        loaded.loadFrom(dir);
        assertArrayEquals(policy.weights(), loaded.weights());
        Files.writeString(dir.resolve("linear-policy.json"), "{\"role\": \"policy\"");
        IOException bad = assertThrows(IOException.class, () -> loaded.loadFrom(dir));
        assertTrue(bad.getMessage().contains("linear-policy.json"), bad.getMessage());
    }

    /** The empirical frequency of choosing action {@code index} over 2000 seeded draws. */
    private static double probability(LinearPolicy policy, PolicyContext context, int index) {
        int hits = 0;
        int draws = 2000;
        List<PolicyContext> contexts = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int i = 0; i < draws; i++) {
            contexts.add(context);
            rngs.add(new SplittableRandom(i));
        }
        for (Action a : policy.act(contexts, rngs)) {
            if (a.command().equals(context.admissibleActions().get(index))) {
                hits++;
            }
        }
        return hits / (double) draws;
    }
}
