package org.rlanything.gui;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What the policy sees of a GUI task at one step: the instruction, the visible elements and, when
 * asked for, a screenshot.
 *
 * @param instruction the task's instruction (MiniWoB++: the {@code #query} text)
 * @param elements the visible elements, in document order
 * @param screenshot a PNG of the window, or null when none was asked for
 */
public record GuiObservation(String instruction, List<PageElement> elements, byte[] screenshot) {

    public GuiObservation {
        Objects.requireNonNull(instruction, "instruction");
        elements = List.copyOf(elements);
    }

    /** The element with {@code ref}, or null. */
    public PageElement element(int ref) {
        for (PageElement e : elements) {
            if (e.ref() == ref) {
                return e;
            }
        }
        return null;
    }

    /** The text a language policy reads: the instruction, then one line per element. */
    public String text() {
        return "Instruction: "
                + instruction
                + "\nElements:\n"
                + elements.stream().map(PageElement::describe).collect(Collectors.joining("\n"));
    }

    /** This observation with a screenshot. */
    public GuiObservation withScreenshot(byte[] png) {
        return new GuiObservation(instruction, elements, png);
    }
}
