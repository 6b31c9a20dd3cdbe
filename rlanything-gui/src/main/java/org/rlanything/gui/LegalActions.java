package org.rlanything.gui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The finite list of actions a list-choosing policy picks from (as ALFWorld's admissible commands),
 * derived from an observation alone, with nothing known about the task: a click on every visible
 * element, typing each candidate text into every text field, and the common keys.
 *
 * <p>Candidate texts come from the instruction (MiniWoB++ instructions name what to type): its
 * quoted phrases first, then its words, at most {@link #MAX_TEXTS}. Free-text policies (endpoint
 * models, vision models with {@code click_at}) are not limited to this list.
 */
public final class LegalActions {

    /** At most this many candidate texts per field, so that the list stays short. */
    public static final int MAX_TEXTS = 12;

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'@.\\-]*");

    private LegalActions() {}

    /** The legal actions of {@code observation}, in a stable order. */
    public static List<String> of(GuiObservation observation) {
        List<String> actions = new ArrayList<>();
        List<String> texts = candidateTexts(observation.instruction());
        for (PageElement e : observation.elements()) {
            actions.add(new GuiAction.Click(e.ref()).command());
        }
        for (PageElement e : observation.elements()) {
            if (e.typable()) {
                for (String text : texts) {
                    actions.add(new GuiAction.Type(e.ref(), text).command());
                }
            }
        }
        for (String key : Keyboard.COMMON) {
            actions.add(new GuiAction.Press(key).command());
        }
        return actions;
    }

    /** Quoted phrases, then words (trailing dots dropped), distinct, at most {@link #MAX_TEXTS}. */
    static List<String> candidateTexts(String instruction) {
        Set<String> texts = new LinkedHashSet<>();
        Matcher quoted = QUOTED.matcher(instruction);
        while (quoted.find()) {
            texts.add(quoted.group(1).strip());
        }
        Matcher word = WORD.matcher(instruction);
        while (word.find()) {
            String w = word.group().replaceAll("[.\\-]+$", "");
            if (!w.isEmpty()) {
                texts.add(w);
            }
        }
        texts.remove("");
        return texts.stream().limit(MAX_TEXTS).toList();
    }
}
