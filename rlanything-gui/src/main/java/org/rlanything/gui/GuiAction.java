package org.rlanything.gui;

import java.util.Objects;

/**
 * One mouse or keyboard action on a page, written as the command text a policy emits:
 *
 * <ul>
 *   <li>{@code click REF}: click the element with that id;
 *   <li>{@code type REF TEXT}: type TEXT into that element (the rest of the line, verbatim);
 *   <li>{@code press KEY}: press a key or chord on the focused element ({@code Enter}, {@code Tab},
 *       {@code ctrl+a}, a single character, see {@link Keyboard});
 *   <li>{@code click_at X Y}: click at viewport pixel (X, Y), for policies that read the
 *       screenshot.
 * </ul>
 */
public sealed interface GuiAction {

    /** The command text ({@code parse(a.command())} equals {@code a}). */
    String command();

    /** Click element {@code ref}. */
    record Click(int ref) implements GuiAction {
        @Override
        public String command() {
            return "click " + ref;
        }
    }

    /** Type {@code text} into element {@code ref}. */
    record Type(int ref, String text) implements GuiAction {
        public Type {
            Objects.requireNonNull(text, "text");
            if (text.isEmpty()) {
                throw new IllegalArgumentException("A type action needs text to type.");
            }
        }

        @Override
        public String command() {
            return "type " + ref + " " + text;
        }
    }

    /** Press a key or chord. */
    record Press(String key) implements GuiAction {
        public Press {
            Keyboard.check(key);
        }

        @Override
        public String command() {
            return "press " + key;
        }
    }

    /** Click at viewport pixel (x, y). */
    record ClickAt(int x, int y) implements GuiAction {
        public ClickAt {
            if (x < 0 || y < 0) {
                throw new IllegalArgumentException(
                        "click_at needs non-negative pixel coordinates, got " + x + "," + y + ".");
            }
        }

        @Override
        public String command() {
            return "click_at " + x + " " + y;
        }
    }

    /**
     * Parses a command.
     *
     * @throws IllegalArgumentException naming the command and the expected forms when it is not one
     */
    static GuiAction parse(String command) {
        Objects.requireNonNull(command, "command");
        String line = command.strip();
        String[] parts = line.split(" ", 3);
        try {
            switch (parts[0]) {
                case "click":
                    if (parts.length == 2) {
                        return new Click(Integer.parseInt(parts[1]));
                    }
                    break;
                case "type":
                    if (parts.length == 3) {
                        return new Type(Integer.parseInt(parts[1]), parts[2]);
                    }
                    break;
                case "press":
                    if (parts.length == 2) {
                        return new Press(parts[1]);
                    }
                    break;
                case "click_at":
                    if (parts.length == 3) {
                        return new ClickAt(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
                    }
                    break;
                default:
                    break;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "Not a GUI action: \""
                        + line
                        + "\" (expected click REF, type REF TEXT, press KEY or click_at X Y).");
    }
}
