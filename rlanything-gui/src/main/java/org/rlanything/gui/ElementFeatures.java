package org.rlanything.gui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;

/**
 * Features of one legal action in a MiniWoB++ observation text (what {@link MiniwobEnvironment}
 * shows: the instruction, one line per element, an optional hint), for the {@code linear} policy
 * kinds (MiniWoB++'s {@code StepFeatures} hook). They describe how an action relates to the
 * instruction, never which task it is, so what is learnt on some families carries over to families
 * never trained on:
 *
 * <pre>
 *  0 click            1 type             2 press
 *  3 click: the element's text is a quoted phrase of the instruction
 *  4 click: the element's text is other words of the instruction
 *  5 click: a button  6 click: a checkbox or radio button   7 click: a text field
 *  8 click: an element with no text of its own
 *  9 click: a button after something was typed
 * 10 type: the text is a quoted phrase of the instruction
 * 11 type: the field is empty       12 type: the field already holds that text
 * 13 press Enter     14 the same action was taken before in this episode
 * 15 click: the hint names the element
 * </pre>
 */
public final class ElementFeatures {

    /** The number of features. */
    public static final int SIZE = 16;

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
    private static final Pattern HINT_REF = Pattern.compile("\\[(-?\\d+)\\]");

    private ElementFeatures() {}

    /** One feature row per admissible action of {@code context}, in its order. */
    public static double[][] of(PolicyContext context) {
        ElementListText text = ElementListText.parse(context.observation());
        String instruction = text.instruction();
        String hint = text.hint();
        java.util.Map<Integer, ElementListText.Element> elements = text.elements();
        String lowerInstruction = instruction.toLowerCase(Locale.ROOT);
        Set<String> quoted = new HashSet<>();
        Matcher q = QUOTED.matcher(instruction);
        while (q.find()) {
            quoted.add(q.group(1).strip().toLowerCase(Locale.ROOT));
        }
        Set<Integer> hinted = new HashSet<>();
        Matcher h = HINT_REF.matcher(hint);
        while (h.find()) {
            hinted.add(Integer.parseInt(h.group(1)));
        }
        Set<String> taken = new HashSet<>();
        boolean typed = false;
        for (Step step : context.history()) {
            taken.add(step.action().command());
            typed |= step.action().command().startsWith("type ");
        }
        List<String> actions = context.admissibleActions();
        double[][] rows = new double[actions.size()][];
        for (int i = 0; i < actions.size(); i++) {
            rows[i] = row(actions.get(i), elements, lowerInstruction, quoted, hinted, taken, typed);
        }
        return rows;
    }

    private static double[] row(
            String command,
            java.util.Map<Integer, ElementListText.Element> elements,
            String instruction,
            Set<String> quoted,
            Set<Integer> hinted,
            Set<String> taken,
            boolean typed) {
        double[] f = new double[SIZE];
        GuiAction action;
        try {
            action = GuiAction.parse(command);
        } catch (IllegalArgumentException e) {
            return f;
        }
        if (action instanceof GuiAction.Click click) {
            f[0] = 1;
            ElementListText.Element e = elements.get(click.ref());
            if (e != null) {
                String text = e.text().strip().toLowerCase(Locale.ROOT);
                String tag = e.tag().toUpperCase(Locale.ROOT);
                f[3] = !text.isEmpty() && quoted.contains(text) ? 1 : 0;
                f[4] = f[3] == 0 && !text.isEmpty() && instruction.contains(text) ? 1 : 0;
                f[5] = tag.equals("BUTTON") ? 1 : 0;
                f[6] = tag.equals("INPUT_CHECKBOX") || tag.equals("INPUT_RADIO") ? 1 : 0;
                f[7] =
                        tag.equals("TEXTAREA")
                                        || tag.equals("INPUT_TEXT")
                                        || tag.equals("INPUT_PASSWORD")
                                ? 1
                                : 0;
                f[8] = text.isEmpty() ? 1 : 0;
                f[9] = typed && f[5] == 1 ? 1 : 0;
            }
            f[15] = hinted.contains(click.ref()) ? 1 : 0;
        } else if (action instanceof GuiAction.Type type) {
            f[1] = 1;
            f[10] = quoted.contains(type.text().strip().toLowerCase(Locale.ROOT)) ? 1 : 0;
            ElementListText.Element e = elements.get(type.ref());
            String value = e == null || e.value() == null ? "" : e.value();
            f[11] = value.isEmpty() ? 1 : 0;
            f[12] = value.equals(type.text()) ? 1 : 0;
        } else if (action instanceof GuiAction.Press press) {
            f[2] = 1;
            f[13] = press.key().equalsIgnoreCase("Enter") ? 1 : 0;
        }
        f[14] = taken.contains(command) ? 1 : 0;
        return f;
    }

    /** The names of the features, for reports. */
    public static List<String> names() {
        return new ArrayList<>(
                List.of(
                        "click",
                        "type",
                        "press",
                        "click_quoted",
                        "click_named",
                        "click_button",
                        "click_check",
                        "click_field",
                        "click_textless",
                        "click_button_after_type",
                        "type_quoted",
                        "type_empty_field",
                        "type_same_value",
                        "press_enter",
                        "repeat",
                        "click_hinted"));
    }
}
