package org.rlanything.gui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The human-written difficulty variants among a set of MiniWoB++ pages, found by name: {@code
 * X-easy}, {@code X-medium}, {@code X-nodelay} and {@code X} are variants of family X when the page
 * X exists. Their order, easiest first: easy, medium, no-delay (the full task without animation
 * delays), then X itself (the full task with its delays). Pages with no such siblings form a group
 * of one.
 */
public final class MiniwobVariants {

    private static final List<String> SUFFIXES = List.of("-easy", "-medium", "-nodelay");

    private final Map<String, List<MiniwobTask>> groups = new HashMap<>();
    private final Map<String, String> baseOf = new HashMap<>();

    public MiniwobVariants(List<MiniwobTask> pages) {
        Map<String, MiniwobTask> byName = new HashMap<>();
        pages.forEach(p -> byName.put(p.family(), p));
        for (MiniwobTask page : pages) {
            String base = base(page.family());
            if (!byName.containsKey(base)) {
                base = page.family();
            }
            baseOf.put(page.family(), base);
            groups.computeIfAbsent(base, k -> new ArrayList<>()).add(page);
        }
        groups.values().forEach(g -> g.sort(Comparator.comparingInt(MiniwobVariants::rank)));
    }

    private static String base(String name) {
        for (String suffix : SUFFIXES) {
            if (name.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** 0 easy, 1 medium, 2 no-delay, 3 the family's own page. */
    static int rank(MiniwobTask page) {
        for (int i = 0; i < SUFFIXES.size(); i++) {
            if (page.family().endsWith(SUFFIXES.get(i))) {
                return i;
            }
        }
        return SUFFIXES.size();
    }

    /** The variants of {@code task}'s family, easiest first (the task's own page included). */
    public List<MiniwobTask> of(MiniwobTask task) {
        String base = baseOf.get(task.family());
        if (base == null) {
            return List.of(task.withHint(false));
        }
        return List.copyOf(groups.get(base));
    }

    /** The next harder variant page (no hint), if any. */
    public Optional<MiniwobTask> harder(MiniwobTask task) {
        return step(task, +1);
    }

    /** The next easier variant page (no hint), if any. */
    public Optional<MiniwobTask> easier(MiniwobTask task) {
        return step(task, -1);
    }

    private Optional<MiniwobTask> step(MiniwobTask task, int direction) {
        List<MiniwobTask> variants = of(task);
        for (int i = 0; i < variants.size(); i++) {
            if (variants.get(i).family().equals(task.family())) {
                int j = i + direction;
                return j >= 0 && j < variants.size()
                        ? Optional.of(variants.get(j))
                        : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The families with more than one variant (for reports). */
    public List<List<MiniwobTask>> multiVariantGroups() {
        return groups.values().stream()
                .filter(g -> g.size() > 1)
                .sorted(Comparator.comparing(g -> g.get(0).family()))
                .toList();
    }
}
