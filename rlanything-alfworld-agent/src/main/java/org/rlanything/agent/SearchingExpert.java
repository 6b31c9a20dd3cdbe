package org.rlanything.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;

/**
 * The demonstrator: the planner, restrained to what an agent could know. ALFWorld hides where
 * objects are until the agent looks; the planner knows. Cloning the bare planner would teach a
 * policy to walk straight to hidden objects, which it cannot learn, and nothing about searching.
 *
 * <p><b>Rule.</b> Take the planner's shortest plan from the true state. If every object the plan
 * picks up or uses has already been seen (named in an observation of this episode) or is in hand,
 * follow the plan: its next command needs no hidden knowledge. If the plan needs an unseen object,
 * follow it only up to the {@code go to}/{@code open} commands that head for that object (for
 * example, first deliver the object in hand). Otherwise search: with empty hands, take an instance
 * of the missing type in sight (not one already in a receptacle of the goal's destination type), or
 * go back to where one was seen; right after arriving at a closed receptacle, open it; else go to
 * the unvisited receptacle where objects of the missing type are most often found in the training
 * games ({@link Prior}); with nothing left to visit, follow the plan.
 */
public final class SearchingExpert {

    private final AlfworldGame game;
    private final AlfworldPlanner planner;
    private final Prior prior;
    private final Map<GameState, Optional<Plan>> plans = new HashMap<>();

    public SearchingExpert(AlfworldGame game, Prior prior) {
        this.game = game;
        this.planner = new AlfworldPlanner(game);
        this.prior = prior;
    }

    /** A fresh episode's memory. */
    public Episode start() {
        return new Episode();
    }

    /**
     * A shortest winning plan from {@code state} (the planner's, remembered per state: a labelled
     * episode asks for the state after a step and again, as the next step's start, for the same
     * state).
     */
    public Optional<Plan> plan(GameState state) {
        Optional<Plan> known = plans.get(state);
        if (known == null) {
            known = planner.plan(state);
            plans.put(state.copy(), known);
        }
        return known;
    }

    /**
     * What the demonstrator decided in one state.
     *
     * @param command the command it takes
     * @param equallyRanked the commands it ranks as high as {@code command} (including it): every
     *     take of a missing type in sight, every return to a sighting, every unvisited receptacle
     *     with the best prior score; just {@code command} when it follows the plan
     * @param followsPlan whether it follows the planner's shortest plan (nothing there needs hidden
     *     knowledge before the moves toward a hidden object)
     * @param planLength the length of that plan (the omniscient remaining plan)
     * @param unseen the objects that plan picks up or uses which the agent has not seen
     */
    public record Decision(
            String command,
            List<String> equallyRanked,
            boolean followsPlan,
            int planLength,
            Set<String> unseen) {
        public Decision {
            equallyRanked = List.copyOf(equallyRanked);
            unseen = Set.copyOf(unseen);
        }

        static Decision following(String command, int planLength, Set<String> unseen) {
            return new Decision(command, List.of(command), true, planLength, unseen);
        }

        static Decision searching(List<String> equallyRanked) {
            return new Decision(equallyRanked.get(0), equallyRanked, false, -1, Set.of());
        }
    }

    /** What the demonstrator remembers within one episode. */
    public final class Episode {
        private final StringBuilder seen = new StringBuilder();
        private final Set<String> visited = new HashSet<>();
        private final Map<String, String> sightings = new java.util.LinkedHashMap<>();
        private String lastCommand = "";
        private String here = "";

        private Episode() {}

        /** Records an observation (the first one and every step's feedback). */
        public void observe(String observation) {
            String text = observation.toLowerCase(java.util.Locale.ROOT);
            seen.append(text).append('\n');
            int see = text.indexOf("you see ");
            if (!here.isEmpty()
                    && see >= 0
                    && (text.startsWith("you arrive at ") || text.startsWith("you open the "))) {
                for (String item : text.substring(see + "you see ".length()).split(",")) {
                    String name = item.strip();
                    if (name.startsWith("and ")) {
                        name = name.substring(4);
                    }
                    if (name.startsWith("a ")) {
                        name = name.substring(2);
                    }
                    if (name.endsWith(".")) {
                        name = name.substring(0, name.length() - 1);
                    }
                    if (!name.isEmpty() && !name.equals("nothing")) {
                        sightings.put(name, here);
                    }
                }
            }
            if (text.startsWith("you pick up the ")) {
                int from = text.indexOf(" from the ");
                if (from > 0) {
                    sightings.remove(text.substring("you pick up the ".length(), from));
                }
            }
        }

        /** Records the command executed (whoever chose it). */
        public void executed(String command) {
            lastCommand = command;
            if (command.startsWith("go to ")) {
                here = command.substring("go to ".length());
                visited.add(here);
            } else if (command.startsWith("open ")) {
                visited.add(command.substring("open ".length()));
            }
        }

        /**
         * The demonstrator's next command in {@code state}, or empty when the planner finds no
         * plan.
         */
        public Optional<String> next(GameState state, List<String> admissible) {
            return decide(state, admissible).map(Decision::command);
        }

        /**
         * The demonstrator's decision in {@code state}: its command, and, when it searches, the
         * commands it ranks equally; empty when the planner finds no plan.
         */
        public Optional<Decision> decide(GameState state, List<String> admissible) {
            Optional<Plan> plan = plan(state);
            if (plan.isEmpty() || plan.get().commands().isEmpty()) {
                return Optional.empty();
            }
            List<String> commands = plan.get().commands();
            Set<String> missingTypes = new LinkedHashSet<>();
            Set<String> unseen = new LinkedHashSet<>();
            int firstHidden = -1;
            String destinationType = null;
            for (int i = 0; i < commands.size(); i++) {
                String c = commands.get(i);
                String object = usedObject(c);
                if (object != null && !known(object, state)) {
                    missingTypes.add(typeOf(object));
                    unseen.add(object);
                    if (firstHidden < 0) {
                        firstHidden = i;
                    }
                }
                if (c.startsWith("move ") && c.contains(" to ")) {
                    destinationType = typeOf(c.substring(c.lastIndexOf(" to ") + 4));
                }
            }
            Decision follow = Decision.following(commands.get(0), commands.size(), unseen);
            if (missingTypes.isEmpty()) {
                return Optional.of(follow);
            }
            // Follow the plan up to the moves that head for the hidden object (go to / open before
            // it).
            int leak = firstHidden;
            while (leak > 0
                    && (commands.get(leak - 1).startsWith("go to ")
                            || commands.get(leak - 1).startsWith("open "))) {
                leak--;
            }
            if (leak > 0) {
                return Optional.of(follow);
            }
            boolean holding = state.heldObject() >= 0;
            if (!holding) {
                // Another instance of a missing type in sight: take it (unless it is already
                // delivered).
                List<String> takes = takesInSight(admissible, missingTypes, destinationType);
                if (!takes.isEmpty()) {
                    return Optional.of(Decision.searching(takes));
                }
                // One seen elsewhere: go back for it.
                List<String> returns = new ArrayList<>();
                for (Map.Entry<String, String> e : sightings.entrySet()) {
                    if (missingTypes.contains(typeOf(e.getKey()))
                            && !typeOf(e.getValue()).equals(destinationType)) {
                        String go = "go to " + e.getValue();
                        if (admissible.contains(go) && !returns.contains(go)) {
                            returns.add(go);
                        }
                    }
                }
                if (!returns.isEmpty()) {
                    return Optional.of(Decision.searching(returns));
                }
            }
            if (lastCommand.startsWith("go to ")) {
                String open = "open " + lastCommand.substring("go to ".length());
                if (admissible.contains(open)) {
                    return Optional.of(Decision.searching(List.of(open)));
                }
            }
            // Explore: the unvisited receptacles where the prior most expects a missing type (ties
            // rank equally).
            List<String> best = mostExpected(admissible, missingTypes);
            return Optional.of(best.isEmpty() ? follow : Decision.searching(best));
        }

        /**
         * The admissible takes of another instance of a missing type, unless it already lies at the
         * destination type.
         */
        private List<String> takesInSight(
                List<String> admissible, Set<String> missingTypes, String destinationType) {
            List<String> takes = new ArrayList<>();
            for (String c : admissible) {
                String object = usedObject(c);
                if (c.startsWith("take ")
                        && object != null
                        && missingTypes.contains(typeOf(object))) {
                    String from = c.substring(c.indexOf(" from ") + " from ".length());
                    if (!typeOf(from).equals(destinationType)) {
                        takes.add(c);
                    }
                }
            }
            return takes;
        }

        /**
         * The admissible moves to unvisited receptacles where the prior most expects a missing type
         * (ties rank equally).
         */
        private List<String> mostExpected(List<String> admissible, Set<String> missingTypes) {
            List<String> best = new ArrayList<>();
            double bestScore = -1;
            for (String c : admissible) {
                if (!c.startsWith("go to ")) {
                    continue;
                }
                String target = c.substring("go to ".length());
                if (visited.contains(target)) {
                    continue;
                }
                double score = 0;
                for (String type : missingTypes) {
                    score = Math.max(score, prior.score(type, typeOf(target)));
                }
                if (score > bestScore) {
                    bestScore = score;
                    best.clear();
                }
                if (score == bestScore) {
                    best.add(c);
                }
            }
            return best;
        }

        /**
         * Whether the agent could name {@code object} now: it is in hand or was named in an
         * observation.
         */
        public boolean knows(String object, GameState state) {
            return known(object, state);
        }

        private boolean known(String object, GameState state) {
            int held = state.heldObject();
            if (held >= 0 && game.scene().name(Kind.OBJECT, held).equals(object)) {
                return true;
            }
            return mentions(seen, object);
        }
    }

    /**
     * The object a plan command picks up or uses ({@code take X from R}, {@code use X}), else null.
     */
    static String usedObject(String command) {
        if (command.startsWith("take ")) {
            int from = command.indexOf(" from ");
            return from > 0 ? command.substring("take ".length(), from) : null;
        }
        if (command.startsWith("use ")) {
            return command.substring("use ".length());
        }
        return null;
    }

    /**
     * Whether {@code text} names {@code entity} as a whole name ({@code apple 1}, not {@code apple
     * 10}).
     */
    static boolean mentions(CharSequence text, String entity) {
        String s = text.toString();
        int at = s.indexOf(entity);
        while (at >= 0) {
            int end = at + entity.length();
            boolean startOk = at == 0 || !Character.isLetterOrDigit(s.charAt(at - 1));
            boolean endOk = end == s.length() || !Character.isLetterOrDigit(s.charAt(end));
            if (startOk && endOk) {
                return true;
            }
            at = s.indexOf(entity, at + 1);
        }
        return false;
    }

    /** The type part of a display name: {@code sinkbasin 1} -> {@code sinkbasin}. */
    static String typeOf(String name) {
        int space = name.lastIndexOf(' ');
        if (space > 0 && name.substring(space + 1).chars().allMatch(Character::isDigit)) {
            return name.substring(0, space);
        }
        return name;
    }

    /**
     * Where objects of a type are found: for object type t and receptacle type u, the number of
     * (object of type t, receptacle of type u) placements at the start of the training games
     * divided by the number of receptacles of type u, i.e. how many objects of type t one
     * receptacle of type u holds on average.
     */
    public static final class Prior {
        private final Map<String, Map<String, Integer>> placements = new HashMap<>();
        private final Map<String, Integer> receptacles = new HashMap<>();

        /** The prior of {@code games}' initial states. */
        public static Prior of(List<AlfworldTask> games) {
            Prior p = new Prior();
            for (AlfworldTask task : games) {
                GameEntities scene = task.game().scene();
                GameState s = scene.initialState();
                for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                    p.receptacles.merge(typeOf(scene.name(Kind.RECEPTACLE, r)), 1, Integer::sum);
                }
                for (int o = 0; o < scene.count(Kind.OBJECT); o++) {
                    String type = typeOf(scene.name(Kind.OBJECT, o));
                    for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                        if (s.inReceptacle(o, r)) {
                            p.placements
                                    .computeIfAbsent(type, k -> new HashMap<>())
                                    .merge(typeOf(scene.name(Kind.RECEPTACLE, r)), 1, Integer::sum);
                        }
                    }
                }
            }
            return p;
        }

        /** The placement counts as JSON (sorted keys), to be read back by {@link #fromJson}. */
        public String toJson() {
            Map<String, Object> out = new java.util.TreeMap<>();
            out.put("receptacles", new java.util.TreeMap<>(receptacles));
            Map<String, Object> rows = new java.util.TreeMap<>();
            placements.forEach((type, row) -> rows.put(type, new java.util.TreeMap<>(row)));
            out.put("placements", rows);
            try {
                return new com.fasterxml.jackson.databind.ObjectMapper()
                        .writerWithDefaultPrettyPrinter()
                        .writeValueAsString(out);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        /**
         * A prior written by {@link #toJson}; {@code source} names the file in the error when the
         * text is not one.
         */
        public static Prior fromJson(String json, String source) {
            try {
                com.fasterxml.jackson.databind.JsonNode root =
                        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
                if (root == null
                        || !root.path("receptacles").isObject()
                        || !root.path("placements").isObject()) {
                    throw new org.rlanything.core.BadInputException(
                            source
                                    + ": expected an object with \"receptacles\" and \"placements\".");
                }
                Prior p = new Prior();
                root.path("receptacles")
                        .fields()
                        .forEachRemaining(e -> p.receptacles.put(e.getKey(), count(e, source)));
                root.path("placements")
                        .fields()
                        .forEachRemaining(
                                row -> {
                                    Map<String, Integer> cells = new HashMap<>();
                                    row.getValue()
                                            .fields()
                                            .forEachRemaining(
                                                    c -> cells.put(c.getKey(), count(c, source)));
                                    p.placements.put(row.getKey(), cells);
                                });
                return p;
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new org.rlanything.core.BadInputException(
                        source + ": not JSON (" + e.getOriginalMessage() + ").");
            }
        }

        private static int count(
                Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e, String source) {
            if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0) {
                throw new org.rlanything.core.BadInputException(
                        source + ": \"" + e.getKey() + "\" must be a count >= 0.");
            }
            return e.getValue().asInt();
        }

        /** Whether the training games hold objects of {@code type}. */
        public boolean isObjectType(String type) {
            return placements.containsKey(type);
        }

        public double score(String objectType, String receptacleType) {
            Integer n = receptacles.get(receptacleType);
            Map<String, Integer> row = placements.get(objectType);
            if (n == null || n == 0 || row == null) {
                return 0;
            }
            return row.getOrDefault(receptacleType, 0) / (double) n;
        }
    }
}
