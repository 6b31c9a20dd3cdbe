package org.rlanything.alfworld;

import java.util.Objects;

/**
 * The raw text of one ALFWorld game ({@code game.tw-pddl}): the PDDL domain, the TextWorld grammar
 * (TWL2), the PDDL problem and the {@code solvable} flag, plus where it came from. Immutable; the
 * {@code with...} methods return changed copies (for rewriters and the 2.1.3 patch).
 *
 * @param source a name for error messages and ids, normally the file path
 * @param domain the {@code pddl_domain} text
 * @param grammar the {@code grammar} text
 * @param problem the {@code pddl_problem} text
 * @param solvable the file's {@code solvable} flag ({@code true} when absent)
 */
public record GameFile(
        String source, String domain, String grammar, String problem, boolean solvable) {

    public GameFile {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(grammar, "grammar");
        Objects.requireNonNull(problem, "problem");
    }

    /** A copy with another PDDL problem (e.g. a rewritten goal). */
    public GameFile withProblem(String newProblem) {
        return new GameFile(source, domain, grammar, newProblem, solvable);
    }

    /** A copy with another grammar (e.g. a new task sentence). */
    public GameFile withGrammar(String newGrammar) {
        return new GameFile(source, domain, newGrammar, problem, solvable);
    }

    /** A copy with another domain. */
    public GameFile withDomain(String newDomain) {
        return new GameFile(source, newDomain, grammar, problem, solvable);
    }

    /** A copy with another source name. */
    public GameFile withSource(String newSource) {
        return new GameFile(newSource, domain, grammar, problem, solvable);
    }
}
