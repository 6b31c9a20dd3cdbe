package org.rlanything.pddl.lang;

import java.util.List;

/**
 * A typed name: an action parameter or quantified variable ({@code ?x - block}), or a declared
 * object. A parameter typed {@code (either a b)} has several types: a value of any of them fits.
 *
 * @param name the name ({@code ?x} for a variable)
 * @param types its types, at least one ({@code object} when untyped)
 */
public record Param(String name, List<String> types) {
    public Param {
        types = List.copyOf(types);
        if (types.isEmpty()) {
            throw new IllegalArgumentException("a typed name needs a type: " + name);
        }
    }
}
