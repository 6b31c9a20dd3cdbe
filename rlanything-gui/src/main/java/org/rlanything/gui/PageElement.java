package org.rlanything.gui;

import java.util.Objects;

/**
 * One visible element of a page, as MiniWoB++'s own {@code core.getDOMInfo()} reports it.
 *
 * @param ref the id the policy names it by: positive for elements, negative for the pieces of a
 *     text node that has element siblings (MiniWoB++'s "t" pseudo-elements)
 * @param tag the tag ({@code BUTTON}, {@code INPUT_text}, {@code t}, ...)
 * @param text the element's own text (empty when it has child elements)
 * @param value an input's value ({@code true}/{@code false} for checkboxes), or null
 * @param left left edge in viewport pixels
 * @param top top edge in viewport pixels
 * @param width width in pixels
 * @param height height in pixels
 * @param focused whether it has the keyboard focus
 */
public record PageElement(
        int ref,
        String tag,
        String text,
        String value,
        double left,
        double top,
        double width,
        double height,
        boolean focused) {

    public PageElement {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(text, "text");
    }

    /** Whether text can be typed into it (text inputs and text areas). */
    public boolean typable() {
        return typable(tag);
    }

    /** Whether text can be typed into an element with {@code tag}. */
    public static boolean typable(String tag) {
        String t = tag.toUpperCase(java.util.Locale.ROOT);
        if (t.equals("TEXTAREA")) {
            return true;
        }
        if (!t.startsWith("INPUT_")) {
            return false;
        }
        String type = t.substring("INPUT_".length());
        return type.equals("TEXT")
                || type.equals("PASSWORD")
                || type.equals("NUMBER")
                || type.equals("SEARCH")
                || type.equals("EMAIL")
                || type.equals("TEL")
                || type.equals("URL");
    }

    /** The centre, in whole viewport pixels (where a click on it lands). */
    public int centerX() {
        return (int) Math.round(left + width / 2);
    }

    /** The centre, in whole viewport pixels. */
    public int centerY() {
        return (int) Math.round(top + height / 2);
    }

    /** One line for a text observation: {@code [ref] TAG "text" value=... @x,y}. */
    public String describe() {
        StringBuilder line = new StringBuilder();
        line.append('[').append(ref).append("] ").append(tag);
        if (!text.isEmpty()) {
            line.append(" \"").append(text).append('"');
        }
        if (value != null) {
            line.append(" value=\"").append(value).append('"');
        }
        if (focused) {
            line.append(" focused");
        }
        line.append(" @").append(centerX()).append(',').append(centerY());
        return line.toString();
    }
}
