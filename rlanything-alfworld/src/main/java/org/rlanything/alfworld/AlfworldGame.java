package org.rlanything.alfworld;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import org.rlanything.alfworld.plan.PlanningProblem;
import org.rlanything.alfworld.text.Bindings;
import org.rlanything.alfworld.text.CompiledGrammar;
import org.rlanything.alfworld.text.GrammarException;
import org.rlanything.alfworld.text.TwlGrammar;
import org.rlanything.alfworld.world.ActionGenerator;
import org.rlanything.alfworld.world.CompiledGoal;
import org.rlanything.alfworld.world.DomainRules;
import org.rlanything.alfworld.world.GameEntities;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.alfworld.world.Kind;
import org.rlanything.alfworld.world.MalformedGameException;
import org.rlanything.alfworld.world.StateView;
import org.rlanything.alfworld.world.Verb;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.PddlException;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;

/**
 * One compiled ALFWorld game: its scene, the action rules of its domain, its goal, and its grammar
 * (command templates and feedback texts). Immutable and safe to share between threads and sessions;
 * play happens on {@link GameState}s ({@link #newState()}), through an {@link AlfworldSession} or
 * directly with {@link #admissible}, {@link #feedback} and {@link #isWon}.
 */
public final class AlfworldGame implements PlanningProblem {

    /** The paragraph TextWorld prints before every ALFWorld intro. */
    public static final String BANNER = "-= Welcome to TextWorld, ALFRED! =-";

    private final String source;
    private final boolean solvable;
    private final CompressedText domainText;
    private final CompressedText grammarText;
    private final CompressedText problemText;
    private final String id;
    private final GameEntities scene;
    private final DomainRules rules;
    private final CompiledGoal goal;
    private final CompiledGrammar grammar;
    private final Map<Verb, CompiledGrammar.Template> templates;
    private final Map<Verb, CompiledGrammar.Template> feedbacks;
    private final ActionGenerator generator;
    private final CommandTable commands;
    private final String initialObservation;

    private AlfworldGame(GameFile file) throws MalformedGameException {
        this.source = file.source();
        this.solvable = file.solvable();
        // the syntax alone: the engine checks what it uses itself, naming the game's element
        Domain domain;
        try {
            domain = DomainReader.parseUnchecked(file.domain(), "pddl_domain");
        } catch (PddlException e) {
            throw new MalformedGameException(source, "pddl_domain", e.getMessage());
        }
        Problem problem;
        try {
            problem = ProblemReader.parseUnchecked(file.problem(), "pddl_problem", domain);
        } catch (PddlException e) {
            throw new MalformedGameException(source, "pddl_problem", e.getMessage());
        }
        this.scene = GameEntities.build(source, problem, domain);
        this.rules = DomainRules.of(source, domain, scene);
        this.goal = CompiledGoal.compile(problem.goal(), scene, "pddl_problem (:goal ...)");
        TwlGrammar twl;
        try {
            twl = TwlGrammar.parse(file.grammar());
            this.grammar = CompiledGrammar.compile(twl, scene);
        } catch (GrammarException e) {
            throw new MalformedGameException(source, "grammar", e.getMessage());
        }
        this.templates = new EnumMap<>(Verb.class);
        this.feedbacks = new EnumMap<>(Verb.class);
        for (Verb verb : rules.verbs()) {
            TwlGrammar.ActionText text = twl.actions().get(verb.pddlName());
            if (text == null) {
                throw new MalformedGameException(
                        source,
                        "grammar (action " + verb.pddlName() + ")",
                        "the domain defines this action but the grammar has no template for it.");
            }
            try {
                templates.put(verb, grammar.template(text.template()));
                feedbacks.put(verb, grammar.template(text.feedback()));
            } catch (GrammarException e) {
                throw new MalformedGameException(
                        source, "grammar (action " + text.name() + ")", e.getMessage());
            }
        }
        if (!grammar.hasRule("intro")) {
            throw new MalformedGameException(source, "grammar", "it has no \"intro\" rule.");
        }
        this.generator = new ActionGenerator(scene, rules);
        this.commands = new CommandTable(this);
        this.id = "alfworld-" + hash(file);
        this.domainText = new CompressedText(file.domain());
        this.grammarText = new CompressedText(file.grammar());
        this.problemText = new CompressedText(file.problem());
        GameState start = scene.initialState();
        try {
            this.initialObservation =
                    grammar.render(grammar.template("#intro#"), new Bindings(), start);
        } catch (GrammarException | IllegalStateException e) {
            throw new MalformedGameException(
                    source, "grammar (intro)", "it cannot be rendered: " + e.getMessage());
        }
    }

    /**
     * Compiles a game.
     *
     * @throws MalformedGameException naming the file and the element that is wrong
     */
    public static AlfworldGame compile(GameFile file) throws MalformedGameException {
        return new AlfworldGame(file);
    }

    private static String hash(GameFile file) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {file.domain(), file.grammar(), file.problem()}) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime.", e);
        }
    }

    /** The raw game text (kept compressed; this rebuilds it). */
    public GameFile file() {
        return new GameFile(
                source, domainText.text(), grammarText.text(), problemText.text(), solvable);
    }

    /** Where the game came from (normally its file path). */
    public String source() {
        return source;
    }

    /** A stable id derived from the game's content ({@code alfworld-} and 16 hex digits). */
    public String id() {
        return id;
    }

    @Override
    public GameEntities scene() {
        return scene;
    }

    @Override
    public DomainRules rules() {
        return rules;
    }

    /** The compiled goal. */
    @Override
    public CompiledGoal goal() {
        return goal;
    }

    public ActionGenerator actions() {
        return generator;
    }

    /** A fresh initial state. */
    public GameState newState() {
        return scene.initialState();
    }

    /** The first observation exactly as TextWorld prints it (banner, room, task). */
    public String initialObservation() {
        return initialObservation;
    }

    /** The first observation without the banner paragraph: the room, a blank line, the task. */
    public String initialObservationWithoutBanner() {
        return withoutBanner(initialObservation);
    }

    /** Removes a leading {@link #BANNER} paragraph from an observation. */
    public static String withoutBanner(String observation) {
        if (observation.startsWith("-=")) {
            int cut = observation.indexOf("\n\n");
            if (cut >= 0) {
                return observation.substring(cut + 2);
            }
        }
        return observation;
    }

    /**
     * The task sentence after {@code Your task is to: }, e.g. {@code put some apple in fridge.}.
     */
    public String goalText() {
        String marker = "Your task is to: ";
        int at = initialObservation.lastIndexOf(marker);
        return at < 0 ? "" : initialObservation.substring(at + marker.length());
    }

    /** Whether the goal holds in {@code state}. */
    public boolean isWon(StateView state) {
        return goal.holds(state);
    }

    /** The admissible commands of {@code state} in the engine's order (sorted, unique). */
    public java.util.List<String> admissible(GameState state) {
        return commands.admissible(state).commands();
    }

    /** The admissible commands with their action codes ({@link CommandTable.Admissible}). */
    CommandTable.Admissible admissibleWithCodes(GameState state) {
        return commands.admissible(state);
    }

    /** The command text of an action code. */
    @Override
    public String command(long code) {
        return commands.text(code);
    }

    CommandTable commandTable() {
        return commands;
    }

    /**
     * Applies an applicable action to {@code state} and returns the feedback the game prints. The
     * action must be applicable (see {@link #admissible}).
     */
    public String apply(GameState state, long code) {
        int previousLocation = state.agentLocation();
        generator.apply(state, code);
        return feedback(code, previousLocation, state);
    }

    /**
     * The feedback of an action that was just applied; {@code previousLocation} is where it
     * started.
     */
    public String feedback(long code, int previousLocation, GameState after) {
        Bindings b = bind(new Bindings(), code, previousLocation);
        return grammar.render(feedbacks.get(Verb.of(code)), b, after);
    }

    /** Renders the feedback into {@code out}, reusing {@code bindings}. */
    void feedback(
            long code,
            int previousLocation,
            GameState after,
            Bindings bindings,
            StringBuilder out) {
        bindings.clear();
        bind(bindings, code, previousLocation);
        grammar.render(feedbacks.get(Verb.of(code)), bindings, after, out);
    }

    /** Renders the command text of {@code code} from the grammar's template. */
    String renderCommand(long code, int location, StateView state) {
        Bindings b = bind(new Bindings(), code, location);
        return grammar.render(templates.get(Verb.of(code)), b, state);
    }

    /** The command template of a verb. */
    CompiledGrammar.Template template(Verb verb) {
        return templates.get(verb);
    }

    /** Binds the action's PDDL parameters (names from {@link Verb#signature()}). */
    Bindings bind(Bindings b, long code, int location) {
        Verb verb = Verb.of(code);
        int x = Verb.first(code);
        int y = Verb.second(code);
        b.put("a", Kind.AGENT, 0);
        switch (verb) {
            case LOOK:
                b.put("l", Kind.LOCATION, location);
                break;
            case EXAMINE_RECEPTACLE:
                b.put("r", Kind.RECEPTACLE, x);
                break;
            case EXAMINE_OBJECT:
                b.put("o", Kind.OBJECT, x);
                break;
            case GOTO:
                b.put("lstart", Kind.LOCATION, location);
                b.put("lend", Kind.LOCATION, scene.receptacleLocation(x));
                b.put("r", Kind.RECEPTACLE, x);
                break;
            case OPEN:
            case CLOSE:
                b.put("l", Kind.LOCATION, location);
                b.put("r", Kind.RECEPTACLE, x);
                break;
            case TAKE:
            case USE:
            case CLEAN:
            case HEAT:
            case COOL:
                b.put("l", Kind.LOCATION, location);
                b.put("o", Kind.OBJECT, x);
                b.put("r", Kind.RECEPTACLE, y);
                break;
            case PUT:
                b.put("l", Kind.LOCATION, location);
                b.put("o", Kind.OBJECT, x);
                b.put("r", Kind.RECEPTACLE, y);
                if (scene.objectType(x) >= 0) {
                    b.put("ot", Kind.OBJECT_TYPE, scene.objectType(x));
                }
                if (scene.receptacleType(y) >= 0) {
                    b.put("rt", Kind.RECEPTACLE_TYPE, scene.receptacleType(y));
                }
                break;
            case SLICE:
                b.put("l", Kind.LOCATION, location);
                b.put("co", Kind.OBJECT, x);
                b.put("ko", Kind.OBJECT, y);
                break;
            default:
                break;
        }
        return b;
    }

    @Override
    public String toString() {
        return "AlfworldGame[" + source + ", " + goalText() + "]";
    }
}
