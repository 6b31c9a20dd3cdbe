package org.rlanything.pddl.lang;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of PDDL's parenthesised syntax: a symbol (lower-cased, as PDDL names are
 * case-insensitive) or a list, with the line it starts on for messages.
 *
 * @param symbol the symbol, or null for a list
 * @param items the list's items (empty for a symbol)
 * @param line the 1-based line of the node's first character
 */
public record SExpr(String symbol, List<SExpr> items, int line) {

    public SExpr {
        items = List.copyOf(items);
    }

    /** Whether this node is a symbol. */
    public boolean isSymbol() {
        return symbol != null;
    }

    /** The first item's symbol when this is a list starting with a symbol, else null. */
    public String head() {
        return symbol == null && !items.isEmpty() ? items.get(0).symbol : null;
    }

    /** The items after the first. */
    public List<SExpr> tail() {
        return items.isEmpty() ? List.of() : items.subList(1, items.size());
    }

    /** A short rendering for messages (at most 60 characters). */
    public String brief() {
        String text = toString();
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    @Override
    public String toString() {
        if (symbol != null) {
            return symbol;
        }
        StringBuilder out = new StringBuilder("(");
        for (int i = 0; i < items.size(); i++) {
            out.append(i == 0 ? "" : " ").append(items.get(i));
        }
        return out.append(')').toString();
    }

    /**
     * The deepest nesting read. Real domains nest a dozen levels; the bound keeps a hostile file (a
     * precondition 2,000 levels deep) from overflowing the stack of every walk over the result.
     */
    public static final int MAX_DEPTH = 500;

    /** The byte-order mark some editors put first in a UTF-8 file; skipped. */
    private static final char BOM = '\uFEFF';

    /**
     * Reads all top-level expressions of {@code text}; {@code ;} starts a comment to the end of the
     * line. A byte-order mark at the start is skipped.
     *
     * @throws PddlException naming {@code file} and the line of an unbalanced parenthesis, of a
     *     list nested deeper than {@link #MAX_DEPTH}, or of an invisible character inside a symbol
     *     (a zero-width space, a no-break space), with its column
     */
    public static List<SExpr> parseAll(String text, String file) {
        List<List<SExpr>> stack = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        List<SExpr> top = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int i = !text.isEmpty() && text.charAt(0) == BOM ? 1 : 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
                lineStart = i;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == ';') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '(') {
                if (stack.size() >= MAX_DEPTH) {
                    throw PddlException.malformed(
                            file,
                            line,
                            "this '(' nests deeper than "
                                    + MAX_DEPTH
                                    + " levels; no planning domain nests so deep.");
                }
                stack.add(new ArrayList<>());
                starts.add(line);
                i++;
            } else if (c == ')') {
                if (stack.isEmpty()) {
                    throw PddlException.malformed(file, line, "a ')' closes nothing.");
                }
                List<SExpr> done = stack.remove(stack.size() - 1);
                int start = starts.remove(starts.size() - 1);
                SExpr list = new SExpr(null, done, start);
                (stack.isEmpty() ? top : stack.get(stack.size() - 1)).add(list);
                i++;
            } else {
                int begin = i;
                while (i < n
                        && !Character.isWhitespace(text.charAt(i))
                        && "();".indexOf(text.charAt(i)) < 0) {
                    i++;
                }
                String symbol = text.substring(begin, i);
                refuseInvisible(symbol, file, line, begin - lineStart + 1);
                SExpr atom = new SExpr(symbol.toLowerCase(java.util.Locale.ROOT), List.of(), line);
                if (stack.isEmpty()) {
                    throw PddlException.malformed(
                            file, line, "the symbol " + atom.symbol + " stands outside any list.");
                }
                stack.get(stack.size() - 1).add(atom);
            }
        }
        if (!stack.isEmpty()) {
            throw PddlException.malformed(
                    file, starts.get(starts.size() - 1), "this '(' is never closed.");
        }
        return top;
    }

    /**
     * Refuses a symbol holding a character that cannot be seen (a zero-width space, a no-break
     * space, a control or format character): it would read as another name than the one shown.
     */
    private static void refuseInvisible(String symbol, String file, int line, int column) {
        for (int k = 0; k < symbol.length(); ) {
            int cp = symbol.codePointAt(k);
            if (invisible(cp)) {
                throw PddlException.malformed(
                        file,
                        line,
                        "column "
                                + (column + k)
                                + ": the invisible character "
                                + String.format("U+%04X", cp)
                                + " ("
                                + java.util.Objects.requireNonNullElse(
                                        Character.getName(cp), "unnamed")
                                + ") stands in the symbol \""
                                + shown(symbol)
                                + "\"; delete it.");
            }
            k += Character.charCount(cp);
        }
    }

    /** {@code symbol} with each invisible character as {@code ?}. */
    private static String shown(String symbol) {
        StringBuilder out = new StringBuilder();
        symbol.codePoints().forEach(cp -> out.appendCodePoint(invisible(cp) ? '?' : cp));
        return out.toString();
    }

    private static boolean invisible(int cp) {
        return switch (Character.getType(cp)) {
            case Character.FORMAT,
                    Character.CONTROL,
                    Character.SPACE_SEPARATOR,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.UNASSIGNED,
                    Character.PRIVATE_USE,
                    Character.SURROGATE ->
                    true;
            default -> false;
        };
    }
}
