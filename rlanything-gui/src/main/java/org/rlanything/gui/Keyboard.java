package org.rlanything.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * Key names a {@code press} action accepts, and how they become WebDriver key events: a named key
 * ({@code Enter}, {@code Tab}, {@code Backspace}, {@code Delete}, {@code Escape}, {@code Space},
 * {@code ArrowUp}/{@code Down}/{@code Left}/{@code Right}, {@code Home}, {@code End}, {@code
 * PageUp}, {@code PageDown}), a single character, or a chord of modifiers and one key joined by
 * {@code +} ({@code ctrl+a}, {@code ctrl+c}, {@code ctrl+v}, {@code shift+Tab}).
 */
public final class Keyboard {

    private static final Map<String, Keys> NAMED =
            Map.ofEntries(
                    Map.entry("enter", Keys.ENTER),
                    Map.entry("tab", Keys.TAB),
                    Map.entry("backspace", Keys.BACK_SPACE),
                    Map.entry("delete", Keys.DELETE),
                    Map.entry("escape", Keys.ESCAPE),
                    Map.entry("space", Keys.SPACE),
                    Map.entry("arrowup", Keys.ARROW_UP),
                    Map.entry("arrowdown", Keys.ARROW_DOWN),
                    Map.entry("arrowleft", Keys.ARROW_LEFT),
                    Map.entry("arrowright", Keys.ARROW_RIGHT),
                    Map.entry("home", Keys.HOME),
                    Map.entry("end", Keys.END),
                    Map.entry("pageup", Keys.PAGE_UP),
                    Map.entry("pagedown", Keys.PAGE_DOWN));

    private static final Map<String, Keys> MODIFIERS =
            Map.of("ctrl", Keys.CONTROL, "shift", Keys.SHIFT, "alt", Keys.ALT, "meta", Keys.META);

    /** The keys a random or embedded policy may press (the rest stay available to free text). */
    public static final List<String> COMMON =
            List.of("Enter", "Tab", "Backspace", "ctrl+a", "ctrl+c", "ctrl+v");

    private Keyboard() {}

    /** Checks a key name; an {@link IllegalArgumentException} naming it when it is none. */
    public static void check(String key) {
        parse(key);
    }

    /** Adds pressing {@code key} (modifiers down, key, modifiers up) to {@code actions}. */
    static Actions press(Actions actions, String key) {
        Chord chord = parse(key);
        for (Keys m : chord.modifiers()) {
            actions = actions.keyDown(m);
        }
        actions = actions.sendKeys(chord.key());
        for (int i = chord.modifiers().size() - 1; i >= 0; i--) {
            actions = actions.keyUp(chord.modifiers().get(i));
        }
        return actions;
    }

    private record Chord(List<Keys> modifiers, CharSequence key) {}

    private static Chord parse(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("press needs a key name.");
        }
        String[] parts = key.split("\\+", -1);
        List<Keys> modifiers = new ArrayList<>();
        for (int i = 0; i < parts.length - 1; i++) {
            Keys m = MODIFIERS.get(parts[i].toLowerCase(Locale.ROOT));
            if (m == null) {
                throw new IllegalArgumentException(
                        "Unknown modifier \""
                                + parts[i]
                                + "\" in key \""
                                + key
                                + "\" (expected ctrl, shift, alt or meta).");
            }
            modifiers.add(m);
        }
        String last = parts[parts.length - 1];
        Keys named = NAMED.get(last.toLowerCase(Locale.ROOT));
        if (named != null) {
            return new Chord(modifiers, named);
        }
        if (last.codePointCount(0, last.length()) == 1) {
            return new Chord(modifiers, last);
        }
        throw new IllegalArgumentException(
                "Unknown key \""
                        + key
                        + "\" (expected a single character, a chord such as ctrl+a, or one of "
                        + "Enter, Tab, Backspace, Delete, Escape, Space, ArrowUp, ArrowDown, "
                        + "ArrowLeft, ArrowRight, Home, End, PageUp, PageDown).");
    }
}
