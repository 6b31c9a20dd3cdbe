package org.rlanything.alfworld.world;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Param;

/**
 * What a game's PDDL domain decides beyond the fixed ALFWorld action semantics: which actions exist
 * (2.1.3 adds {@code help}), which receptacle types clean, heat and cool, which object types slice,
 * and whether {@code examine} reaches objects lying in open receptacles. In the real domain files
 * that last disjunct declares {@code (?l - location, ?r - receptacle)}: the comma makes {@code
 * location,} an undeclared type with no objects, so the disjunct never holds and only the held
 * object can be examined, as the real engine shows. This class applies the same rule: a quantifier
 * over an undeclared type is never satisfied.
 */
public final class DomainRules {

    private final Set<Verb> verbs;
    private final boolean[] cleanTypes;
    private final boolean[] heatTypes;
    private final boolean[] coolTypes;
    private final boolean[] knifeTypes;
    private final boolean examineInReceptacles;

    private DomainRules(
            Set<Verb> verbs,
            boolean[] cleanTypes,
            boolean[] heatTypes,
            boolean[] coolTypes,
            boolean[] knifeTypes,
            boolean examineInReceptacles) {
        this.verbs = verbs;
        this.cleanTypes = cleanTypes;
        this.heatTypes = heatTypes;
        this.coolTypes = coolTypes;
        this.knifeTypes = knifeTypes;
        this.examineInReceptacles = examineInReceptacles;
    }

    /**
     * Reads the rules from {@code domain}, resolving type constants against {@code scene}.
     *
     * @throws MalformedGameException for an action the engine does not implement or one whose
     *     parameters differ from ALFWorld's
     */
    public static DomainRules of(String source, Domain domain, GameEntities scene)
            throws MalformedGameException {
        EnumSet<Verb> verbs = EnumSet.noneOf(Verb.class);
        boolean[] clean = new boolean[scene.count(Kind.RECEPTACLE_TYPE)];
        boolean[] heat = new boolean[clean.length];
        boolean[] cool = new boolean[clean.length];
        boolean[] knives = new boolean[scene.count(Kind.OBJECT_TYPE)];
        boolean examineIn = false;
        for (Domain.ActionSchema action : domain.actions()) {
            String element = "pddl_domain (:action " + action.name() + " ...)";
            Verb verb = Verb.byPddlName(action.name());
            if (verb == null) {
                throw new MalformedGameException(
                        source,
                        element,
                        "this engine does not implement the action '" + action.name() + "'.");
            }
            StringBuilder actual = new StringBuilder();
            for (Param p : action.parameters()) {
                if (actual.length() > 0) {
                    actual.append(' ');
                }
                actual.append(p.name().substring(1)) // without its '?'
                        .append(':')
                        .append(String.join("|", p.types()));
            }
            if (!actual.toString().equals(verb.signature())) {
                throw new MalformedGameException(
                        source,
                        element,
                        "its parameters are ("
                                + actual
                                + ") but the engine implements ("
                                + verb.signature()
                                + ").");
            }
            verbs.add(verb);
            switch (verb) {
                case CLEAN:
                    markConstants(
                            action.precondition(),
                            "receptacletype",
                            scene,
                            Kind.RECEPTACLE_TYPE,
                            clean);
                    break;
                case HEAT:
                    markConstants(
                            action.precondition(),
                            "receptacletype",
                            scene,
                            Kind.RECEPTACLE_TYPE,
                            heat);
                    break;
                case COOL:
                    markConstants(
                            action.precondition(),
                            "receptacletype",
                            scene,
                            Kind.RECEPTACLE_TYPE,
                            cool);
                    break;
                case SLICE:
                    markConstants(
                            action.precondition(), "objecttype", scene, Kind.OBJECT_TYPE, knives);
                    break;
                case EXAMINE_OBJECT:
                    examineIn =
                            hasSatisfiableQuantifier(
                                    action.precondition(), domain.types().keySet());
                    break;
                default:
                    break;
            }
        }
        return new DomainRules(verbs, clean, heat, cool, knives, examineIn);
    }

    private static void markConstants(
            Condition f, String predicate, GameEntities scene, Kind kind, boolean[] out) {
        if (f instanceof Condition.Atom a) {
            if (a.predicate().equals(predicate)
                    && a.terms().size() == 2
                    && !a.terms().get(1).startsWith("?")) {
                int index = scene.indexOf(kind, a.terms().get(1));
                if (index >= 0) {
                    out[index] = true;
                }
            }
        } else if (f instanceof Condition.And and) {
            for (Condition part : and.parts()) {
                markConstants(part, predicate, scene, kind, out);
            }
        } else if (f instanceof Condition.Or or) {
            for (Condition part : or.parts()) {
                markConstants(part, predicate, scene, kind, out);
            }
        }
    }

    private static boolean hasSatisfiableQuantifier(Condition f, Set<String> types) {
        if (f instanceof Condition.Quantified q && !q.universal()) {
            for (Param v : q.variables()) {
                if (!types.contains(v.types().get(0))) {
                    return false;
                }
            }
            return true;
        }
        List<Condition> parts =
                f instanceof Condition.Or or
                        ? or.parts()
                        : f instanceof Condition.And and ? and.parts() : List.of();
        for (Condition part : parts) {
            if (hasSatisfiableQuantifier(part, types)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the domain defines {@code verb}. */
    public boolean has(Verb verb) {
        return verbs.contains(verb);
    }

    /** The verbs the domain defines. */
    public Set<Verb> verbs() {
        return EnumSet.copyOf(verbs);
    }

    /** Whether receptacles of rtype {@code t} clean objects. */
    public boolean cleans(int rtype) {
        return rtype >= 0 && cleanTypes[rtype];
    }

    /** Whether receptacles of rtype {@code t} heat objects. */
    public boolean heats(int rtype) {
        return rtype >= 0 && heatTypes[rtype];
    }

    /** Whether receptacles of rtype {@code t} cool objects. */
    public boolean cools(int rtype) {
        return rtype >= 0 && coolTypes[rtype];
    }

    /** Whether objects of otype {@code t} slice. */
    public boolean slices(int otype) {
        return otype >= 0 && knifeTypes[otype];
    }

    /** Whether objects lying in open receptacles at the agent's location can be examined. */
    public boolean examinesInReceptacles() {
        return examineInReceptacles;
    }
}
