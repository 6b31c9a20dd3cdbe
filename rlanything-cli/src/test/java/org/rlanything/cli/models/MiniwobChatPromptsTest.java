package org.rlanything.cli.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.chat.HouseholdChat;
import org.rlanything.chat.HouseholdPrompts;
import org.rlanything.chat.TaskText;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.gui.GuiObservation;
import org.rlanything.gui.LegalActions;
import org.rlanything.gui.MiniwobTask;
import org.rlanything.gui.PageElement;
import org.rlanything.neural.ChatForm;
import org.rlanything.neural.io.ModelFixtureFolder;
import org.rlanything.neural.tokenizer.HfTokenizer;

/**
 * MiniWoB++'s chat form for a local chat model is the one the {@code openai} kinds send it ({@link
 * HouseholdChat#PROMPTS}, {@link ChatForm#HOUSEHOLD}): the instruction and the element list, the
 * numbered legal actions; the command read by the endpoint parser (the action or its index in
 * {@code \boxed{}}, after any thinking), the verdict from {@code \boxed{±1}}.
 */
class MiniwobChatPromptsTest {

    private static final ChatPrompts CHAT = ChatForm.HOUSEHOLD;

    /** click-button's page as the environment shows it (the element list of a seeded episode). */
    private static final GuiObservation PAGE =
            new GuiObservation(
                    "Click on the \"No\" button.",
                    List.of(
                            new PageElement(4, "BUTTON", "submit", null, 2, 52, 61, 21, false),
                            new PageElement(6, "BUTTON", "No", null, 2, 94, 34, 21, false),
                            new PageElement(7, "INPUT_text", "", "", 2, 115, 100, 21, false)),
                    null);

    private static final MiniwobTask TASK =
            new MiniwobTask("click-button", URI.create("file:///pages/click-button.html"), false);

    private static PolicyContext context() {
        return new PolicyContext(TASK, List.of(), PAGE.text(), LegalActions.of(PAGE));
    }

    @Test
    void thePolicyReadsWhatTheEndpointKindsSendAndItsActionIsAListedOne() {
        PolicyContext context = context();
        List<ChatMessage> turns = CHAT.policy(context);
        assertEquals(
                HouseholdPrompts.policy(
                        context,
                        TaskText::of,
                        HouseholdChat.POLICY_HISTORY,
                        HouseholdChat.MAX_OBSERVATION_CHARS),
                turns);
        assertEquals(2, turns.size());
        String user = turns.get(1).content();
        assertTrue(user.startsWith("Your task: MiniWoB++ click-button\n"), user);
        assertTrue(user.contains("Instruction: Click on the \"No\" button."), user);
        assertTrue(user.contains("[6] BUTTON \"No\" @19,105"), user);
        assertTrue(user.contains("\n2. click 6\n"), user);
        assertTrue(user.contains(". type 7 No\n"), user);

        assertEquals("click 6", CHAT.command("The No button is [6].\n\\boxed{click 6}", context));
        assertEquals("click 6", CHAT.command("\\boxed{2}", context), "the 1-based index");
        assertEquals(
                "type 7 No",
                CHAT.command("<think>\\boxed{click 4}</think>\n\\boxed{type 7 No}", context));
        // no listed action: the empty command, a step without effect in MiniwobEnvironment
        assertEquals("", CHAT.command("\\boxed{click 99}", context));
        assertEquals("", CHAT.command("", context));
    }

    @Test
    void theJudgeReadsTheStepAndAnswersWithABoxedVerdict() {
        Step step =
                new Step(
                        0,
                        PAGE.text(),
                        LegalActions.of(PAGE),
                        new Action("click 4", "\\boxed{click 4}", 0.0, null),
                        "Instruction: Click on the \"No\" button.\nElements:\n",
                        StepLabel.UNKNOWN,
                        StepLabel.UNKNOWN);
        JudgeRequest request = new JudgeRequest(new Trajectory(TASK, 0, List.of(step), false), 0);
        List<ChatMessage> turns = CHAT.judge(request);
        assertEquals(
                HouseholdPrompts.judge(
                        request,
                        TaskText::of,
                        HouseholdChat.JUDGE_HISTORY,
                        HouseholdChat.MAX_OBSERVATION_CHARS),
                turns);
        assertTrue(turns.get(1).content().contains("click 4"), turns.get(1).content());
        assertEquals(Verdict.POSITIVE, CHAT.verdict("Right button.\n\\boxed{1}"));
        assertEquals(Verdict.NEGATIVE, CHAT.verdict("<think>\\boxed{1}?</think> \\boxed{-1}"));
        assertEquals(Verdict.INVALID, CHAT.verdict("no verdict"));
    }

    /** Qwen3's own template renders the turns, ending where the assistant's reply starts. */
    @Test
    void aQwenTemplateRendersTheTurns() throws Exception {
        Optional<Path> fixtures = ModelFixtureFolder.locate();
        if (fixtures.isEmpty() && ModelFixtureFolder.required()) {
            fail(ModelFixtureFolder.MISSING);
        }
        assumeTrue(fixtures.isPresent(), ModelFixtureFolder.MISSING);
        try (HfTokenizer tokenizer =
                HfTokenizer.load(fixtures.get().resolve("qwen3").resolve("hf"))) {
            String prompt = ChatForm.of(tokenizer, CHAT).policyPrompt(context());
            assertTrue(prompt.startsWith("<|im_start|>system\n"), prompt);
            assertTrue(prompt.contains("[6] BUTTON \"No\" @19,105"), prompt);
            assertTrue(prompt.endsWith("<|im_start|>assistant\n"), prompt);
        }
    }
}
