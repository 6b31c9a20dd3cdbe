package org.rlanything.pddl.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads typed lists, conditions and effects of one file, refusing what the supported subset does
 * not hold (numeric conditions and effects other than cost increases, preferences, timed
 * constructs) with the file, the line and the construct.
 */
final class FormulaReader {

    private final String file;
    private final Map<String, List<Param>> predicates;
    private final Set<String> functions;

    /**
     * @param file the file's name for messages
     * @param predicates the declared predicates (atoms of others are refused)
     * @param functions the declared function names (only {@code (increase (total-cost) ...)} uses
     *     them)
     */
    FormulaReader(String file, Map<String, List<Param>> predicates, Set<String> functions) {
        this.file = file;
        this.predicates = predicates;
        this.functions = functions;
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

    /** A list of names with optional {@code - type} groups; untyped names get {@code object}. */
    List<Param> typedList(List<SExpr> items) {
        List<Param> out = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SExpr item = items.get(i);
            if (item.isSymbol() && item.symbol().equals("-")) {
                if (i + 1 >= items.size()) {
                    throw malformed(item, "a '-' is not followed by a type.");
                }
                List<String> types = type(items.get(++i));
                for (String name : pending) {
                    out.add(new Param(name, types));
                }
                pending.clear();
            } else if (item.isSymbol()) {
                pending.add(item.symbol());
            } else {
                throw malformed(item, "expected a name in a typed list, found " + item.brief());
            }
        }
        for (String name : pending) {
            out.add(new Param(name, List.of("object")));
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
                return new Condition.Quantified(
                        head.equals("forall"),
                        typedList(args.get(0).items()),
                        condition(args.get(1)));
            case "=":
                requireCount(expr, args, 2);
                if (!args.get(0).isSymbol() || !args.get(1).isSymbol()) {
                    throw unsupported(expr, "(= ...) of numeric expressions (numeric fluents)");
                }
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
            throw malformed(expr, "the predicate " + predicate + " is not declared.");
        }
        List<String> terms = new ArrayList<>();
        for (SExpr t : expr.tail()) {
            if (!t.isSymbol()) {
                throw unsupported(t, t.brief() + " as a term (function terms)");
            }
            terms.add(t.symbol());
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
                return new Effect.ForAll(typedList(args.get(0).items()), effect(args.get(1)));
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
