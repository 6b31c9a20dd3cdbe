package org.rlanything.alfworld.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * ALFWorld's naming rule for entities ({@code AlfredDemangler}). An id such as {@code
 * cabinet_bar__plus_00_dot_95_bar_...} gets the name before its first {@code _bar_} (plus {@code
 * basin} when the id contains {@code basin}) and a number. The numbers of a name count down in
 * sorted-id order: the id that sorts first gets the highest number, so lists in id order read
 * {@code a drawer 3, a drawer 2, a drawer 1}. Ids without {@code _bar_} (the agent, the types) get
 * no number and keep a trailing space, as in ALFWorld. Only ids that occur in the initial facts are
 * counted, because those are the entities TextWorld knows.
 */
public final class Demangler {

    private static final String BAR = "_bar_";

    private Demangler() {}

    /** Display names for {@code ids} (lower-case PDDL names). */
    public static Map<String, String> names(Iterable<String> ids) {
        TreeSet<String> sorted = new TreeSet<>();
        for (String id : ids) {
            sorted.add(id);
        }
        Map<String, Integer> counts = new HashMap<>();
        for (String id : sorted) {
            String base = baseName(id);
            if (base != null) {
                counts.merge(base, 1, Integer::sum);
            }
        }
        Map<String, String> result = new HashMap<>();
        Map<String, Integer> next = new HashMap<>(counts);
        for (String id : sorted) {
            String base = baseName(id);
            if (base == null) {
                result.put(id, unescape(id) + " ");
            } else {
                int number = next.merge(base, -1, Integer::sum) + 1;
                result.put(id, base + " " + number);
            }
        }
        return result;
    }

    /** The name part of an id with {@code _bar_}, or {@code null} when it has none. */
    static String baseName(String id) {
        int bar = id.indexOf(BAR);
        if (bar < 0) {
            return null;
        }
        String base = id.substring(0, bar);
        if (id.contains("basin")) {
            base += "basin";
        }
        return base;
    }

    private static String unescape(String text) {
        return text.replace("_minus_", "-")
                .replace("_plus_", "+")
                .replace("_dot_", ".")
                .replace("_comma_", ",");
    }

    /** The ids in {@code ids} sorted as Python sorts strings (code point order). */
    public static List<String> sorted(Iterable<String> ids) {
        return new ArrayList<>(new TreeSet<>(toList(ids)));
    }

    private static List<String> toList(Iterable<String> ids) {
        List<String> list = new ArrayList<>();
        ids.forEach(list::add);
        return list;
    }
}
