package org.rlanything.alfworld.rewrite;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.gen.Capability;
import org.rlanything.alfworld.gen.Goal;
import org.rlanything.alfworld.gen.ObjectInstance;
import org.rlanything.alfworld.gen.ReceptacleInstance;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.SceneWriter;
import org.rlanything.alfworld.gen.TaskType;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.PddlException;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;

/**
 * Reads the {@link Scene} of any ALFWorld game (generated or ALFWorld's own) so the rewriter can
 * change it. The problem is parsed by the engine's PDDL parser, which lower-cases names; the
 * original spelling of every name is restored from the problem text, so a rewritten game names
 * entities exactly as the original did. The goal phrasing is taken from the grammar's task sentence
 * when it matches one of the task type's phrasings; the floor plan from the generator's comment
 * line or else from a {@code -<number>/trial_} folder in the source path.
 */
public final class SceneReader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_\\-.|+]*");
    private static final Pattern FLOOR_PLAN = Pattern.compile("-(\\d+)[/\\\\]trial_");
    private static final Pattern COMMENT =
            Pattern.compile(
                    "^" + Pattern.quote(SceneWriter.FLOOR_PLAN_COMMENT) + "(\\d+)$",
                    Pattern.MULTILINE);

    private SceneReader() {}

    /**
     * The scene of a game; fails naming the game when its problem cannot be read as an ALFWorld
     * scene.
     */
    public static Scene read(GameFile file) {
        Problem problem;
        try {
            problem =
                    ProblemReader.parseUnchecked(
                            file.problem(),
                            "pddl_problem",
                            DomainReader.parseUnchecked(file.domain(), "pddl_domain"));
        } catch (PddlException e) {
            throw new org.rlanything.core.BadInputException(
                    "The problem of " + file.source() + " does not parse: " + e.getMessage(), e);
        }
        Map<String, String> spelling = spellings(file.problem());
        java.util.function.UnaryOperator<String> spell = name -> spelling.getOrDefault(name, name);
        Map<String, String> receptacleType = new LinkedHashMap<>();
        Map<String, String> receptacleLocation = new HashMap<>();
        Set<String> openable = new TreeSet<>();
        Map<String, String> objectType = new LinkedHashMap<>();
        Map<String, String> objectLocation = new HashMap<>();
        Map<String, List<String>> inReceptacle = new HashMap<>();
        Map<String, Set<Capability>> capabilities = new HashMap<>();
        Map<String, Set<String>> canContain = new TreeMap<>();
        String agentLocation = null;
        for (Condition.Atom atom : problem.init()) {
            List<String> a = atom.terms().stream().map(spell).toList();
            switch (atom.predicate()) {
                case "receptacletype" -> receptacleType.put(a.get(0), bare(a.get(1)));
                case "objecttype" -> objectType.put(a.get(0), bare(a.get(1)));
                case "receptacleatlocation" -> receptacleLocation.put(a.get(0), a.get(1));
                case "objectatlocation" -> objectLocation.put(a.get(0), a.get(1));
                case "atlocation" -> agentLocation = a.get(1);
                case "openable" -> openable.add(a.get(0));
                case "inreceptacle" ->
                        inReceptacle
                                .computeIfAbsent(a.get(0), k -> new ArrayList<>())
                                .add(a.get(1));
                case "cancontain" ->
                        canContain
                                .computeIfAbsent(bare(a.get(0)), k -> new TreeSet<>())
                                .add(bare(a.get(1)));
                default -> {
                    Capability capability = capability(atom.predicate());
                    if (capability != null) {
                        capabilities
                                .computeIfAbsent(a.get(0), k -> EnumSet.noneOf(Capability.class))
                                .add(capability);
                    }
                }
            }
        }
        if (agentLocation == null) {
            throw new org.rlanything.core.BadInputException(
                    "The problem of " + file.source() + " has no (atLocation agent1 ...) fact.");
        }
        List<ReceptacleInstance> receptacles =
                receptacles(file, receptacleType, receptacleLocation, openable);
        List<ObjectInstance> objects =
                objects(
                        objectType,
                        objectLocation,
                        inReceptacle,
                        capabilities,
                        receptacleLocation,
                        agentLocation);
        String name = spell.apply(problem.name());
        name = name.startsWith("plan_") ? name.substring("plan_".length()) : name;
        Goal goal = GoalReader.read(problem.goal(), spell, 0, file.source());
        goal =
                new Goal(
                        goal.type(),
                        goal.objectType(),
                        goal.target(),
                        phrasing(file.grammar(), goal));
        return new Scene(
                name, floorPlan(file), agentLocation, receptacles, objects, canContain, goal);
    }

    /** The receptacles, each at its location; refuses one without a location. */
    private static List<ReceptacleInstance> receptacles(
            GameFile file,
            Map<String, String> receptacleType,
            Map<String, String> receptacleLocation,
            Set<String> openable) {
        List<ReceptacleInstance> receptacles = new ArrayList<>();
        for (Map.Entry<String, String> entry : receptacleType.entrySet()) {
            String location = receptacleLocation.get(entry.getKey());
            if (location == null) {
                throw new org.rlanything.core.BadInputException(
                        "The receptacle "
                                + entry.getKey()
                                + " of "
                                + file.source()
                                + " has no receptacleAtLocation fact.");
            }
            receptacles.add(
                    new ReceptacleInstance(
                            entry.getKey(),
                            entry.getValue(),
                            location,
                            openable.contains(entry.getKey())));
        }
        return receptacles;
    }

    /**
     * The objects, each where the problem puts it (else at its first receptacle's location, else at
     * the agent's).
     */
    private static List<ObjectInstance> objects(
            Map<String, String> objectType,
            Map<String, String> objectLocation,
            Map<String, List<String>> inReceptacle,
            Map<String, Set<Capability>> capabilities,
            Map<String, String> receptacleLocation,
            String agentLocation) {
        List<ObjectInstance> objects = new ArrayList<>();
        for (Map.Entry<String, String> entry : objectType.entrySet()) {
            String id = entry.getKey();
            List<String> in = inReceptacle.getOrDefault(id, List.of());
            String location = objectLocation.get(id);
            if (location == null) {
                location =
                        in.isEmpty()
                                ? agentLocation
                                : receptacleLocation.getOrDefault(in.get(0), agentLocation);
            }
            objects.add(
                    new ObjectInstance(
                            id,
                            entry.getValue(),
                            location,
                            in,
                            capabilities.getOrDefault(id, EnumSet.noneOf(Capability.class))));
        }
        return objects;
    }

    /** The phrasing whose text the grammar's task sentence holds, or 0. */
    static int phrasing(String grammar, Goal goal) {
        TaskType type = goal.type();
        for (int i = 0; i < type.phrasings().size(); i++) {
            Goal candidate = new Goal(type, goal.objectType(), goal.target(), i);
            if (grammar.contains("Your task is to: " + candidate.text())) {
                return i;
            }
        }
        return 0;
    }

    /** Lower-case name to its spelling in the text (the first spelling seen). */
    static Map<String, String> spellings(String text) {
        Map<String, String> out = new HashMap<>();
        Matcher matcher = NAME.matcher(text);
        while (matcher.find()) {
            String name = matcher.group();
            out.putIfAbsent(name.toLowerCase(java.util.Locale.ROOT), name);
        }
        return out;
    }

    /** The floor plan: from the writer's comment line, else from the source path, else 0. */
    static int floorPlan(GameFile file) {
        Matcher comment = COMMENT.matcher(file.problem());
        if (comment.find()) {
            return Integer.parseInt(comment.group(1));
        }
        Matcher matcher = FLOOR_PLAN.matcher(file.source());
        int found = 0;
        while (matcher.find()) {
            found = Integer.parseInt(matcher.group(1));
        }
        return found;
    }

    private static Capability capability(String predicate) {
        for (Capability capability : Capability.values()) {
            if (capability.predicate().equalsIgnoreCase(predicate)) {
                return capability;
            }
        }
        return null;
    }

    private static String bare(String pddlType) {
        return pddlType.endsWith("Type") ? pddlType.substring(0, pddlType.length() - 4) : pddlType;
    }
}
