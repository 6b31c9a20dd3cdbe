package org.rlanything.agent;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.alfworld.plan.Planner;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.Scene;

/**
 * The demonstrator: the planner, restrained to what an agent could know. ALFWorld hides where objects
 * are until the agent looks; the planner knows. Cloning the bare planner would teach a policy to walk
 * straight to hidden objects, which it cannot learn, and nothing about searching.
 *
 * <p><b>Rule.</b> Take the planner's shortest plan from the true state. If every object the plan picks
 * up or uses has already been seen (named in an observation of this episode) or is in hand, follow the
 * plan: its next command needs no hidden knowledge. Otherwise search: right after arriving at a closed
 * receptacle, open it; else go to the unvisited receptacle where objects of the missing type are most
 * often found in the training games ({@link Prior}); with nothing left to visit, follow the plan.
 * (Following the plan as soon as its objects are seen is slightly optimistic: the plan may prefer a
 * seen instance for reasons it cannot see, such as a shorter route. That is the only leak.)
 */
public final class SearchingExpert {

    private final AlfworldGame game;
    private final Planner planner;
    private final Prior prior;

    public SearchingExpert(AlfworldGame game, Prior prior) {
        this.game = game;
        this.planner = new Planner(game);
        this.prior = prior;
    }

    /** A fresh episode's memory. */
    public Episode start() {
        return new Episode();
    }

    /** What the demonstrator remembers within one episode. */
    public final class Episode {
        private final StringBuilder seen = new StringBuilder();
        private final Set<String> visited = new HashSet<>();
        private String lastCommand = "";

        private Episode() {
        }

        /** Records an observation (the first one and every step's feedback). */
        public void observe(String observation) {
            seen.append(observation.toLowerCase(java.util.Locale.ROOT)).append('\n');
        }

        /** Records the command executed (whoever chose it). */
        public void executed(String command) {
            lastCommand = command;
            if (command.startsWith("go to ")) {
                visited.add(command.substring("go to ".length()));
            } else if (command.startsWith("open ")) {
                visited.add(command.substring("open ".length()));
            }
        }

        /** The demonstrator's next command in {@code state}, or empty when the planner finds no plan. */
        public Optional<String> next(GameState state, List<String> admissible) {
            Optional<Plan> plan = planner.plan(state);
            if (plan.isEmpty() || plan.get().commands().isEmpty()) {
                return Optional.empty();
            }
            List<String> commands = plan.get().commands();
            Set<String> missingTypes = new LinkedHashSet<>();
            for (String c : commands) {
                String object = usedObject(c);
                if (object != null && !known(object, state)) {
                    missingTypes.add(typeOf(object));
                }
            }
            if (missingTypes.isEmpty()) {
                return Optional.of(commands.get(0));
            }
            if (lastCommand.startsWith("go to ")) {
                String open = "open " + lastCommand.substring("go to ".length());
                if (admissible.contains(open)) {
                    return Optional.of(open);
                }
            }
            String best = null;
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
                    best = c;
                }
            }
            return Optional.of(best != null ? best : commands.get(0));
        }

        private boolean known(String object, GameState state) {
            int held = state.heldObject();
            if (held >= 0 && game.scene().name(Kind.OBJECT, held).equals(object)) {
                return true;
            }
            return mentions(seen, object);
        }
    }

    /** The object a plan command picks up or uses ({@code take X from R}, {@code use X}), else null. */
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

    /** Whether {@code text} names {@code entity} as a whole name ({@code apple 1}, not {@code apple 10}). */
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
     * Where objects of a type are found: for object type t and receptacle type u, the number of (object of
     * type t, receptacle of type u) placements at the start of the training games divided by the number of
     * receptacles of type u, i.e. how many objects of type t one receptacle of type u holds on average.
     */
    public static final class Prior {
        private final Map<String, Map<String, Integer>> placements = new HashMap<>();
        private final Map<String, Integer> receptacles = new HashMap<>();

        /** The prior of {@code games}' initial states. */
        public static Prior of(List<AlfworldTask> games) {
            Prior p = new Prior();
            for (AlfworldTask task : games) {
                Scene scene = task.game().scene();
                GameState s = scene.initialState();
                for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                    p.receptacles.merge(typeOf(scene.name(Kind.RECEPTACLE, r)), 1, Integer::sum);
                }
                for (int o = 0; o < scene.count(Kind.OBJECT); o++) {
                    String type = typeOf(scene.name(Kind.OBJECT, o));
                    for (int r = 0; r < scene.count(Kind.RECEPTACLE); r++) {
                        if (s.inReceptacle(o, r)) {
                            p.placements.computeIfAbsent(type, k -> new HashMap<>())
                                    .merge(typeOf(scene.name(Kind.RECEPTACLE, r)), 1, Integer::sum);
                        }
                    }
                }
            }
            return p;
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
