package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MiniwobPageTest {

    private static Browser browser;

    @BeforeAll
    static void startBrowser() {
        browser = Browser.start(BrowserSettings.defaults(), 0);
    }

    @AfterAll
    static void stopBrowser() {
        browser.close();
    }

    @Test
    void theSameSeedDrawsTheSameProblemAndAnotherSeedAnother() {
        MiniwobPage page = new MiniwobPage(browser);
        page.open(MiniwobPages.uri("click-button"));
        page.start(7);
        GuiObservation first = page.observe(false);
        page.start(7);
        GuiObservation again = page.observe(false);
        page.start(8);
        GuiObservation other = page.observe(false);
        assertTrue(first.instruction().startsWith("Click on the"), first.instruction());
        assertFalse(first.elements().isEmpty());
        assertEquals(
                first.instruction() + first.elements(), again.instruction() + again.elements());
        assertNotEquals(first.text(), other.text());
    }

    @Test
    void clickingTheNamedButtonWinsAndTheScreenshotIsAPng() {
        MiniwobPage page = new MiniwobPage(browser);
        page.open(MiniwobPages.uri("click-button"));
        page.start(11);
        GuiObservation observation = page.observe(true);
        byte[] png = observation.screenshot();
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        // "Click on the "X" button." -> the button whose text is X (read from the page, not known).
        String wanted = observation.instruction().replaceAll(".*\"(.*)\".*", "$1");
        List<PageElement> buttons =
                observation.elements().stream()
                        .filter(e -> e.tag().equals("BUTTON") && e.text().equals(wanted))
                        .toList();
        assertEquals(1, buttons.size(), observation.text());
        assertEquals(null, page.act(new GuiAction.Click(buttons.get(0).ref()), observation));
        Outcome outcome = page.outcome();
        assertTrue(outcome.done());
        assertEquals(1.0, outcome.rawReward());
        assertTrue(outcome.won());
    }

    @Test
    void anEpisodeOutlivesThePagesTenSecondClockAndStillWinsItsFullReward()
            throws InterruptedException {
        MiniwobPage page = new MiniwobPage(browser);
        page.open(MiniwobPages.uri("click-button"));
        page.start(12);
        GuiObservation observation = page.observe(false);
        // MiniWoB++ would end the episode as "timed out" (raw reward -1) after 10 s of page time.
        Thread.sleep(10_500);
        assertFalse(page.outcome().done());
        String wanted = observation.instruction().replaceAll(".*\"(.*)\".*", "$1");
        PageElement button =
                observation.elements().stream()
                        .filter(e -> e.tag().equals("BUTTON") && e.text().equals(wanted))
                        .findFirst()
                        .get();
        page.act(new GuiAction.Click(button.ref()), observation);
        Outcome outcome = page.outcome();
        assertTrue(outcome.won(), outcome.toString());
        assertEquals(1.0, outcome.rawReward());
        assertTrue(outcome.reward() > 0.999, outcome.toString());
    }

    @Test
    void typingFillsTheFieldAndEnterSubmits() {
        MiniwobPage page = new MiniwobPage(browser);
        page.open(MiniwobPages.uri("enter-text"));
        page.start(3);
        GuiObservation observation = page.observe(false);
        String wanted = observation.instruction().replaceAll(".*\"(.*)\".*", "$1");
        PageElement field =
                observation.elements().stream().filter(PageElement::typable).findFirst().get();
        assertEquals(null, page.act(new GuiAction.Type(field.ref(), wanted), observation));
        GuiObservation typed = page.observe(false);
        assertEquals(wanted, typed.element(field.ref()).value());
        PageElement submit =
                typed.elements().stream().filter(e -> e.tag().equals("BUTTON")).findFirst().get();
        page.act(new GuiAction.Click(submit.ref()), typed);
        assertTrue(page.outcome().won(), String.valueOf(page.outcome()));
    }

    @Test
    void pagesWhoseUtteranceIsAnObjectStillShowTheirInstruction() {
        MiniwobPage page = new MiniwobPage(browser);
        page.open(MiniwobPages.uri("email-inbox-nl-turk"));
        page.start(5);
        assertFalse(page.observe(false).instruction().isBlank());
    }
}
