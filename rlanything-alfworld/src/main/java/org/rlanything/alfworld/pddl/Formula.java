package org.rlanything.alfworld.pddl;

import java.util.List;
import java.util.Objects;
import org.rlanything.pddl.lang.SExpr;

/** A PDDL condition (a goal or precondition) as parsed: atoms, connectives and quantifiers. */
public sealed interface Formula {

    /** A typed variable or constant name in a formula, e.g. {@code ?o - object}. */
    record TypedVariable(String name, String type) {
        public TypedVariable {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /** {@code (predicate arg...)}; variables keep their {@code ?}. */
    record Atom(String predicate, List<String> arguments) implements Formula {
        public Atom {
            Objects.requireNonNull(predicate, "predicate");
            arguments = List.copyOf(arguments);
        }

        @Override
        public String toString() {
            return "("
                    + predicate
                    + (arguments.isEmpty() ? "" : " " + String.join(" ", arguments))
                    + ")";
        }
    }

    /** {@code (and ...)}. */
    record And(List<Formula> parts) implements Formula {
        public And {
            parts = List.copyOf(parts);
        }
    }

    /** {@code (or ...)}. */
    record Or(List<Formula> parts) implements Formula {
        public Or {
            parts = List.copyOf(parts);
        }
    }

    /** {@code (not f)}. */
    record Not(Formula part) implements Formula {
        public Not {
            Objects.requireNonNull(part, "part");
        }
    }

    /** {@code (exists (vars) body)}. */
    record Exists(List<TypedVariable> variables, Formula body) implements Formula {
        public Exists {
            variables = List.copyOf(variables);
            Objects.requireNonNull(body, "body");
        }
    }

    /** {@code (forall (vars) body)}. */
    record ForAll(List<TypedVariable> variables, Formula body) implements Formula {
        public ForAll {
            variables = List.copyOf(variables);
            Objects.requireNonNull(body, "body");
        }
    }

    /** {@code (imply a b)}. */
    record Imply(Formula condition, Formula consequence) implements Formula {
        public Imply {
            Objects.requireNonNull(condition, "condition");
            Objects.requireNonNull(consequence, "consequence");
        }
    }

    /**
     * Parses a condition. The empty list {@code ()} is the empty conjunction.
     *
     * @throws PddlSyntaxException naming the sub-expression that is not a condition
     */
    static Formula parse(SExpr expr) throws PddlSyntaxException {
        if (expr.isSymbol()) {
            throw new PddlSyntaxException(
                    "expected a condition but found the symbol '" + expr + "'.");
        }
        if (expr.items().isEmpty()) {
            return new And(List.of());
        }
        String head = expr.head();
        if (head == null) {
            throw new PddlSyntaxException(
                    "the condition " + expr.brief() + " does not start with a name.");
        }
        List<SExpr> items = expr.items();
        switch (head) {
            case "and":
            case "or":
                {
                    java.util.ArrayList<Formula> parts = new java.util.ArrayList<>();
                    for (SExpr item : expr.tail()) {
                        parts.add(parse(item));
                    }
                    return head.equals("and") ? new And(parts) : new Or(parts);
                }
            case "not":
                if (items.size() != 2) {
                    throw new PddlSyntaxException(
                            "(not ...) must hold exactly one condition: " + expr.brief());
                }
                return new Not(parse(items.get(1)));
            case "imply":
                if (items.size() != 3) {
                    throw new PddlSyntaxException(
                            "(imply ...) must hold two conditions: " + expr.brief());
                }
                return new Imply(parse(items.get(1)), parse(items.get(2)));
            case "exists":
            case "forall":
                {
                    if (items.size() != 3 || items.get(1).isSymbol()) {
                        throw new PddlSyntaxException(
                                "("
                                        + head
                                        + " (variables) condition) is malformed: "
                                        + expr.brief());
                    }
                    List<TypedVariable> vars = TypedLists.parse(items.get(1).items(), "object");
                    Formula body = parse(items.get(2));
                    return head.equals("exists") ? new Exists(vars, body) : new ForAll(vars, body);
                }
            default:
                {
                    java.util.ArrayList<String> args = new java.util.ArrayList<>();
                    for (SExpr item : expr.tail()) {
                        if (!item.isSymbol()) {
                            throw new PddlSyntaxException(
                                    "the atom "
                                            + expr.brief()
                                            + " has an argument that is a list.");
                        }
                        args.add(item.symbol());
                    }
                    return new Atom(head, args);
                }
        }
    }
}
