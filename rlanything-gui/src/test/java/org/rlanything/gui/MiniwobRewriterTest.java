package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Task;

class MiniwobRewriterTest {

    private static final MiniwobVariants VARIANTS =
            new MiniwobVariants(MiniwobFolder.tasks(MiniwobPages.page("click-button").getParent()));

    private static MiniwobTask task(String family) {
        return MiniwobTask.ofFile(MiniwobPages.page(family));
    }

    private static Set<String> proposals(MiniwobTask active, RewriteGoal goal) {
        MiniwobRewriter rewriter = new MiniwobRewriter(VARIANTS);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            Optional<Task> t =
                    rewriter.rewrite(
                            new RewriteRequest(
                                    active, active, goal, 0.5, new CriticFeedback(8, List.of())),
                            new SplittableRandom(i));
            t.ifPresent(x -> ids.add(x.id()));
        }
        return ids;
    }

    @Test
    void variantsAreOrderedEasyMediumNoDelayThenTheFamilyPage() {
        assertEquals(
                List.of(
                        "choose-date-easy",
                        "choose-date-medium",
                        "choose-date-nodelay",
                        "choose-date"),
                VARIANTS.of(task("choose-date-medium")).stream().map(MiniwobTask::family).toList());
        assertEquals(
                List.of("click-button"),
                VARIANTS.of(task("click-button")).stream().map(MiniwobTask::family).toList());
        // the shared pages' families with written variants, named by their hardest page
        assertEquals(
                List.of(
                        "book-flight",
                        "choose-date",
                        "click-collapsible-2",
                        "click-collapsible",
                        "click-pie",
                        "click-tab-2",
                        "use-autocomplete"),
                VARIANTS.multiVariantGroups().stream()
                        .map(g -> g.get(g.size() - 1).family())
                        .toList());
    }

    @Test
    void harderRemovesTheHintOrSwitchesToTheNextHarderPageAndEasierTheReverse() {
        assertEquals(
                Set.of("choose-date-nodelay"),
                proposals(task("choose-date-medium"), RewriteGoal.HARDER));
        assertEquals(
                Set.of("choose-date-medium", "choose-date-nodelay+hint"),
                proposals(task("choose-date-medium").withHint(true), RewriteGoal.HARDER));
        assertEquals(
                Set.of("choose-date-medium+hint", "choose-date-easy"),
                proposals(task("choose-date-medium"), RewriteGoal.EASIER));
        assertEquals(Set.of(), proposals(task("choose-date"), RewriteGoal.HARDER));
        assertEquals(
                Set.of("click-button+hint"), proposals(task("click-button"), RewriteGoal.EASIER));
        assertEquals(Set.of(), proposals(task("click-button").withHint(true), RewriteGoal.EASIER));
    }

    @Test
    void theCodecRoundTripsAndNamesWhatIsMissing() {
        MiniwobTaskCodec codec = new MiniwobTaskCodec();
        MiniwobTask t = task("click-tab-2-easy").withHint(true);
        assertEquals(t, codec.decode(codec.encode(t)));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class, () -> codec.decode("{\"family\":\"x\"}"));
        assertTrue(e.getMessage().contains("\"page\""), e.getMessage());
    }

    @Test
    void verifyRejectsAMissingPage() {
        MiniwobEnvironment env =
                new MiniwobEnvironment(new TabbedBrowsers(BrowserSettings.defaults(), 1));
        assertTrue(env.verify(task("click-button")).valid());
        MiniwobTask missing =
                new MiniwobTask("gone", java.nio.file.Path.of("/nowhere/gone.html").toUri(), false);
        assertFalse(env.verify(missing).valid());
    }

    @Test
    void theHintNamesTheElementsTheInstructionNamesAndTheTextFields() {
        GuiObservation observation =
                new GuiObservation(
                        "Click on the \"No\" button.",
                        List.of(
                                new PageElement(4, "BUTTON", "submit", null, 2, 52, 55, 21, false),
                                new PageElement(6, "BUTTON", "No", null, 2, 94, 33, 21, false),
                                new PageElement(7, "INPUT_text", "", "", 2, 115, 100, 21, false)),
                        null);
        assertEquals(
                "Hint: the instruction names [6] BUTTON \"No\". Text goes into [7].",
                Hints.of(observation));
    }
}
