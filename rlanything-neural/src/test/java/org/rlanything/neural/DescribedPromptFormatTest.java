package org.rlanything.neural;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.ModelHooks;

/**
 * The generic models' prompts: the judge's opens with what the environment says about itself, the
 * policy's is the generic one; without a description both are the generic ones.
 */
class DescribedPromptFormatTest {

    private static final GenericPromptFormat POLICY = new GenericPromptFormat(1, true);
    private static final GenericPromptFormat JUDGE = new GenericPromptFormat(0, false);
    private static final AdapterFixtures.SimpleTask TASK =
            new AdapterFixtures.SimpleTask("t", "stack the blocks");

    private static JudgeRequest request() {
        Step step =
                new Step(
                        0,
                        "a on table",
                        List.of("pick-up a"),
                        new Action("pick-up a", "pick-up a", 0.0, null),
                        "holding a",
                        StepLabel.GOOD);
        return new JudgeRequest(new Trajectory(TASK, 0, List.of(step), false), 0);
    }

    @Test
    void theJudgesPromptOpensWithTheEnvironmentsDescription() {
        DescribedPromptFormat format =
                DescribedPromptFormat.of(
                        POLICY,
                        JUDGE,
                        EnvironmentDescription.of(
                                "a planning task of the PDDL domain blocks.",
                                "one of the listed actions",
                                "pick-up a"));
        assertEquals(
                "You judge one step of an agent in a planning task of the PDDL domain blocks. An"
                        + " action is one of the listed actions, for example: pick-up a.\n"
                        + JUDGE.judgePrompt(request()),
                format.judgePrompt(request()));
        PolicyContext context =
                new PolicyContext(TASK, List.of(), "a on table", List.of("pick-up a"));
        assertEquals(POLICY.policyPrompt(context), format.policyPrompt(context));
        assertTrue(format.judgePrompt(request()).endsWith("Judgment:"));
    }

    @Test
    void withoutADescriptionThePromptsAreTheGenericOnes() {
        DescribedPromptFormat format = DescribedPromptFormat.of(POLICY, JUDGE, ModelHooks.NONE);
        assertEquals(JUDGE.judgePrompt(request()), format.judgePrompt(request()));
        assertEquals(
                "",
                DescribedPromptFormat.preamble(EnvironmentDescription.of(" ", "x", "y")),
                "a blank description says nothing");
    }
}
