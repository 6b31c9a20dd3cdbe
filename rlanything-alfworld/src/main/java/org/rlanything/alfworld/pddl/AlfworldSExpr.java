package org.rlanything.alfworld.pddl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A PDDL s-expression: a symbol or a parenthesised list. Symbols are lower-cased and comments
 * ({@code ;} to the end of the line) dropped, as the Fast Downward translator that ALFWorld uses
 * does; a symbol is any run of characters other than blanks and parentheses (so {@code location,}
 * is one symbol).
 */
public final class AlfworldSExpr {

    private final String symbol;
    private final List<AlfworldSExpr> items;
    private final int line;

    private AlfworldSExpr(String symbol, List<AlfworldSExpr> items, int line) {
        this.symbol = symbol;
        this.items = items;
        this.line = line;
    }

    /** Parses every top-level expression of {@code text}. */
    public static List<AlfworldSExpr> parseAll(String text) throws PddlSyntaxException {
        Parser parser = new Parser(text);
        List<AlfworldSExpr> result = new ArrayList<>();
        while (parser.skipBlank()) {
            result.add(parser.next());
        }
        return result;
    }

    /** Parses {@code text}, which must hold exactly one expression. */
    public static AlfworldSExpr parseOne(String text) throws PddlSyntaxException {
        List<AlfworldSExpr> all = parseAll(text);
        if (all.size() != 1) {
            throw new PddlSyntaxException("expected one expression but found " + all.size() + ".");
        }
        return all.get(0);
    }

    public boolean isSymbol() {
        return symbol != null;
    }

    public boolean isList() {
        return items != null;
    }

    /** The symbol; fails for a list. */
    public String symbol() {
        if (symbol == null) {
            throw new IllegalStateException("The expression " + this + " is a list, not a symbol.");
        }
        return symbol;
    }

    /** The items of a list; fails for a symbol. */
    public List<AlfworldSExpr> items() {
        if (items == null) {
            throw new IllegalStateException("The expression " + this + " is a symbol, not a list.");
        }
        return items;
    }

    /** The number of items of a list (0 for a symbol). */
    public int size() {
        return items == null ? 0 : items.size();
    }

    public AlfworldSExpr get(int index) {
        return items().get(index);
    }

    /**
     * The head symbol of a list, or {@code null} when it is a symbol, empty, or starts with a list.
     */
    public String head() {
        if (items == null || items.isEmpty() || !items.get(0).isSymbol()) {
            return null;
        }
        return items.get(0).symbol;
    }

    /** Whether this is a symbol equal to {@code s}. */
    public boolean is(String s) {
        return Objects.equals(symbol, s);
    }

    /** The 1-based line where the expression starts. */
    public int line() {
        return line;
    }

    @Override
    public String toString() {
        if (symbol != null) {
            return symbol;
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(items.get(i));
        }
        return sb.append(')').toString();
    }

    /** A short form for error messages (at most about 120 characters). */
    public String brief() {
        String text = toString();
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }

    /**
     * The deepest nesting read. ALFWorld's PDDL nests a dozen levels; the bound keeps a hostile
     * file (200,000 opening parentheses) from overflowing the stack of this parser and of every
     * walk over its result.
     */
    public static final int MAX_DEPTH = 500;

    private static final class Parser {
        private final String text;
        private int pos;
        private int line = 1;
        private int depth;

        Parser(String text) {
            this.text = text;
        }

        /** Skips blanks and comments; returns whether anything is left. */
        boolean skipBlank() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == ';') {
                    while (pos < text.length() && text.charAt(pos) != '\n') {
                        pos++;
                    }
                } else if (Character.isWhitespace(c)) {
                    if (c == '\n') {
                        line++;
                    }
                    pos++;
                } else {
                    return true;
                }
            }
            return false;
        }

        AlfworldSExpr next() throws PddlSyntaxException {
            int startLine = line;
            char c = text.charAt(pos);
            if (c == ')') {
                throw new PddlSyntaxException("an unmatched ')' on line " + line + ".");
            }
            if (c != '(') {
                int start = pos;
                while (pos < text.length()) {
                    char d = text.charAt(pos);
                    if (d == '(' || d == ')' || d == ';' || Character.isWhitespace(d)) {
                        break;
                    }
                    pos++;
                }
                return new AlfworldSExpr(
                        text.substring(start, pos).toLowerCase(java.util.Locale.ROOT),
                        null,
                        startLine);
            }
            pos++;
            if (++depth > MAX_DEPTH) {
                throw new PddlSyntaxException(
                        "the '(' on line "
                                + startLine
                                + " nests deeper than "
                                + MAX_DEPTH
                                + " levels; PDDL this deep is not a game.");
            }
            List<AlfworldSExpr> children = new ArrayList<>();
            while (true) {
                if (!skipBlank()) {
                    throw new PddlSyntaxException(
                            "the '(' opened on line " + startLine + " is never closed.");
                }
                if (text.charAt(pos) == ')') {
                    pos++;
                    depth--;
                    return new AlfworldSExpr(
                            null, Collections.unmodifiableList(children), startLine);
                }
                children.add(next());
            }
        }
    }
}
