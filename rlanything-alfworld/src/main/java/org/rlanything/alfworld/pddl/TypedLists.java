package org.rlanything.alfworld.pddl;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.pddl.lang.SExpr;

/** Parses PDDL typed lists such as {@code a b - object ?l - location}. */
final class TypedLists {

    private TypedLists() {}

    /** Names without a type get {@code defaultType}. */
    static List<Formula.TypedVariable> parse(List<SExpr> items, String defaultType)
            throws PddlSyntaxException {
        List<Formula.TypedVariable> result = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SExpr item = items.get(i);
            if (!item.isSymbol()) {
                throw new PddlSyntaxException("a typed list holds the list " + item.brief() + ".");
            }
            String s = item.symbol();
            if (s.equals("-")) {
                if (i + 1 >= items.size() || !items.get(i + 1).isSymbol() || pending.isEmpty()) {
                    throw new PddlSyntaxException(
                            "a '-' in a typed list is not between names and a type.");
                }
                String type = items.get(++i).symbol();
                for (String name : pending) {
                    result.add(new Formula.TypedVariable(name, type));
                }
                pending.clear();
            } else {
                pending.add(s);
            }
        }
        for (String name : pending) {
            result.add(new Formula.TypedVariable(name, defaultType));
        }
        return result;
    }
}
