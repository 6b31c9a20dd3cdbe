package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.PddlException;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.lang.ProblemWriter;

/** The reader: the supported subset read as written, everything else refused in one line. */
class PddlReaderTest {

    private static final String HEADER =
            "(define (domain d) (:requirements :strips) (:predicates (p ?x) (q))";

    @Test
    void readsTypesConstantsEitherAndTheAdlParts() {
        Domain d = TestDomains.tidy();
        assertEquals("tidy", d.name());
        assertEquals("item", d.types().get("box"));
        assertTrue(d.isA("tool", "item") && d.isA("box", "object") && !d.isA("room", "item"));
        assertEquals("room", d.constants().get("hall"));
        assertEquals(List.of("box", "tool"), d.actions().get(1).parameters().get(0).types());
        assertTrue(d.actions().get(0).precondition() instanceof Condition.And);
        assertEquals(4, d.actions().size());
    }

    @Test
    void aWrittenProblemReadsBackToTheSameText() {
        Problem p = TestDomains.tidyTask("p1").problem();
        String text = ProblemWriter.write(p);
        Problem back = ProblemReader.parse(text, "again", TestDomains.tidy());
        assertEquals(p, back);
        assertEquals(text, ProblemWriter.write(back));
    }

    @Test
    void refusesUnsupportedRequirementsNamingFileLineAndConstruct() {
        PddlException e =
                assertThrows(
                        PddlException.class,
                        () ->
                                DomainReader.parse(
                                        "(define (domain d)\n (:requirements :strips :durative-actions))",
                                        "x.pddl"));
        assertEquals(
                "x.pddl:2: unsupported PDDL construct requirement :durative-actions.",
                e.getMessage());
    }

    @Test
    void refusesNumericConditionsEffectsAndDerivedPredicates() {
        String numeric =
                HEADER
                        + "(:functions (fuel)) (:action a :parameters () :precondition (> (fuel) 1) :effect (q)))";
        assertTrue(
                message(numeric).contains("unsupported PDDL construct (> ...) (numeric fluents)"),
                message(numeric));
        String decrease =
                HEADER
                        + "(:functions (fuel)) (:action a :parameters () :precondition () :effect (decrease (fuel) 1)))";
        assertTrue(
                message(decrease).contains("(decrease ...) (numeric fluents)"), message(decrease));
        String derived = HEADER + "(:derived (q) (p a)))";
        assertTrue(
                message(derived).contains("unsupported PDDL construct (:derived ...)"),
                message(derived));
        String durative = HEADER + "(:durative-action a :parameters ()))";
        assertTrue(message(durative).contains("(:durative-action ...)"), message(durative));
    }

    @Test
    void malformedTextNamesTheLineAndWhatWasExpected() {
        assertEquals(
                "y.pddl:2: this '(' is never closed.",
                assertThrows(
                                PddlException.class,
                                () ->
                                        DomainReader.parse(
                                                "(define (domain d)\n (:predicates (p)", "y.pddl"))
                        .getMessage());
        String undeclared = HEADER + "(:action a :parameters () :precondition (r) :effect (q)))";
        assertTrue(
                message(undeclared).contains("the predicate r is not declared"),
                message(undeclared));
        String arity = HEADER + "(:action a :parameters () :precondition (p) :effect (q)))";
        assertTrue(message(arity).contains("takes 1 terms"), message(arity));
    }

    @Test
    void actionCostsAreReadAsPlanLength() {
        Domain d =
                DomainReader.parse(
                        "(define (domain c) (:requirements :typing :action-costs) (:predicates (p) (q))"
                                + " (:functions (total-cost) - number (step-cost) - number)"
                                + " (:action a :parameters () :precondition (p)"
                                + "  :effect (and (q) (increase (total-cost) (step-cost)))))",
                        "c.pddl");
        Problem p =
                ProblemReader.parse(
                        "(define (problem c1) (:domain c) (:init (p) (= (total-cost) 0) (= (step-cost) 5))"
                                + " (:goal (q)) (:metric minimize (total-cost)))",
                        "c1.pddl",
                        d);
        assertEquals(1, p.init().size());
        PddlException metric =
                assertThrows(
                        PddlException.class,
                        () ->
                                ProblemReader.parse(
                                        "(define (problem c2) (:domain c) (:init (p)) (:goal (q)) (:metric maximize (total-cost)))",
                                        "c2.pddl",
                                        d));
        assertTrue(
                metric.getMessage().startsWith("c2.pddl:1: unsupported PDDL construct the metric"),
                metric.getMessage());
    }

    /**
     * The syntax alone (how ALFWorld's engine reads its games, checking what it uses itself): atoms
     * are not checked against the declarations, while the full reading refuses them, naming the
     * file and line; malformed text is refused either way.
     */
    @Test
    void theUncheckedReadingKeepsTheSyntaxAndLeavesTheDeclarationsToTheCaller() {
        String domain =
                "(define (domain h) (:requirements :typing) (:types room box)\n"
                        + " (:predicates (in ?b - box ?r - room) (seen ?b - box))\n"
                        + " (:action look :parameters (?r - room) :precondition (in ?r ?r)"
                        + " :effect (seen ?r)))";
        assertEquals(
                "h.pddl:3: (in ?r ?r) in the action look: ?r is a room, where in takes a box.",
                assertThrows(PddlException.class, () -> DomainReader.parse(domain, "h.pddl"))
                        .getMessage());
        Domain d = DomainReader.parseUnchecked(domain, "h.pddl");
        assertEquals(
                new Condition.Atom("in", List.of("?r", "?r")), d.actions().get(0).precondition());
        String problem =
                "(define (problem h1) (:domain h) (:objects b1 - box r1 - room x - robot)\n"
                        + " (:init (in r1 b1) (flies x))\n (:goal (exists (?b - box) (seen ?b))))";
        assertThrows(PddlException.class, () -> ProblemReader.parse(problem, "h1.pddl", d));
        Problem p = ProblemReader.parseUnchecked(problem, "h1.pddl", d);
        assertEquals("robot", p.objects().get("x"));
        assertEquals("[(in r1 b1), (flies x)]", p.init().toString());
        assertEquals(
                "h1.pddl:1: this '(' is never closed.",
                assertThrows(
                                PddlException.class,
                                () ->
                                        ProblemReader.parseUnchecked(
                                                problem.substring(0, problem.length() - 1),
                                                "h1.pddl",
                                                d))
                        .getMessage());
    }

    private static String message(String domainText) {
        return assertThrows(PddlException.class, () -> DomainReader.parse(domainText, "d.pddl"))
                .getMessage();
    }
}
