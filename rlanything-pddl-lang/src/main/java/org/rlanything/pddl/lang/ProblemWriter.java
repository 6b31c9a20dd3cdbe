package org.rlanything.pddl.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link Problem} as PDDL text in one canonical layout, so that reading the text back and
 * writing it again gives the same text (the task codec relies on it).
 */
public final class ProblemWriter {

    private ProblemWriter() {}

    /** The problem as PDDL text. */
    public static String write(Problem problem) {
        StringBuilder out = new StringBuilder();
        out.append("(define (problem ").append(problem.name()).append(")\n");
        out.append("  (:domain ").append(problem.domainName()).append(")\n");
        out.append("  (:objects");
        Map<String, List<String>> byType = new LinkedHashMap<>();
        problem.objects()
                .forEach((o, t) -> byType.computeIfAbsent(t, k -> new ArrayList<>()).add(o));
        byType.forEach(
                (t, names) ->
                        out.append(' ').append(String.join(" ", names)).append(" - ").append(t));
        out.append(")\n  (:init");
        for (Condition.Atom atom : problem.init()) {
            out.append("\n    ").append(atom);
        }
        out.append(")\n  (:goal ").append(condition(problem.goal())).append("))\n");
        return out.toString();
    }

    /** A condition as PDDL text. */
    public static String condition(Condition c) {
        if (c instanceof Condition.Atom a) {
            return a.toString();
        }
        if (c instanceof Condition.Equals e) {
            return "(= " + e.left() + " " + e.right() + ")";
        }
        if (c instanceof Condition.Not n) {
            return "(not " + condition(n.part()) + ")";
        }
        if (c instanceof Condition.And a) {
            return list("and", a.parts());
        }
        if (c instanceof Condition.Or o) {
            return list("or", o.parts());
        }
        if (c instanceof Condition.Imply i) {
            return "(imply " + condition(i.premise()) + " " + condition(i.conclusion()) + ")";
        }
        Condition.Quantified q = (Condition.Quantified) c;
        StringBuilder vars = new StringBuilder();
        for (Param p : q.variables()) {
            vars.append(vars.isEmpty() ? "" : " ").append(p.name()).append(" - ");
            vars.append(
                    p.types().size() == 1
                            ? p.types().get(0)
                            : "(either " + String.join(" ", p.types()) + ")");
        }
        return "("
                + (q.universal() ? "forall" : "exists")
                + " ("
                + vars
                + ") "
                + condition(q.body())
                + ")";
    }

    private static String list(String head, List<Condition> parts) {
        StringBuilder out = new StringBuilder("(").append(head);
        for (Condition p : parts) {
            out.append(' ').append(condition(p));
        }
        return out.append(')').toString();
    }
}
