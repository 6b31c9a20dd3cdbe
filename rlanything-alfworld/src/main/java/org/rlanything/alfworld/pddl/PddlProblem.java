package org.rlanything.alfworld.pddl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.pddl.lang.SExpr;

/**
 * A parsed PDDL problem: declared objects with their types, initial atoms and goal. Names are
 * lower-case (as in Fast Downward). Numeric initial assignments ({@code (= ...)}) are kept out.
 *
 * @param name the problem name
 * @param objects object name to type, in declaration order
 * @param init the initial atoms, in file order
 * @param goal the goal condition
 */
public record PddlProblem(
        String name, Map<String, String> objects, List<Formula.Atom> init, Formula goal) {

    public PddlProblem {
        objects = Collections.unmodifiableMap(new LinkedHashMap<>(objects));
        init = List.copyOf(init);
    }

    /**
     * Parses a problem text.
     *
     * @throws PddlSyntaxException naming the section or expression that is wrong
     */
    public static PddlProblem parse(String text) throws PddlSyntaxException {
        List<SExpr> all = PddlSyntaxException.expressions(text, "pddl_problem");
        if (all.size() != 1 || !"define".equals(all.get(0).head())) {
            throw new PddlSyntaxException(
                    "the text is not a single (define (problem ...) ...) expression.");
        }
        SExpr define = all.get(0);
        String name = null;
        Map<String, String> objects = new LinkedHashMap<>();
        List<Formula.Atom> init = null;
        Formula goal = null;
        for (SExpr section : define.tail()) {
            String head = section.head();
            if (head == null) {
                throw new PddlSyntaxException("the section " + section.brief() + " has no name.");
            }
            switch (head) {
                case "problem":
                    if (section.items().size() != 2 || !section.items().get(1).isSymbol()) {
                        throw new PddlSyntaxException(
                                "(problem name) is malformed: " + section.brief());
                    }
                    name = section.items().get(1).symbol();
                    break;
                case ":domain":
                case ":requirements":
                case ":metric":
                    break;
                case ":objects":
                    addObjects(section, objects);
                    break;
                case ":init":
                    init = atoms(section);
                    break;
                case ":goal":
                    if (section.items().size() != 2) {
                        throw new PddlSyntaxException(
                                "(:goal ...) must hold exactly one condition.");
                    }
                    goal = Formula.parse(section.items().get(1));
                    break;
                default:
                    throw new PddlSyntaxException(
                            "the section (" + head + " ...) is not supported.");
            }
        }
        if (name == null) {
            throw new PddlSyntaxException("the (problem name) section is missing.");
        }
        if (init == null) {
            throw new PddlSyntaxException("the (:init ...) section is missing.");
        }
        if (goal == null) {
            throw new PddlSyntaxException("the (:goal ...) section is missing.");
        }
        return new PddlProblem(name, objects, init, goal);
    }

    /** Adds the typed names of an {@code (:objects ...)} section; refuses a name typed twice. */
    private static void addObjects(SExpr section, Map<String, String> objects)
            throws PddlSyntaxException {
        for (Formula.TypedVariable v : TypedLists.parse(section.tail(), "object")) {
            String previous = objects.put(v.name(), v.type());
            if (previous != null && !previous.equals(v.type())) {
                throw new PddlSyntaxException(
                        "(:objects ...) declares "
                                + v.name()
                                + " twice, as "
                                + previous
                                + " and as "
                                + v.type()
                                + ".");
            }
        }
    }

    /** The atoms of an {@code (:init ...)} section (numeric {@code (= ...)} facts are skipped). */
    private static List<Formula.Atom> atoms(SExpr section) throws PddlSyntaxException {
        List<Formula.Atom> init = new ArrayList<>();
        for (SExpr item : section.tail()) {
            if ("=".equals(item.head())) {
                continue;
            }
            Formula f = Formula.parse(item);
            if (!(f instanceof Formula.Atom)) {
                throw new PddlSyntaxException(
                        "(:init ...) holds " + item.brief() + ", which is not a plain atom.");
            }
            init.add((Formula.Atom) f);
        }
        return init;
    }
}
