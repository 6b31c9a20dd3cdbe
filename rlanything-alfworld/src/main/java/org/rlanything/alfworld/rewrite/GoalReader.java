package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.TaskType;
import org.rlanything.pddl.lang.Condition;

/**
 * Recognises which of the six ALFWorld goals a parsed PDDL goal states, from its atoms: {@code
 * isToggled} marks "look at X under a lamp" (the lamp is the toggled variable's type, the object
 * the held one's), {@code isClean}/{@code isHot}/{@code isCool} the clean, heat and cool goals, an
 * {@code (= ?a ?b)} inequality "two objects", and a plain {@code inReceptacle} a placement.
 */
final class GoalReader {

    private GoalReader() {}

    /**
     * The goal, with type names spelled by {@code spell} (e.g. "AppleType" → "Apple") and the given
     * phrasing.
     *
     * @throws IllegalArgumentException naming the source when the goal is none of the six forms
     */
    static Goal read(Condition goal, UnaryOperator<String> spell, int phrasing, String source) {
        List<Condition.Atom> atoms = new ArrayList<>();
        collect(goal, atoms);
        Map<String, String> objectTypes = new LinkedHashMap<>();
        Map<String, String> receptacleTypes = new LinkedHashMap<>();
        String toggled = null;
        String held = null;
        boolean clean = false;
        boolean hot = false;
        boolean cool = false;
        boolean distinct = false;
        for (Condition.Atom atom : atoms) {
            List<String> args = atom.terms();
            switch (atom.predicate()) {
                case "objecttype" -> objectTypes.put(args.get(0), args.get(1));
                case "receptacletype" -> receptacleTypes.put(args.get(0), args.get(1));
                case "istoggled" -> toggled = args.get(0);
                case "holds" -> held = args.get(1);
                case "isclean" -> clean = true;
                case "ishot" -> hot = true;
                case "iscool" -> cool = true;
                case "=" -> distinct = true;
                case "issliced" ->
                        throw new IllegalArgumentException(
                                "The goal of "
                                        + source
                                        + " asks for a sliced object, which the rewriter does not handle.");
                default -> {}
            }
        }
        if (toggled != null) {
            String lamp = objectTypes.get(toggled);
            String object = held == null ? null : objectTypes.get(held);
            if (lamp == null || object == null) {
                throw unknown(source);
            }
            return new Goal(
                    TaskType.LOOK_AT_OBJ_IN_LIGHT,
                    bare(spell.apply(object)),
                    bare(spell.apply(lamp)),
                    phrasing);
        }
        if (objectTypes.isEmpty() || receptacleTypes.isEmpty()) {
            throw unknown(source);
        }
        String object = bare(spell.apply(objectTypes.values().iterator().next()));
        String receptacle = bare(spell.apply(receptacleTypes.values().iterator().next()));
        TaskType type =
                clean
                        ? TaskType.PICK_CLEAN_THEN_PLACE_IN_RECEP
                        : hot
                                ? TaskType.PICK_HEAT_THEN_PLACE_IN_RECEP
                                : cool
                                        ? TaskType.PICK_COOL_THEN_PLACE_IN_RECEP
                                        : distinct
                                                ? TaskType.PICK_TWO_OBJ_AND_PLACE
                                                : TaskType.PICK_AND_PLACE_SIMPLE;
        return new Goal(type, object, receptacle, phrasing);
    }

    private static IllegalArgumentException unknown(String source) {
        return new IllegalArgumentException(
                "The goal of " + source + " is none of the six ALFWorld goal forms.");
    }

    private static String bare(String pddlType) {
        return pddlType.endsWith("Type") ? pddlType.substring(0, pddlType.length() - 4) : pddlType;
    }

    /** The goal's atoms; an equality {@code (= a b)} as an atom named {@code =}. */
    private static void collect(Condition formula, List<Condition.Atom> out) {
        if (formula instanceof Condition.Atom atom) {
            out.add(atom);
        } else if (formula instanceof Condition.Equals equals) {
            out.add(new Condition.Atom("=", List.of(equals.left(), equals.right())));
        } else if (formula instanceof Condition.And and) {
            and.parts().forEach(p -> collect(p, out));
        } else if (formula instanceof Condition.Or or) {
            or.parts().forEach(p -> collect(p, out));
        } else if (formula instanceof Condition.Not not) {
            collect(not.part(), out);
        } else if (formula instanceof Condition.Quantified quantified) {
            collect(quantified.body(), out);
        } else if (formula instanceof Condition.Imply imply) {
            collect(imply.premise(), out);
            collect(imply.conclusion(), out);
        }
    }
}
