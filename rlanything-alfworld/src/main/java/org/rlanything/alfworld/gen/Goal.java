package org.rlanything.alfworld.gen;

import java.util.Locale;
import java.util.Objects;

/**
 * The goal of a game: task type, target object type and either the destination receptacle type or,
 * for "look at X under the lamp", the lamp type. Renders the ALFWorld goal text and the PDDL goal.
 *
 * @param type the task type
 * @param objectType the bare target object type ("Apple")
 * @param target the destination receptacle type ("Fridge") or the lamp type ("DeskLamp")
 * @param phrasing which of the task type's two goal texts to use (0 or 1)
 */
public record Goal(TaskType type, String objectType, String target, int phrasing) {
    public Goal {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(objectType, "objectType");
        Objects.requireNonNull(target, "target");
        if (phrasing < 0 || phrasing >= type.phrasings().size()) {
            throw new org.rlanything.core.BadInputException(
                    "Goal phrasing " + phrasing + " does not exist for " + type.id() + ".");
        }
    }

    /** The destination receptacle type, or null for a lamp goal. */
    public String receptacleType() {
        return type.usesLamp() ? null : target;
    }

    /** The lamp type, or null. */
    public String lampType() {
        return type.usesLamp() ? target : null;
    }

    /** This goal with other types or another task type (the phrasing is kept). */
    public Goal with(TaskType newType, String newObjectType, String newTarget) {
        return new Goal(newType, newObjectType, newTarget, phrasing);
    }

    /** The task text after "Your task is to: ", e.g. "heat some apple and put it in fridge.". */
    public String text() {
        return String.format(
                Locale.ROOT,
                type.phrasings().get(phrasing),
                objectType.toLowerCase(Locale.ROOT),
                target.toLowerCase(Locale.ROOT));
    }

    /**
     * The ALFWorld trial folder prefix: {@code <task>-<Object>-None-<Receptacle or Lamp>}, followed
     * by the floor plan number.
     */
    public String folderName(int floorPlan) {
        return type.id() + "-" + objectType + "-None-" + target + "-" + floorPlan;
    }

    /** The PDDL {@code (:goal ...)} block, in the form ALFWorld games use. */
    public String pddl() {
        String o = objectType + "Type";
        String r = target + "Type";
        return switch (type) {
            case PICK_AND_PLACE_SIMPLE ->
                    """
                    (:goal
                        (and
                            (exists (?r - receptacle)
                                (exists (?o - object)
                                    (and
                                        (inReceptacle ?o ?r)
                                        (objectType ?o %s)
                                        (receptacleType ?r %s)
                                    )
                                )
                            )
                        )
                    )"""
                            .formatted(o, r);
            case LOOK_AT_OBJ_IN_LIGHT ->
                    """
                    (:goal
                         (and
                             (exists (?ot - object
                                      ?r - receptacle
                                      ?a - agent
                                      ?l - location)
                                 (and
                                     (objectType ?ot %s)
                                     (toggleable ?ot)
                                     (isToggled ?ot)
                                     (receptacleAtLocation ?r ?l)
                                     (atLocation ?a ?l)
                                     (inReceptacle ?ot ?r)
                                 )
                             )
                             (exists (?o - object
                                      ?a - agent)
                                 (and
                                     (objectType ?o %s)
                                     (holds ?a ?o)
                                 )
                             )
                         )
                    )"""
                            .formatted(r, o);
            case PICK_CLEAN_THEN_PLACE_IN_RECEP -> stateGoal("cleanable", "isClean", o, r);
            case PICK_HEAT_THEN_PLACE_IN_RECEP -> stateGoal("heatable", "isHot", o, r);
            case PICK_COOL_THEN_PLACE_IN_RECEP -> stateGoal("coolable", "isCool", o, r);
            case PICK_TWO_OBJ_AND_PLACE ->
                    """
                    (:goal
                        (and
                            (exists (?r - receptacle)
                                (exists (?o1 - object)
                                    (and
                                        (objectType ?o1 %1$s)
                                        (receptacleType ?r %2$s)
                                        (inReceptacle ?o1 ?r)
                                        (exists (?o2 - object)
                                            (and
                                                (not (= ?o1 ?o2))
                                                (objectType ?o2 %1$s)
                                                (receptacleType ?r %2$s)
                                                (inReceptacle ?o2 ?r)
                                            )
                                        )
                                    )
                                )
                            )
                        )
                    )"""
                            .formatted(o, r);
        };
    }

    private static String stateGoal(String capability, String state, String o, String r) {
        return """
                (:goal
                    (and
                        (exists (?r - receptacle)
                            (exists (?o - object)
                                (and
                                    (%s ?o)
                                    (objectType ?o %s)
                                    (receptacleType ?r %s)
                                    (%s ?o)
                                    (inReceptacle ?o ?r)
                                )
                            )
                        )
                    )
                )"""
                .formatted(capability, o, r, state);
    }
}
