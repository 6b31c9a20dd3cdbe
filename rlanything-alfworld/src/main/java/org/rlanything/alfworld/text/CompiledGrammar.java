package org.rlanything.alfworld.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.Predicate;
import org.rlanything.alfworld.world.StateView;

/**
 * A TextWorld context-sensitive grammar compiled for fast rendering. Symbols in a rule's text:
 *
 * <ul>
 *   <li>{@code #name#}: expand the first rule of {@code name} whose condition has a match;
 *   <li>{@code {o.name}}, {@code {o.indefinite + ' ' + o.name}}, {@code {r.name or r.id}}: an
 *       expression over bound entities ({@code name} is the ALFWorld display name, {@code
 *       indefinite} is always {@code a}, {@code id} the PDDL id);
 *   <li>{@code {expression | query}}: the expression once per match of the conjunctive query
 *       ({@code pred(var:type, ...) & ...}), variables already bound keeping their values;
 *   <li>{@code [symbol]}: those results as a list, joined by {@code #list_separator#} and {@code
 *       #list_last_separator#}, or {@code #list_empty#} when there is none.
 * </ul>
 *
 * Matches come in entity order (sorted ids), query atom by atom and argument by argument, which is
 * the order ALFWorld prints its lists in.
 */
public final class CompiledGrammar {

    /** Parsed rule texts and queries, shared by all games (ALFWorld games share their grammar). */
    private static final Map<String, Sym[]> SYMBOLS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static final Map<String, Query> QUERIES =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 20_000;

    private final GameEntities scene;
    private final Map<String, RuleSet> rules = new HashMap<>();

    private CompiledGrammar(GameEntities scene) {
        this.scene = scene;
    }

    /** Compiles every rule of {@code grammar}; fails on the first rule that does not parse. */
    public static CompiledGrammar compile(TwlGrammar grammar, GameEntities scene)
            throws GrammarException {
        CompiledGrammar g = new CompiledGrammar(scene);
        for (Map.Entry<String, List<TwlGrammar.RuleText>> e : grammar.rules().entrySet()) {
            List<Rule> compiled = new ArrayList<>();
            for (TwlGrammar.RuleText r : e.getValue()) {
                try {
                    Query condition = r.condition().isBlank() ? null : cachedQuery(r.condition());
                    compiled.add(new Rule(condition, g.cachedSymbols(r.rhs())));
                } catch (GrammarException ex) {
                    throw new GrammarException("the rule '" + e.getKey() + "': " + ex.getMessage());
                }
            }
            g.rules.put(e.getKey(), new RuleSet(e.getKey(), compiled.toArray(new Rule[0])));
        }
        return g;
    }

    private static Query cachedQuery(String text) throws GrammarException {
        Query q = QUERIES.get(text);
        if (q == null) {
            q = Query.parse(text);
            if (QUERIES.size() < CACHE_LIMIT) {
                QUERIES.put(text, q);
            }
        }
        return q;
    }

    private Sym[] cachedSymbols(String text) throws GrammarException {
        Sym[] symbols = SYMBOLS.get(text);
        if (symbols == null) {
            symbols = parseSymbols(text);
            if (SYMBOLS.size() < CACHE_LIMIT) {
                SYMBOLS.put(text, symbols);
            }
        }
        return symbols;
    }

    /** Whether a rule list named {@code name} exists. */
    public boolean hasRule(String name) {
        return rules.containsKey(name);
    }

    /** Compiles a symbol text such as a command template or a feedback symbol. */
    public Template template(String symbols) throws GrammarException {
        Sym[] parsed = cachedSymbols(symbols);
        checkReferences(parsed, symbols);
        return new Template(symbols, parsed);
    }

    private void checkReferences(Sym[] symbols, String where) throws GrammarException {
        for (Sym s : symbols) {
            if (s instanceof NonTerminal && !rules.containsKey(((NonTerminal) s).name)) {
                throw new GrammarException(
                        "'"
                                + where
                                + "' refers to #"
                                + ((NonTerminal) s).name
                                + "#, which no rule defines.");
            }
        }
    }

    /** Renders {@code template} with {@code bindings} in {@code state}. */
    public String render(Template template, Bindings bindings, StateView state) {
        StringBuilder out = new StringBuilder(96);
        renderAll(template.symbols, new Ctx(scene, state, bindings), out);
        return out.toString();
    }

    /** Appends the rendering of {@code template} to {@code out}. */
    public void render(Template template, Bindings bindings, StateView state, StringBuilder out) {
        renderAll(template.symbols, new Ctx(scene, state, bindings), out);
    }

    /** A compiled symbol text. */
    public static final class Template {
        private final String source;
        private final Sym[] symbols;

        Template(String source, Sym[] symbols) {
            this.source = source;
            this.symbols = symbols;
        }

        /** The text it was compiled from. */
        public String source() {
            return source;
        }

        /** Whether the template is plain text, e.g. {@code look}. */
        public boolean isLiteral() {
            for (Sym s : symbols) {
                if (!(s instanceof Literal)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The text before the first non-literal symbol (for a command template, the words that
         * start every command made from it).
         */
        public String literalPrefix() {
            StringBuilder sb = new StringBuilder();
            for (Sym s : symbols) {
                if (!(s instanceof Literal)) {
                    break;
                }
                sb.append(((Literal) s).text);
            }
            return sb.toString();
        }

        @Override
        public String toString() {
            return source;
        }
    }

    // ---- rendering ----

    private static final class Ctx {
        final GameEntities scene;
        final StateView state;
        final Bindings bindings;

        Ctx(GameEntities scene, StateView state, Bindings bindings) {
            this.scene = scene;
            this.state = state;
            this.bindings = bindings;
        }
    }

    private void renderAll(Sym[] symbols, Ctx ctx, StringBuilder out) {
        for (Sym s : symbols) {
            s.render(this, ctx, out);
        }
    }

    private abstract static class Sym {
        abstract void render(CompiledGrammar g, Ctx ctx, StringBuilder out);
    }

    private static final class Literal extends Sym {
        final String text;

        Literal(String text) {
            this.text = text;
        }

        @Override
        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            out.append(text);
        }
    }

    private static final class NonTerminal extends Sym {
        final String name;

        NonTerminal(String name) {
            this.name = name;
        }

        @Override
        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            RuleSet set = g.rules.get(name);
            if (set == null) {
                throw new IllegalStateException("The grammar has no rule #" + name + "#.");
            }
            set.render(g, ctx, out);
        }
    }

    private static final class Rule {
        final Query condition;
        final Sym[] rhs;

        Rule(Query condition, Sym[] rhs) {
            this.condition = condition;
            this.rhs = rhs;
        }
    }

    private static final class RuleSet {
        final String name;
        final Rule[] rules;

        RuleSet(String name, Rule[] rules) {
            this.name = name;
            this.rules = rules;
        }

        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            for (Rule r : rules) {
                if (r.condition == null || r.condition.any(ctx.scene, ctx.state, ctx.bindings)) {
                    g.renderAll(r.rhs, ctx, out);
                    return;
                }
            }
            throw new IllegalStateException("No rule of #" + name + "# applies in this state.");
        }
    }

    /** {@code {a + 'x' + b.name or c.id}}. */
    private static final class Eval extends Sym {
        final Term[][] alternatives;

        Eval(Term[][] alternatives) {
            this.alternatives = alternatives;
        }

        @Override
        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            for (int i = 0; i < alternatives.length; i++) {
                int mark = out.length();
                for (Term t : alternatives[i]) {
                    t.append(ctx, out);
                }
                if (out.length() > mark || i == alternatives.length - 1) {
                    return;
                }
            }
        }
    }

    private static final class Term {
        final String literal;
        final String variable;
        final String attribute;

        Term(String literal, String variable, String attribute) {
            this.literal = literal;
            this.variable = variable;
            this.attribute = attribute;
        }

        void append(Ctx ctx, StringBuilder out) {
            if (literal != null) {
                out.append(literal);
                return;
            }
            int at = ctx.bindings.find(variable);
            if (at < 0) {
                throw new IllegalStateException(
                        "The grammar variable '" + variable + "' is not bound.");
            }
            Kind kind = Kind.values()[ctx.bindings.kindAt(at)];
            int index = ctx.bindings.valueAt(at);
            switch (attribute) {
                case "indefinite":
                    out.append('a');
                    break;
                case "definite":
                    out.append("the");
                    break;
                case "id":
                    out.append(ctx.scene.id(kind, index));
                    break;
                case "type":
                    out.append(kind.pddlName());
                    break;
                default:
                    out.append(ctx.scene.name(kind, index));
                    break;
            }
        }
    }

    /** {@code {expression | query}}: the expression once per match. */
    private static final class Conditional extends Sym {
        final Sym[] expression;
        final Query query;

        Conditional(Sym[] expression, Query query) {
            this.expression = expression;
            this.query = query;
        }

        @Override
        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            query.forEach(
                    ctx.scene, ctx.state, ctx.bindings, () -> g.renderAll(expression, ctx, out));
        }

        List<String> items(CompiledGrammar g, Ctx ctx) {
            List<String> items = new ArrayList<>();
            query.forEach(
                    ctx.scene,
                    ctx.state,
                    ctx.bindings,
                    () -> {
                        StringBuilder sb = new StringBuilder(24);
                        g.renderAll(expression, ctx, sb);
                        items.add(sb.toString());
                    });
            return items;
        }
    }

    /** {@code [symbol]}. */
    private static final class ListSym extends Sym {
        final Sym inner;
        final NonTerminal empty = new NonTerminal("list_empty");
        final NonTerminal separator = new NonTerminal("list_separator");
        final NonTerminal lastSeparator = new NonTerminal("list_last_separator");

        ListSym(Sym inner) {
            this.inner = inner;
        }

        @Override
        void render(CompiledGrammar g, Ctx ctx, StringBuilder out) {
            List<String> items;
            if (inner instanceof Conditional) {
                items = ((Conditional) inner).items(g, ctx);
            } else {
                StringBuilder sb = new StringBuilder();
                inner.render(g, ctx, sb);
                items = List.of(sb.toString());
            }
            int n = items.size();
            if (n == 0) {
                empty.render(g, ctx, out);
                return;
            }
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    (i == n - 1 ? lastSeparator : separator).render(g, ctx, out);
                }
                out.append(items.get(i));
            }
        }
    }

    // ---- parsing ----

    private Sym[] parseSymbols(String text) throws GrammarException {
        List<Sym> out = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '#') {
                int end = text.indexOf('#', i + 1);
                if (end > i + 1) {
                    flush(literal, out);
                    out.add(new NonTerminal(text.substring(i + 1, end)));
                    i = end + 1;
                    continue;
                }
            } else if (c == '{' || c == '[') {
                int end = matching(text, i);
                if (end > 0) {
                    flush(literal, out);
                    String inner = text.substring(i + 1, end);
                    if (c == '{') {
                        out.add(parseBraces(inner));
                    } else {
                        Sym[] parts = parseSymbols(inner);
                        if (parts.length != 1) {
                            throw new GrammarException(
                                    "the list [" + inner + "] must hold exactly one symbol.");
                        }
                        out.add(new ListSym(parts[0]));
                    }
                    i = end + 1;
                    continue;
                }
            } else if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == 'n') {
                literal.append('\n');
                i += 2;
                continue;
            }
            literal.append(c);
            i++;
        }
        flush(literal, out);
        return out.toArray(new Sym[0]);
    }

    private static void flush(StringBuilder literal, List<Sym> out) {
        if (literal.length() > 0) {
            out.add(new Literal(literal.toString()));
            literal.setLength(0);
        }
    }

    /** The index of the bracket closing the one at {@code open}, or -1. */
    private static int matching(String text, int open) {
        char o = text.charAt(open);
        char close = o == '{' ? '}' : ']';
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if ((c == '\'' || c == '"') && o == '{') {
                quote = c;
            } else if (c == o) {
                depth++;
            } else if (c == close) {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    private Sym parseBraces(String inner) throws GrammarException {
        int bar = topLevelBar(inner);
        if (bar < 0) {
            return parseExpression(inner.trim());
        }
        String expression = inner.substring(0, bar).trim();
        Query query = Query.parse(inner.substring(bar + 1).trim());
        Sym[] expr;
        if (expression.startsWith("#") && expression.endsWith("#") && expression.length() > 2) {
            expr = parseSymbols(expression);
        } else {
            expr = new Sym[] {parseExpression(expression)};
        }
        return new Conditional(expr, query);
    }

    private static int topLevelBar(String s) {
        return unquoted(s, "|", 0);
    }

    private static Eval parseExpression(String expression) throws GrammarException {
        if (expression.isEmpty()) {
            throw new GrammarException("an empty {} expression.");
        }
        List<Term[]> alternatives = new ArrayList<>();
        for (String alternative : splitTopLevel(expression, " or ")) {
            List<Term> terms = new ArrayList<>();
            for (String raw : splitTopLevel(alternative, "+")) {
                String t = raw.trim();
                if (t.length() >= 2
                        && (t.charAt(0) == '\'' || t.charAt(0) == '"')
                        && t.charAt(t.length() - 1) == t.charAt(0)) {
                    terms.add(new Term(t.substring(1, t.length() - 1), null, null));
                } else if (t.matches("[A-Za-z_][A-Za-z_0-9]*(\\.[A-Za-z_]+)?")) {
                    int dot = t.indexOf('.');
                    terms.add(
                            dot < 0
                                    ? new Term(null, t.intern(), "name")
                                    : new Term(
                                            null,
                                            t.substring(0, dot).intern(),
                                            t.substring(dot + 1)));
                } else {
                    throw new GrammarException(
                            "the expression {"
                                    + expression
                                    + "} has a term '"
                                    + t
                                    + "' that the engine does not evaluate.");
                }
            }
            alternatives.add(terms.toArray(new Term[0]));
        }
        return new Eval(alternatives.toArray(new Term[0][]));
    }

    private static List<String> splitTopLevel(String s, String separator) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int at = unquoted(s, separator, start); at >= 0; at = unquoted(s, separator, start)) {
            parts.add(s.substring(start, at));
            start = at + separator.length();
        }
        parts.add(s.substring(start));
        return parts;
    }

    /**
     * The first index from {@code from} where {@code token} stands outside a quoted literal ('...'
     * or "..."), or -1.
     */
    private static int unquoted(String s, String token, int from) {
        char quote = 0;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (s.startsWith(token, i)) {
                return i;
            }
        }
        return -1;
    }

    // ---- queries ----

    /** A conjunctive query {@code pred(var:type, ...) & ...} over the scene and a state. */
    static final class Query {
        final Predicate[] predicates;
        final String[][] vars;
        final Kind[][] kinds;

        private Query(Predicate[] predicates, String[][] vars, Kind[][] kinds) {
            this.predicates = predicates;
            this.vars = vars;
            this.kinds = kinds;
        }

        static Query parse(String text) throws GrammarException {
            String[] atoms = text.split("&");
            Predicate[] ps = new Predicate[atoms.length];
            String[][] vs = new String[atoms.length][];
            Kind[][] ks = new Kind[atoms.length][];
            for (int i = 0; i < atoms.length; i++) {
                String atom = atoms[i].trim();
                int open = atom.indexOf('(');
                if (open <= 0 || !atom.endsWith(")")) {
                    throw new GrammarException(
                            "the condition atom '"
                                    + atom
                                    + "' is not of the form pred(var:type, ...).");
                }
                String name = atom.substring(0, open).trim();
                Predicate p = Predicate.byName(name);
                if (p == null) {
                    throw new GrammarException(
                            "the condition uses the predicate '"
                                    + name
                                    + "', which the engine does not evaluate.");
                }
                String inside = atom.substring(open + 1, atom.length() - 1).trim();
                String[] args = inside.isEmpty() ? new String[0] : inside.split(",");
                if (args.length != p.arity()) {
                    throw new GrammarException(
                            "'" + name + "' takes " + p.arity() + " arguments in '" + atom + "'.");
                }
                ps[i] = p;
                vs[i] = new String[args.length];
                ks[i] = new Kind[args.length];
                for (int j = 0; j < args.length; j++) {
                    String arg = args[j].trim();
                    int colon = arg.indexOf(':');
                    String var = colon < 0 ? arg : arg.substring(0, colon).trim();
                    Kind kind = p.kind(j);
                    if (colon >= 0) {
                        Kind declared = Kind.ofPddl(arg.substring(colon + 1).trim());
                        if (declared != kind) {
                            throw new GrammarException(
                                    "'"
                                            + atom
                                            + "' gives argument "
                                            + (j + 1)
                                            + " the type '"
                                            + arg.substring(colon + 1).trim()
                                            + "', but "
                                            + name
                                            + " expects "
                                            + kind.pddlName()
                                            + ".");
                        }
                    }
                    vs[i][j] = var.intern();
                    ks[i][j] = kind;
                }
            }
            return new Query(ps, vs, ks);
        }

        /** Whether the query has a match. */
        boolean any(GameEntities scene, StateView state, Bindings b) {
            int mark = b.size();
            boolean found = solve(0, scene, state, b, null);
            b.truncate(mark);
            return found;
        }

        /** Calls {@code onMatch} once per match, with the match's variables bound. */
        void forEach(GameEntities scene, StateView state, Bindings b, Runnable onMatch) {
            int mark = b.size();
            solve(0, scene, state, b, onMatch);
            b.truncate(mark);
        }

        /**
         * Binds the unbound argument {@code j} of atom {@code atom} to each candidate in turn and
         * goes on; {@code first} is the value of argument 0 when {@code j == 1}. Candidates come in
         * index order; for the common atoms they are read from indexes instead of trying every
         * entity.
         */
        private boolean enumerate(
                int atom,
                int j,
                int first,
                GameEntities scene,
                StateView state,
                Bindings b,
                Runnable onMatch) {
            String var = vars[atom][j];
            Kind kind = kinds[atom][j];
            Predicate p = predicates[atom];
            int mark = b.size();
            if (p == Predicate.INRECEPTACLE && j == 0 && state instanceof GameState) {
                int at = b.find(vars[atom][1]);
                if (at >= 0) {
                    GameState gs = (GameState) state;
                    int r = b.valueAt(at);
                    int words = (scene.count(Kind.OBJECT) + 63) >>> 6;
                    for (int w = 0; w < words; w++) {
                        long word = gs.contentsWord(r, w);
                        while (word != 0) {
                            int o = (w << 6) + Long.numberOfTrailingZeros(word);
                            word &= word - 1;
                            b.put(var, kind, o);
                            boolean stop = solve(atom, scene, state, b, onMatch);
                            b.truncate(mark);
                            if (stop) {
                                return true;
                            }
                        }
                    }
                    return false;
                }
            }
            if (p == Predicate.RECEPTACLEATLOCATION && j == 0) {
                int at = b.find(vars[atom][1]);
                if (at >= 0) {
                    int l = b.valueAt(at);
                    for (int i = 0, n = scene.receptacleCountAt(l); i < n; i++) {
                        b.put(var, kind, scene.receptacleAt(l, i));
                        boolean stop = solve(atom, scene, state, b, onMatch);
                        b.truncate(mark);
                        if (stop) {
                            return true;
                        }
                    }
                    return false;
                }
            }
            int single = -1;
            if (p == Predicate.ATLOCATION && j == 1) {
                single = state.agentLocation();
            } else if (p == Predicate.HOLDS && j == 1) {
                single = state.heldObject();
                if (single < 0) {
                    return false;
                }
            } else if (p == Predicate.RECEPTACLEATLOCATION && j == 1) {
                single = scene.receptacleLocation(first);
                if (single < 0) {
                    return false;
                }
            }
            if (single >= 0) {
                b.put(var, kind, single);
                boolean stop = solve(atom, scene, state, b, onMatch);
                b.truncate(mark);
                return stop;
            }
            int n = scene.count(kind);
            for (int c = 0; c < n; c++) {
                b.put(var, kind, c);
                boolean stop = solve(atom, scene, state, b, onMatch);
                b.truncate(mark);
                if (stop) {
                    return true;
                }
            }
            return false;
        }

        /** Returns true to stop (a match found when {@code onMatch} is null). */
        private boolean solve(
                int atom, GameEntities scene, StateView state, Bindings b, Runnable onMatch) {
            if (atom == predicates.length) {
                if (onMatch == null) {
                    return true;
                }
                onMatch.run();
                return false;
            }
            String[] v = vars[atom];
            int a0 = 0;
            int a1 = 0;
            for (int j = 0; j < v.length; j++) {
                int at = b.find(v[j]);
                if (at < 0) {
                    return enumerate(atom, j, j == 1 ? a0 : -1, scene, state, b, onMatch);
                }
                if (j == 0) {
                    a0 = b.valueAt(at);
                } else {
                    a1 = b.valueAt(at);
                }
            }
            if (!predicates[atom].test(scene, state, a0, a1)) {
                return false;
            }
            return solve(atom + 1, scene, state, b, onMatch);
        }
    }
}
