package org.rlanything.alfworld.gen;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One object of a scene.
 *
 * @param id the PDDL name ({@code Apple_bar__minus_00_dot_59_bar_...})
 * @param type the bare ALFRED type ("Apple")
 * @param location the PDDL location it is at
 * @param receptacles the receptacles it is in or on (usually one; none for loose scenery such as
 *     windows, which the engine never shows; a lamp may stand in two)
 * @param capabilities its capability predicates
 */
public record ObjectInstance(
        String id,
        String type,
        String location,
        List<String> receptacles,
        Set<Capability> capabilities) {
    public ObjectInstance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(location, "location");
        receptacles = List.copyOf(receptacles);
        capabilities = capabilities.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(capabilities));
    }

    public boolean has(Capability capability) {
        return capabilities.contains(capability);
    }

    /** The receptacle it is in, or null when it is loose. */
    public String receptacle() {
        return receptacles.isEmpty() ? null : receptacles.get(0);
    }

    /** This object moved into {@code receptacle} at {@code location}. */
    public ObjectInstance movedTo(String receptacle, String newLocation) {
        return new ObjectInstance(id, type, newLocation, List.of(receptacle), capabilities);
    }
}
