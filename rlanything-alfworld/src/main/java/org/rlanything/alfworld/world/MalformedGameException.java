package org.rlanything.alfworld.world;

import java.io.IOException;
import java.util.Objects;

/**
 * A game file that cannot be read as an ALFWorld game: bad JSON, a PDDL syntax error, an undeclared
 * object, an unsupported action or grammar rule. The message always names the file and the element
 * that is wrong.
 */
public class MalformedGameException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String element;

    /**
     * @param source the game file (or another name for where the text came from)
     * @param element the part of the game that is wrong, e.g. {@code pddl_problem (:init
     *     (inReceptacle a b))}
     * @param problem what is wrong with it, as a sentence
     */
    public MalformedGameException(String source, String element, String problem) {
        super("The game " + source + " is malformed at " + element + ": " + problem);
        this.source = Objects.requireNonNull(source, "source");
        this.element = Objects.requireNonNull(element, "element");
    }

    /** The game file or text source that is malformed. */
    public String source() {
        return source;
    }

    /** The element of the game that is wrong. */
    public String element() {
        return element;
    }
}
