package org.rlanything.alfworld.gen;

import java.util.Objects;

/**
 * One receptacle of a scene.
 *
 * @param id the PDDL name ({@code Cabinet_bar__plus_00_dot_68_bar_...})
 * @param type the bare ALFRED type ("Cabinet")
 * @param location the PDDL location where the agent stands to use it
 * @param openable whether it must be opened before use
 */
public record ReceptacleInstance(String id, String type, String location, boolean openable) {
    public ReceptacleInstance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(location, "location");
    }
}
