package org.rlanything.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.chat.ActionParser.Match;

class ActionParserTest {

    private static final List<String> ADMISSIBLE =
            List.of(
                    "go to countertop 1",
                    "go to drawer 1",
                    "go to drawer 2",
                    "take apple 1 from countertop 1",
                    "look",
                    "inventory");

    private static void expect(String reply, String command, Match match) {
        ActionParser.Parsed p = ActionParser.parse(reply, ADMISSIBLE);
        assertEquals(command, p.command(), reply);
        assertEquals(match, p.match(), reply);
    }

    @Test
    void readsTheLastBoxThenTheLastLine() {
        expect(
                "I need the apple. \\boxed{look} no wait \\boxed{take apple 1 from countertop 1}",
                "take apple 1 from countertop 1",
                Match.EXACT);
        expect("Thinking...\nAction: go to drawer 2.", "go to drawer 2", Match.EXACT);
        expect("Let me look.\n> `look`", "look", Match.EXACT);
        expect(
                "\\boxed{\\text{go to drawer 1}}",
                "",
                Match.NONE); // LaTeX inside the box is not a command
        expect("\\boxed{go to {drawer} 1}", "go to drawer 1", Match.NORMALIZED);
    }

    @Test
    void normalizesIndexesAndClosestMatches() {
        expect("\\boxed{Go To Countertop1}", "go to countertop 1", Match.NORMALIZED);
        expect("\\boxed{3}", "go to drawer 2", Match.INDEX);
        expect("\\boxed{3. go to drawer 2}", "go to drawer 2", Match.EXACT);
        expect("\\boxed{2. go to drawr 1}", "go to drawer 1", Match.CLOSEST);
        expect(
                "\\boxed{2. go over to the drawer 1}",
                "go to drawer 1",
                Match.INDEX); // too far: the number
        expect(
                "\\boxed{3. go to drawer 1}",
                "go to drawer 1",
                Match.EXACT); // the text wins over the position
        expect("\\boxed{4. pick it up}", "take apple 1 from countertop 1", Match.INDEX);
        expect(
                "\\boxed{take apple 1 from countertop 1 now}",
                "take apple 1 from countertop 1",
                Match.CLOSEST);
    }

    @Test
    void refusesWhatIsNotClearlyOneCommand() {
        expect("I am not sure what to do.", "", Match.NONE);
        expect("", "", Match.NONE);
        expect("\\boxed{}", "", Match.NONE);
        expect("\\boxed{7}", "", Match.NONE); // out of range
        expect("\\boxed{go to drawer 3}", "", Match.NONE); // never a different object number
        expect("\\boxed{go to drawer}", "", Match.NONE); // as close to drawer 1 as to drawer 2
        expect("\\boxed{open fridge 1}", "", Match.NONE);
    }

    @Test
    void readsTheAnswerAfterTheThinking() {
        expect(
                "<think>maybe \\boxed{look}</think>\nGo to the drawer.\ngo to drawer 1",
                "go to drawer 1",
                Match.EXACT);
        expect("<think>I could \\boxed{look} but the reply is cut at max_tok", "", Match.NONE);
    }

    @Test
    void freeTextEnvironmentsTakeTheAnswerItself() {
        ActionParser.Parsed p = ActionParser.parse("so: \\boxed{print(42)}", List.of());
        assertEquals("print(42)", p.command());
        assertEquals(Match.FREE_TEXT, p.match());
    }
}
