package org.rlanything.pddl.lang;

import java.util.List;

/**
 * A precondition or goal as written: atoms, equality, the connectives and the quantifiers of ADL. A
 * term starting with {@code ?} is a variable, any other an object or constant.
 */
public sealed interface Condition {

    /** The empty conjunction, true everywhere. */
    Condition TRUE = new And(List.of());

    /** {@code (predicate term...)}. */
    record Atom(String predicate, List<String> terms) implements Condition {
        public Atom {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return terms.isEmpty()
                    ? "(" + predicate + ")"
                    : "(" + predicate + " " + String.join(" ", terms) + ")";
        }
    }

    /** {@code (= a b)}: the two terms name the same object. */
    record Equals(String left, String right) implements Condition {}

    /** {@code (not c)}. */
    record Not(Condition part) implements Condition {}

    /** {@code (and c...)}. */
    record And(List<Condition> parts) implements Condition {
        public And {
            parts = List.copyOf(parts);
        }
    }

    /** {@code (or c...)}. */
    record Or(List<Condition> parts) implements Condition {
        public Or {
            parts = List.copyOf(parts);
        }
    }

    /** {@code (imply a b)}. */
    record Imply(Condition premise, Condition conclusion) implements Condition {}

    /** {@code (forall (vars) c)} when {@code universal}, else {@code (exists (vars) c)}. */
    record Quantified(boolean universal, List<Param> variables, Condition body)
            implements Condition {
        public Quantified {
            variables = List.copyOf(variables);
        }
    }
}
