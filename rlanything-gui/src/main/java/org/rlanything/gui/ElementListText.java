package org.rlanything.gui;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An observation text of {@link MiniwobEnvironment} read back into its parts: the instruction, the
 * element lines ({@link PageElement#describe()}) by ref, the hint line, and whether the step that
 * produced it reported that the action had no effect. What the embedded models see is this text
 * (the loop hands them strings), so they read the element list from it.
 *
 * @param instruction the instruction, empty when the text has none
 * @param elements the elements by ref, in document order
 * @param hint the hint line, empty when there is none
 * @param noEffect whether the text opens with "The action had no effect"
 */
record ElementListText(
        String instruction, Map<Integer, Element> elements, String hint, boolean noEffect) {

    /** One element line: its tag, own text, value (null when it has none) and focus. */
    record Element(String tag, String text, String value, boolean focused) {}

    static final String NO_EFFECT = "The action had no effect";

    private static final Pattern LINE =
            Pattern.compile(
                    "^\\[(-?\\d+)\\] (\\S+)(?: \"(.*?)\")?(?: value=\"(.*?)\")?( focused)?"
                            + " @-?\\d+,-?\\d+$");

    /** Reads {@code text}; lines that are none of the parts are ignored. */
    static ElementListText parse(String text) {
        String instruction = "";
        String hint = "";
        boolean noEffect = false;
        Map<Integer, Element> elements = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("Instruction: ")) {
                instruction = line.substring("Instruction: ".length());
            } else if (line.startsWith("Hint: ")) {
                hint = line;
            } else if (line.startsWith(NO_EFFECT)) {
                noEffect = true;
            } else {
                Matcher m = LINE.matcher(line);
                if (m.matches()) {
                    elements.put(
                            Integer.parseInt(m.group(1)),
                            new Element(
                                    m.group(2),
                                    m.group(3) == null ? "" : m.group(3),
                                    m.group(4),
                                    m.group(5) != null));
                }
            }
        }
        return new ElementListText(
                instruction, Collections.unmodifiableMap(elements), hint, noEffect);
    }
}
