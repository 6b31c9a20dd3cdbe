package org.rlanything.alfworld;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.rlanything.alfworld.world.ActionGenerator;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.Verb;

/**
 * Command texts of a game and the admissible-command list in TextWorld's order (sorted strings, no
 * duplicates). Sorting is done without comparing most strings: every command of a verb starts with
 * the literal words of its template ({@code go to }, {@code take }), so commands sort first by that
 * prefix; single-argument commands (go to, open, examine...) have their rank within the prefix
 * precomputed; only the few two-argument commands of a step are compared as strings. When the
 * templates do not allow this (a prefix that is a proper prefix of another), plain string sorting
 * is used.
 */
final class CommandTable {

    /**
     * The admissible commands of a state.
     *
     * @param commands sorted, unique command texts
     * @param codes the action code of each command (the first one when several actions share a
     *     text)
     */
    record Admissible(List<String> commands, long[] codes) {}

    private static final int VERBS = Verb.values().length;

    private final AlfworldGame game;
    private final GameEntities scene;
    private final ActionGenerator generator;
    private final GameState reference;
    private final int nO;
    private final int nR;
    private final boolean plainSort;
    private final int[] groupRank = new int[VERBS];

    /** Static texts: per verb, indexed by the first argument (null for two-argument verbs). */
    private final String[][] statics = new String[VERBS][];

    private final int[][] staticRanks = new int[VERBS][];

    /** Lazily filled texts of two-argument verbs: [verb][first][second]. */
    private final String[][][] lazy = new String[VERBS][][];

    private final ThreadLocal<Work> work;

    CommandTable(AlfworldGame game) {
        this.game = game;
        this.scene = game.scene();
        this.generator = game.actions();
        this.reference = scene.initialState();
        this.nO = scene.count(Kind.OBJECT);
        this.nR = scene.count(Kind.RECEPTACLE);
        this.work = ThreadLocal.withInitial(() -> new Work(generator.capacity()));
        Map<String, Integer> prefixes = new HashMap<>();
        boolean plain = false;
        for (Verb verb : game.rules().verbs()) {
            String prefix = game.template(verb).literalPrefix();
            if (prefix.isEmpty()) {
                plain = true;
            }
            prefixes.put(prefix, 0);
        }
        List<String> sorted = new ArrayList<>(new TreeSet<>(prefixes.keySet()));
        for (String a : sorted) {
            for (String b : sorted) {
                if (!a.equals(b) && b.startsWith(a)) {
                    plain = true;
                }
            }
        }
        for (int i = 0; i < sorted.size(); i++) {
            prefixes.put(sorted.get(i), i);
        }
        for (Verb verb : game.rules().verbs()) {
            groupRank[verb.ordinal()] = prefixes.get(game.template(verb).literalPrefix());
        }
        this.plainSort = plain;
        buildStatics();
    }

    private static boolean isStatic(Verb verb) {
        switch (verb) {
            case LOOK:
            case INVENTORY:
            case HELP:
            case GOTO:
            case OPEN:
            case CLOSE:
            case EXAMINE_RECEPTACLE:
            case EXAMINE_OBJECT:
                return true;
            default:
                return false;
        }
    }

    /** Whether the single-argument action can ever be admissible (others get no text). */
    private boolean canOccur(Verb verb, int i) {
        switch (verb) {
            case GOTO:
                return scene.receptacleLocation(i) >= 0;
            case OPEN:
            case CLOSE:
                return scene.openable(i);
            case EXAMINE_OBJECT:
                return game.rules().examinesInReceptacles()
                        || (scene.staticFlags(i) & org.rlanything.alfworld.world.Flags.PICKUPABLE)
                                != 0
                        || reference.heldObject() == i;
            default:
                return true;
        }
    }

    private void buildStatics() {
        // texts
        for (Verb verb : game.rules().verbs()) {
            if (!isStatic(verb)) {
                continue;
            }
            int n =
                    verb == Verb.EXAMINE_OBJECT
                            ? nO
                            : (verb == Verb.LOOK || verb == Verb.INVENTORY || verb == Verb.HELP)
                                    ? 1
                                    : nR;
            String[] texts = new String[n];
            for (int i = 0; i < n; i++) {
                if (!canOccur(verb, i)) {
                    continue;
                }
                texts[i] =
                        game.renderCommand(
                                        Verb.code(verb, i, 0), reference.agentLocation(), reference)
                                .intern();
            }
            statics[verb.ordinal()] = texts;
        }
        // ranks within each prefix group, over the unique texts of the group
        Map<Integer, TreeSet<String>> byGroup = new HashMap<>();
        for (Verb verb : game.rules().verbs()) {
            String[] texts = statics[verb.ordinal()];
            if (texts == null) {
                continue;
            }
            TreeSet<String> set =
                    byGroup.computeIfAbsent(groupRank[verb.ordinal()], k -> new TreeSet<>());
            for (String t : texts) {
                if (t != null) {
                    set.add(t);
                }
            }
        }
        for (Verb verb : game.rules().verbs()) {
            String[] texts = statics[verb.ordinal()];
            if (texts == null) {
                continue;
            }
            List<String> order = new ArrayList<>(byGroup.get(groupRank[verb.ordinal()]));
            int[] ranks = new int[texts.length];
            for (int i = 0; i < texts.length; i++) {
                ranks[i] = texts[i] == null ? 0 : Collections.binarySearch(order, texts[i]) + 1;
            }
            staticRanks[verb.ordinal()] = ranks;
        }
    }

    /** The text of an action code. */
    String text(long code) {
        Verb verb = Verb.of(code);
        int a = Verb.first(code);
        int b = Verb.second(code);
        String[] texts = statics[verb.ordinal()];
        if (texts != null) {
            return texts[verb == Verb.LOOK || verb == Verb.INVENTORY || verb == Verb.HELP ? 0 : a];
        }
        String[][] byFirst = lazy[verb.ordinal()];
        if (byFirst == null) {
            byFirst = new String[nO][];
            lazy[verb.ordinal()] = byFirst;
        }
        String[] row = byFirst[a];
        if (row == null) {
            row = new String[verb == Verb.SLICE ? nO : nR];
            byFirst[a] = row;
        }
        String t = row[b];
        if (t == null) {
            t = game.renderCommand(code, reference.agentLocation(), reference).intern();
            row[b] = t;
        }
        return t;
    }

    private long sortKey(long code, int index) {
        Verb verb = Verb.of(code);
        int[] ranks = staticRanks[verb.ordinal()];
        int within = 0;
        if (ranks != null) {
            within =
                    ranks[
                            verb == Verb.LOOK || verb == Verb.INVENTORY || verb == Verb.HELP
                                    ? 0
                                    : Verb.first(code)];
        }
        return ((long) groupRank[verb.ordinal()] << 44) | ((long) within << 20) | index;
    }

    /** The admissible commands of {@code state}, sorted and unique. */
    Admissible admissible(GameState state) {
        Work w = work.get();
        int n = generator.applicable(state, w.codes);
        String[] texts = new String[n];
        long[] codes = new long[n];
        int m = 0;
        if (plainSort) {
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
                w.texts[i] = text(w.codes[i]);
            }
            Arrays.sort(order, (x, y) -> w.texts[x].compareTo(w.texts[y]));
            for (int i = 0; i < n; i++) {
                String t = w.texts[order[i]];
                if (m == 0 || !t.equals(texts[m - 1])) {
                    texts[m] = t;
                    codes[m++] = w.codes[order[i]];
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                w.keys[i] = sortKey(w.codes[i], i);
            }
            Arrays.sort(w.keys, 0, n);
            int i = 0;
            while (i < n) {
                long top = w.keys[i] >>> 20;
                int j = i + 1;
                while (j < n && (w.keys[j] >>> 20) == top) {
                    j++;
                }
                // a run of commands with the same prefix group and rank: order by text
                int start = m;
                for (int k = i; k < j; k++) {
                    long code = w.codes[(int) (w.keys[k] & 0xFFFFF)];
                    String t = text(code);
                    int pos = m;
                    while (pos > start && texts[pos - 1].compareTo(t) > 0) {
                        pos--;
                    }
                    if (pos > start && texts[pos - 1].equals(t)) {
                        continue; // the same command through another receptacle
                    }
                    System.arraycopy(texts, pos, texts, pos + 1, m - pos);
                    System.arraycopy(codes, pos, codes, pos + 1, m - pos);
                    texts[pos] = t;
                    codes[pos] = code;
                    m++;
                }
                i = j;
            }
        }
        String[] finalTexts = m == n ? texts : Arrays.copyOf(texts, m);
        long[] finalCodes = m == n ? codes : Arrays.copyOf(codes, m);
        return new Admissible(Collections.unmodifiableList(Arrays.asList(finalTexts)), finalCodes);
    }

    /** Per-thread scratch buffers. */
    private static final class Work {
        final long[] codes;
        final long[] keys;
        final String[] texts;

        Work(int capacity) {
            codes = new long[capacity];
            keys = new long[capacity];
            texts = new String[capacity];
        }
    }
}
