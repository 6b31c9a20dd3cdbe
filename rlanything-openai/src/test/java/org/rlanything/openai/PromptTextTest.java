package org.rlanything.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.chat.PromptWindow;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Task;
import org.rlanything.core.spi.EnvironmentDescription;
import org.rlanything.core.spi.ModelHooks;

/**
 * The endpoint kinds' system messages carry the environment's own words (what it says about
 * itself), a config's words over them, and generic words when it says nothing: never the household
 * text for another environment.
 */
class PromptTextTest {

    private static final EnvironmentDescription BLOCKS =
            EnvironmentDescription.of(
                    "a Blocksworld of stacked blocks", "one listed move", "move a onto b");

    private record Goal(String id) implements Task {
        @Override
        public String describe() {
            return "stack the blocks";
        }
    }

    @Test
    void theEnvironmentsWordsReachThePolicyAndTheJudge() {
        PromptText text = PromptText.of(BLOCKS);
        assertEquals(
                "You are an agent in a Blocksworld of stacked blocks. Each turn you see your task,"
                        + " what happened so far, the current observation and the admissible"
                        + " actions. Think briefly about what to do next, then give exactly one"
                        + " admissible action inside \\boxed{} (one listed move), for example"
                        + " \\boxed{move a onto b}.",
                text.policySystem());
        assertEquals(
                "You judge single steps of an agent acting in a Blocksworld of stacked blocks.",
                text.judgeSystem());
        PolicyContext context =
                new PolicyContext(
                        new Goal("g"), List.of(), "[a b] [c]", List.of("move b to table"));
        String system =
                new EndpointPolicy(clientless(), new PromptWindow(Task::describe, 10, 1000), text)
                        .messages(context)
                        .get(0)
                        .content();
        assertTrue(system.contains("Blocksworld"), system);
        assertFalse(system.contains("household"), system);
    }

    @Test
    void anEnvironmentThatSaysNothingGetsGenericWordsAndTheConfigOverridesEachPart() {
        PromptText generic = PromptText.of(ModelHooks.NONE);
        assertEquals(PromptText.GENERIC, generic);
        assertFalse(generic.policySystem().contains("household"), generic.policySystem());
        assertFalse(generic.policySystem().contains("for example"), generic.policySystem());

        PromptText configured =
                new PromptText(null, null, "move c to table").over(PromptText.of(BLOCKS));
        assertEquals("a Blocksworld of stacked blocks", configured.description());
        assertEquals("one listed move", configured.actionFormat());
        assertEquals("move c to table", configured.example());
    }

    @Test
    void alfworldKeepsItsWords() {
        assertEquals(
                "You are an agent in a text-based household environment. Each turn you see your "
                        + "task, what happened so far, the current observation and the admissible actions. Think briefly about "
                        + "what to do next, then give exactly one admissible action inside \\boxed{}, for example "
                        + "\\boxed{go to countertop 1}.",
                PromptText.HOUSEHOLD.policySystem());
        assertEquals(
                "You judge single steps of an agent acting in a text-based household environment.",
                PromptText.HOUSEHOLD.judgeSystem());
    }

    private static ChatClient clientless() {
        return Fixtures.client(Fixtures.config("http://127.0.0.1:9/v1"), "policy");
    }
}
