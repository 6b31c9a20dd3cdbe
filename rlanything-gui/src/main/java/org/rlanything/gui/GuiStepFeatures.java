package org.rlanything.gui;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Step;

/**
 * Task-free features ψ of one GUI step, read from the element lists before and after it and the
 * instruction, for the {@code linear} judge kinds (MiniWoB++'s {@code StepFeatures} hook): what
 * kind of action it was, what it acted on and how that relates to the instruction's words, and what
 * changed on the page. Nothing names a task family, so a judge trained on some families judges
 * others alike:
 *
 * <pre>
 *  0 bias (always 1)          1 click     2 type     3 press
 *  4 the action had no effect 5 the element list changed
 *  6 elements appeared        7 elements disappeared  8 most of the list changed
 *  9 target's text is a quoted phrase of the instruction
 * 10 target's text is other words of the instruction
 * 11 target has text the instruction does not mention   12 target has no text of its own
 * 13 target is a button       14 target is a checkbox or radio button   15 target takes text
 * 16 target is not in the list before the step
 * 17 target's value changed   18 the focus moved onto the target
 * 19 typed text is a quoted phrase of the instruction
 * 20 the typed text is in the target's value after      21 the target already held that text
 * 22 the same action was taken earlier in the episode   23 press Enter
 * 24 the instruction changed  25 how late the step is (index / 6, at most 1)
 * </pre>
 */
public final class GuiStepFeatures {

    /** The number of features. */
    public static final int SIZE = 26;

    private static final List<String> NAMES =
            List.of(
                    "bias",
                    "click",
                    "type",
                    "press",
                    "no_effect",
                    "page_changed",
                    "elements_appeared",
                    "elements_disappeared",
                    "most_changed",
                    "target_quoted",
                    "target_named",
                    "target_unnamed",
                    "target_textless",
                    "target_button",
                    "target_check",
                    "target_field",
                    "target_missing",
                    "target_value_changed",
                    "focus_to_target",
                    "type_quoted",
                    "typed_text_in_field",
                    "type_redundant",
                    "repeat",
                    "press_enter",
                    "instruction_changed",
                    "late_step");

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

    /** Steps at this index or later count as fully late. */
    private static final double LATE = 6;

    private GuiStepFeatures() {}

    /** The names of the features, in order. */
    public static List<String> names() {
        return NAMES;
    }

    /** The features of the step a judge request asks about. */
    public static double[] of(JudgeRequest request) {
        return of(request.step(), request.trajectory().steps().subList(0, request.stepIndex()));
    }

    /**
     * The features of {@code step}, given the steps before it in its episode.
     *
     * @param step the step judged (its observation, action and next observation)
     * @param history the earlier steps of the episode
     */
    public static double[] of(Step step, List<Step> history) {
        ElementListText before = ElementListText.parse(step.observation());
        ElementListText after = ElementListText.parse(step.nextObservation());
        String instruction = before.instruction().toLowerCase(Locale.ROOT);
        Set<String> quoted = new HashSet<>();
        Matcher q = QUOTED.matcher(before.instruction());
        while (q.find()) {
            quoted.add(q.group(1).strip().toLowerCase(Locale.ROOT));
        }
        double[] f = new double[SIZE];
        f[0] = 1;
        f[4] = after.noEffect() ? 1 : 0;
        pageChange(before.elements(), after.elements(), f);
        GuiAction action;
        try {
            action = GuiAction.parse(step.action().command());
        } catch (IllegalArgumentException e) {
            action = null; // an unparseable command: only the page-change features say anything
        }
        Integer ref = null;
        if (action instanceof GuiAction.Click click) {
            f[1] = 1;
            ref = click.ref();
        } else if (action instanceof GuiAction.Type type) {
            f[2] = 1;
            ref = type.ref();
            String typed = type.text().strip().toLowerCase(Locale.ROOT);
            f[19] = quoted.contains(typed) ? 1 : 0;
            ElementListText.Element was = before.elements().get(ref);
            ElementListText.Element now = after.elements().get(ref);
            f[20] = now != null && now.value() != null && now.value().contains(type.text()) ? 1 : 0;
            f[21] = was != null && type.text().equals(was.value()) ? 1 : 0;
        } else if (action instanceof GuiAction.Press press) {
            f[3] = 1;
            f[23] = press.key().equalsIgnoreCase("Enter") ? 1 : 0;
        }
        if (ref != null) {
            target(before.elements().get(ref), after.elements().get(ref), instruction, quoted, f);
        }
        for (Step earlier : history) {
            if (earlier.action().command().equals(step.action().command())) {
                f[22] = 1;
                break;
            }
        }
        f[24] =
                !after.instruction().isEmpty() && !after.instruction().equals(before.instruction())
                        ? 1
                        : 0;
        f[25] = Math.min(step.index(), LATE) / LATE;
        return f;
    }

    /** Features 5-8: whether and how much the element list changed (refs and their contents). */
    private static void pageChange(
            Map<Integer, ElementListText.Element> before,
            Map<Integer, ElementListText.Element> after,
            double[] f) {
        Set<Integer> union = new HashSet<>(before.keySet());
        union.addAll(after.keySet());
        int changed = 0;
        boolean appeared = false;
        boolean disappeared = false;
        for (Integer ref : union) {
            ElementListText.Element was = before.get(ref);
            ElementListText.Element now = after.get(ref);
            appeared |= was == null;
            disappeared |= now == null;
            changed += Objects.equals(was, now) ? 0 : 1;
        }
        f[5] = changed > 0 ? 1 : 0;
        f[6] = appeared ? 1 : 0;
        f[7] = disappeared ? 1 : 0;
        f[8] = !union.isEmpty() && changed * 2 > union.size() ? 1 : 0;
    }

    /** Features 9-18: the element acted on, before and after the step. */
    private static void target(
            ElementListText.Element was,
            ElementListText.Element now,
            String instruction,
            Set<String> quoted,
            double[] f) {
        if (was == null) {
            f[16] = 1;
            return;
        }
        String text = was.text().strip().toLowerCase(Locale.ROOT);
        String tag = was.tag().toUpperCase(Locale.ROOT);
        f[9] = !text.isEmpty() && quoted.contains(text) ? 1 : 0;
        f[10] = f[9] == 0 && !text.isEmpty() && instruction.contains(text) ? 1 : 0;
        f[11] = !text.isEmpty() && !instruction.contains(text) ? 1 : 0;
        f[12] = text.isEmpty() ? 1 : 0;
        f[13] =
                tag.equals("BUTTON") || tag.equals("INPUT_BUTTON") || tag.equals("INPUT_SUBMIT")
                        ? 1
                        : 0;
        f[14] = tag.equals("INPUT_CHECKBOX") || tag.equals("INPUT_RADIO") ? 1 : 0;
        f[15] = PageElement.typable(was.tag()) ? 1 : 0;
        if (now != null) {
            f[17] = Objects.equals(was.value(), now.value()) ? 0 : 1;
            f[18] = now.focused() && !was.focused() ? 1 : 0;
        }
    }
}
