package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GuiActionTest {

    @Test
    void commandsParseBackToTheSameAction() {
        for (GuiAction a :
                List.of(
                        new GuiAction.Click(4),
                        new GuiAction.Click(-2),
                        new GuiAction.Type(7, "two words"),
                        new GuiAction.Press("Enter"),
                        new GuiAction.Press("ctrl+a"),
                        new GuiAction.ClickAt(80, 105))) {
            assertEquals(a, GuiAction.parse(a.command()));
        }
    }

    @Test
    void badCommandsNameWhatWasExpected() {
        for (String bad :
                List.of(
                        "",
                        "click",
                        "click x",
                        "type 3",
                        "press",
                        "press Hyper",
                        "click_at 1",
                        "jump 3",
                        "press super+a")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> GuiAction.parse(bad));
            assertTrue(e.getMessage().contains("expected"), e.getMessage());
        }
    }

    @Test
    void legalActionsClickEveryElementAndTypeInstructionTextsIntoFields() {
        GuiObservation observation =
                new GuiObservation(
                        "Enter \"Kasie\" into the text field and press Submit.",
                        List.of(
                                new PageElement(2, "DIV", "", null, 0, 0, 160, 210, false),
                                new PageElement(3, "INPUT_text", "", "", 2, 52, 100, 20, false),
                                new PageElement(4, "BUTTON", "Submit", null, 2, 80, 50, 20, false)),
                        null);
        List<String> legal = LegalActions.of(observation);
        assertTrue(
                legal.containsAll(
                        List.of("click 2", "click 3", "click 4", "type 3 Kasie", "press Enter")),
                legal.toString());
        assertTrue(legal.stream().noneMatch(a -> a.startsWith("type 4") || a.startsWith("type 2")));
        assertEquals("Kasie", LegalActions.candidateTexts(observation.instruction()).get(0));
        assertTrue(LegalActions.candidateTexts(observation.instruction()).contains("Submit"));
        legal.forEach(GuiAction::parse);
    }
}
