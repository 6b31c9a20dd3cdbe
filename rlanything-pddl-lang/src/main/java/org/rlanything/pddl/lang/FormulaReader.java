package org.rlanything.pddl.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads typed lists, conditions and effects of one file, refusing what the supported subset does
 * not hold (numeric conditions and effects other than cost increases, preferences, timed
 * constructs) with the file, the line and the construct. Once the file's types are known ({@link
 * #checkTypes}), it also type-checks what it reads: every type named is declared, every variable of
 * an action or goal is bound by a parameter or a quantifier, and every term of an atom can be of
 * the type its predicate takes there (a {@code ball} where {@code (at ?r - room)} is wanted is
 * refused, naming the symbol).
 */
final class FormulaReader {

    private final String file;
    private final Map<String, List<Param>> predicates;
    private final Set<String> functions;
    private final boolean checked;
    private Map<String, String> types;
    private Map<String, String> named = Map.of();
    private String place;
    private boolean inGoal;
    private final Map<String, List<String>> scope = new HashMap<>();

    /**
     * @param file the file's name for messages
     * @param predicates the declared predicates (atoms of others are refused)
     * @param functions the declared function names (only {@code (increase (total-cost) ...)} uses
     *     them)
     * @param checked whether atoms are checked against the declarations (their predicate declared,
     *     with as many terms, each term a known name of a type the predicate takes); false for the
     *     syntax alone ({@link DomainReader#parseUnchecked})
     */
    FormulaReader(
            String file,
            Map<String, List<Param>> predicates,
            Set<String> functions,
            boolean checked) {
        this.file = file;
        this.predicates = predicates;
        this.functions = functions;
        this.checked = checked;
    }

    /** Whether atoms are checked against the declarations. */
    boolean checked() {
        return checked;
    }

    String file() {
        return file;
    }

    PddlException malformed(SExpr at, String what) {
        return PddlException.malformed(file, at.line(), what);
    }

    PddlException unsupported(SExpr at, String construct) {
        return PddlException.unsupported(file, at.line(), construct);
    }

    /**
     * From now on, type-check against {@code declared} (each type with its parent, free of cycles)
     * and {@code names} (the constants, and a problem's objects, with their types).
     */
    void checkTypes(Map<String, String> declared, Map<String, String> names) {
        this.types = declared;
        this.named = names;
    }

    /**
     * Reads a part of the action {@code where} (its precondition or effect) with {@code body}, its
     * parameters in scope; the scope is empty afterwards.
     */
    <T> T within(String where, List<Param> parameters, java.util.function.Supplier<T> body) {
        place = where;
        parameters.forEach(p -> scope.put(p.name(), p.types()));
        try {
            return body.get();
        } finally {
            scope.clear();
            place = null;
        }
    }

    /**
     * A typed name with the lines it stands on.
     *
     * @param param the name and its types
     * @param line the line of the name
     * @param typeLine the line of its type (the name's when untyped)
     */
    record Typed(Param param, int line, int typeLine) {}

    /**
     * A list of names with optional {@code - type} groups; untyped names get {@code object}. Each
     * type must be declared once {@link #checkTypes} was called.
     */
    List<Param> typedList(List<SExpr> items) {
        List<Param> out = new ArrayList<>();
        for (Typed t : typedEntries(items)) {
            if (types != null) {
                for (String type : t.param().types()) {
                    if (!types.containsKey(type)) {
                        throw PddlException.malformed(
                                file,
                                t.typeLine(),
                                t.param().name()
                                        + " has the undeclared type "
                                        + type
                                        + (types.size() == 1
                                                ? " (the domain declares no types)."
                                                : "; declared: "
                                                        + String.join(", ", types.keySet())
                                                        + "."));
                    }
                }
            }
            out.add(t.param());
        }
        return out;
    }

    /** {@link #typedList} with the lines, and no type check (the {@code :types} section's). */
    List<Typed> typedEntries(List<SExpr> items) {
        List<Typed> out = new ArrayList<>();
        List<SExpr> pending = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SExpr item = items.get(i);
            if (item.isSymbol() && item.symbol().equals("-")) {
                if (i + 1 >= items.size()) {
                    throw malformed(item, "a '-' is not followed by a type.");
                }
                SExpr typeExpr = items.get(++i);
                List<String> typeNames = type(typeExpr);
                for (SExpr name : pending) {
                    out.add(
                            new Typed(
                                    new Param(name.symbol(), typeNames),
                                    name.line(),
                                    typeExpr.line()));
                }
                pending.clear();
            } else if (item.isSymbol()) {
                pending.add(item);
            } else {
                throw malformed(item, "expected a name in a typed list, found " + item.brief());
            }
        }
        for (SExpr name : pending) {
            out.add(
                    new Typed(
                            new Param(name.symbol(), List.of("object")), name.line(), name.line()));
        }
        return out;
    }

    /** A type: a name or {@code (either t...)}. */
    List<String> type(SExpr expr) {
        if (expr.isSymbol()) {
            return List.of(expr.symbol());
        }
        if ("either".equals(expr.head()) && expr.items().size() > 1) {
            List<String> types = new ArrayList<>();
            for (SExpr t : expr.tail()) {
                if (!t.isSymbol()) {
                    throw malformed(t, "expected a type name in (either ...)");
                }
                types.add(t.symbol());
            }
            return types;
        }
        throw malformed(expr, "expected a type, found " + expr.brief());
    }

    /** A precondition or goal; {@code ()} is the empty conjunction. */
    Condition condition(SExpr expr) {
        if (expr.isSymbol()) {
            throw malformed(expr, "expected a condition, found the symbol " + expr.symbol());
        }
        if (expr.items().isEmpty()) {
            return Condition.TRUE;
        }
        String head = expr.head();
        if (head == null) {
            throw malformed(expr, "expected a condition, found " + expr.brief());
        }
        List<SExpr> args = expr.tail();
        if (predicates.containsKey(head)) {
            return atom(expr); // a predicate may be named like a keyword (at)
        }
        switch (head) {
            case "and":
                return new Condition.And(conditions(args));
            case "or":
                return new Condition.Or(conditions(args));
            case "not":
                requireCount(expr, args, 1);
                return new Condition.Not(condition(args.get(0)));
            case "imply":
                requireCount(expr, args, 2);
                return new Condition.Imply(condition(args.get(0)), condition(args.get(1)));
            case "forall":
            case "exists":
                requireCount(expr, args, 2);
                if (args.get(0).isSymbol()) {
                    throw malformed(args.get(0), "expected (variables) after " + head);
                }
                List<Param> variables = typedList(args.get(0).items());
                return new Condition.Quantified(
                        head.equals("forall"),
                        variables,
                        scoped(variables, () -> condition(args.get(1))));
            case "=":
                requireCount(expr, args, 2);
                if (!args.get(0).isSymbol() || !args.get(1).isSymbol()) {
                    throw unsupported(expr, "(= ...) of numeric expressions (numeric fluents)");
                }
                checkTerm(args.get(0), args.get(0).symbol(), null, expr);
                checkTerm(args.get(1), args.get(1).symbol(), null, expr);
                return new Condition.Equals(args.get(0).symbol(), args.get(1).symbol());
            case "<":
            case ">":
            case "<=":
            case ">=":
                throw unsupported(expr, "(" + head + " ...) (numeric fluents)");
            case "preference":
                throw unsupported(expr, "(preference ...) (:preferences)");
            case "at":
            case "over":
                throw unsupported(expr, "(" + head + " ...) (temporal conditions)");
            default:
                return atom(expr);
        }
    }

    private List<Condition> conditions(List<SExpr> items) {
        List<Condition> out = new ArrayList<>();
        for (SExpr item : items) {
            out.add(condition(item));
        }
        return out;
    }

    /** An atom of a declared predicate with the declared number of terms. */
    Condition.Atom atom(SExpr expr) {
        String predicate = expr.head();
        if (predicate == null) {
            throw malformed(expr, "expected an atom, found " + expr.brief());
        }
        List<Param> declared = predicates.get(predicate);
        if (declared == null) {
            if (functions.contains(predicate)) {
                throw unsupported(expr, "the function " + predicate + " in a condition");
            }
            if (checked) {
                throw malformed(expr, "the predicate " + predicate + " is not declared.");
            }
        }
        List<String> terms = new ArrayList<>();
        for (SExpr t : expr.tail()) {
            if (!t.isSymbol()) {
                throw unsupported(t, t.brief() + " as a term (function terms)");
            }
            terms.add(t.symbol());
        }
        if (!checked) {
            return new Condition.Atom(predicate, terms);
        }
        if (terms.size() == declared.size()) {
            for (int i = 0; i < terms.size(); i++) {
                checkTerm(expr.tail().get(i), terms.get(i), declared.get(i).types(), expr);
            }
        }
        if (terms.size() != declared.size()) {
            throw malformed(
                    expr,
                    "the predicate "
                            + predicate
                            + " takes "
                            + declared.size()
                            + " terms, "
                            + expr.brief()
                            + " has "
                            + terms.size()
                            + ".");
        }
        return new Condition.Atom(predicate, terms);
    }

    /** {@code body} read with {@code variables} in scope (a quantifier's), restored afterwards. */
    private <T> T scoped(List<Param> variables, java.util.function.Supplier<T> body) {
        Map<String, List<String>> hidden = new HashMap<>();
        for (Param v : variables) {
            List<String> before = scope.put(v.name(), v.types());
            if (before != null) {
                hidden.put(v.name(), before);
            }
        }
        try {
            return body.get();
        } finally {
            variables.forEach(v -> scope.remove(v.name()));
            scope.putAll(hidden);
        }
    }

    /**
     * Checks one term of an action's or goal's atom (nothing before {@link #checkTypes}, nor in a
     * problem's initial atoms, which {@link ProblemReader} checks strictly): a variable must be in
     * scope, a name must be a constant or object, and its type must be able to meet {@code wanted}
     * (one of them below the other; null: any).
     */
    private void checkTerm(SExpr at, String term, List<String> wanted, SExpr atom) {
        if (!checked || types == null || (place == null && !inGoal)) {
            return;
        }
        List<String> has;
        if (term.startsWith("?")) {
            has = scope.get(term);
            if (has == null) {
                throw malformed(
                        at,
                        atom.brief()
                                + ": the variable "
                                + term
                                + " is "
                                + (place == null
                                        ? "not bound by a forall or exists."
                                        : "neither a parameter of the action "
                                                + place
                                                + " nor bound by a forall or exists."));
            }
        } else {
            String type = named.get(term);
            if (type == null) {
                if (place != null) {
                    return; // a domain may name an object its problems declare
                }
                throw malformed(at, atom.brief() + " names the unknown object " + term + ".");
            }
            has = List.of(type);
        }
        if (wanted != null && !meets(has, wanted)) {
            throw malformed(
                    at,
                    atom.brief()
                            + (place == null ? "" : " in the action " + place)
                            + ": "
                            + term
                            + " is "
                            + article(has)
                            + ", where "
                            + atom.head()
                            + " takes "
                            + article(wanted)
                            + ".");
        }
    }

    /** Reads a problem's goal: its names must be objects or constants, of the types wanted. */
    Condition goal(SExpr expr) {
        inGoal = true;
        try {
            return condition(expr);
        } finally {
            inGoal = false;
        }
    }

    /** Whether some type of {@code has} is below or above some type of {@code wanted}. */
    private boolean meets(List<String> has, List<String> wanted) {
        for (String h : has) {
            for (String w : wanted) {
                if (isA(h, w) || isA(w, h)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code type} is {@code ancestor} or below it among the checked types. */
    boolean isA(String type, String ancestor) {
        return Domain.isA(types, type, ancestor);
    }

    /** "a room", or "a room or a hall" for an either type. */
    static String article(List<String> types) {
        List<String> each = new ArrayList<>();
        for (String t : types) {
            each.add(("aeiou".indexOf(t.charAt(0)) >= 0 ? "an " : "a ") + t);
        }
        return String.join(" or ", each);
    }

    /** An action's effect; {@code (increase (total-cost) n)} is dropped (plan length counts). */
    Effect effect(SExpr expr) {
        if (expr.isSymbol()) {
            throw malformed(expr, "expected an effect, found the symbol " + expr.symbol());
        }
        if (expr.items().isEmpty()) {
            return new Effect.And(List.of());
        }
        String head = expr.head();
        if (head == null) {
            throw malformed(expr, "expected an effect, found " + expr.brief());
        }
        List<SExpr> args = expr.tail();
        if (predicates.containsKey(head)) {
            return new Effect.Literal(atom(expr), true);
        }
        switch (head) {
            case "and":
                List<Effect> parts = new ArrayList<>();
                for (SExpr a : args) {
                    parts.add(effect(a));
                }
                return new Effect.And(parts);
            case "not":
                requireCount(expr, args, 1);
                return new Effect.Literal(atom(args.get(0)), false);
            case "when":
                requireCount(expr, args, 2);
                return new Effect.When(condition(args.get(0)), effect(args.get(1)));
            case "forall":
                requireCount(expr, args, 2);
                if (args.get(0).isSymbol()) {
                    throw malformed(args.get(0), "expected (variables) after forall");
                }
                List<Param> variables = typedList(args.get(0).items());
                return new Effect.ForAll(variables, scoped(variables, () -> effect(args.get(1))));
            case "increase":
                requireCount(expr, args, 2);
                if ("total-cost".equals(args.get(0).head()) && args.get(0).items().size() == 1) {
                    return new Effect.And(List.of());
                }
                throw unsupported(
                        expr, "(increase " + args.get(0).brief() + " ...) (numeric fluents)");
            case "decrease":
            case "assign":
            case "scale-up":
            case "scale-down":
                throw unsupported(expr, "(" + head + " ...) (numeric fluents)");
            case "at":
                throw unsupported(expr, "(at ...) (timed effects)");
            default:
                return new Effect.Literal(atom(expr), true);
        }
    }

    private void requireCount(SExpr expr, List<SExpr> args, int count) {
        if (args.size() != count) {
            throw malformed(
                    expr,
                    "("
                            + expr.head()
                            + " ...) takes "
                            + count
                            + (count == 1 ? " part" : " parts")
                            + ", found "
                            + expr.brief());
        }
    }
}
