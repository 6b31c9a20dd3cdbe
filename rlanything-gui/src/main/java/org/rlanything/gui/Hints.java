package org.rlanything.gui;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The hint the rewriter may add to a MiniWoB++ instruction (method.md §7, "add or remove hints"),
 * computed from the observation alone, with no per-task knowledge: which visible elements the
 * instruction names (an element whose whole text is one of the instruction's candidate texts), and
 * which elements take text. It points at where to act; it never says what the checker wants beyond
 * what the instruction already says.
 */
public final class Hints {

    private Hints() {}

    /** The hint line for {@code observation}. */
    public static String of(GuiObservation observation) {
        List<String> texts =
                LegalActions.candidateTexts(observation.instruction()).stream()
                        .map(t -> t.toLowerCase(Locale.ROOT))
                        .toList();
        List<PageElement> named =
                observation.elements().stream()
                        .filter(e -> !e.text().isBlank())
                        .filter(e -> texts.contains(e.text().strip().toLowerCase(Locale.ROOT)))
                        .toList();
        List<PageElement> fields =
                observation.elements().stream().filter(PageElement::typable).toList();
        StringBuilder hint = new StringBuilder("Hint:");
        if (!named.isEmpty()) {
            hint.append(" the instruction names ")
                    .append(
                            named.stream()
                                    .map(
                                            e ->
                                                    "[" + e.ref() + "] " + e.tag() + " \""
                                                            + e.text() + "\"")
                                    .collect(Collectors.joining(", ")))
                    .append('.');
        }
        if (!fields.isEmpty()) {
            hint.append(" Text goes into ")
                    .append(
                            fields.stream()
                                    .map(e -> "[" + e.ref() + "]")
                                    .collect(Collectors.joining(", ")))
                    .append('.');
        }
        if (named.isEmpty() && fields.isEmpty()) {
            hint.append(" no element's text is named in the instruction; look at shapes,")
                    .append(" positions and colours.");
        }
        return hint.toString();
    }
}
