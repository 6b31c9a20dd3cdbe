package org.rlanything.alfworld;

import org.rlanything.alfworld.world.MalformedGameException;

/**
 * Brings a game to ALFWorld's newer "2.1.3" text, which RLAnything plays: either by ALFWorld's own
 * upgrade rules applied to a 2.1.1 game file ({@link #patch}), or by swapping in the 2.1.3 domain
 * and grammar files ({@link #withLogic}). The patch rules, as plain replacements:
 *
 * <ol>
 *   <li>grammar {@code You arrive at {lend.name}.} becomes {@code You arrive at {r.name}.} (the
 *       receptacle's name instead of {@code loc 12});
 *   <li>grammar {@code put {o} in/on {r}} becomes {@code move {o} to {r}};
 *   <li>grammar {@code You put the {o.name} in/on the {r.name}.} becomes {@code You move the
 *       {o.name} to the {r.name}.};
 *   <li>a {@code help} action (no precondition) is added to the domain, and to the grammar with the
 *       command list as its feedback.
 * </ol>
 *
 * The 2.1.3 domain file also drops SinkType from CleanObject; ALFWorld scenes have no receptacle of
 * that type (sinks are SinkBasin receptacles), so the patch leaves it, as ALFWorld's script does.
 */
public final class Logic213 {

    /** The help action added to the domain. */
    static final String HELP_ACTION_PDDL =
            "(:action help\n"
                    + "    :parameters (?a - agent)\n"
                    + "    :precondition\n"
                    + "        ()\n"
                    + "    :effect\n"
                    + "        (and\n"
                    + "            (checked ?a)\n"
                    + "        )\n"
                    + ")\n";

    /** The command list that {@code help} prints (ALFWorld's text, leading newline included). */
    public static final String HELP_TEXT =
            "\nAvailable commands:\n"
                    + "  look:                             look around your current location\n"
                    + "  inventory:                        check your current inventory\n"
                    + "  go to (receptacle):               move to a receptacle\n"
                    + "  open (receptacle):                open a receptacle\n"
                    + "  close (receptacle):               close a receptacle\n"
                    + "  take (object) from (receptacle):  take an object from a receptacle\n"
                    + "  move (object) to (receptacle):  place an object in or on a receptacle\n"
                    + "  examine (something):              examine a receptacle or an object\n"
                    + "  use (object):                     use an object\n"
                    + "  heat (object) with (receptacle):  heat an object using a receptacle\n"
                    + "  clean (object) with (receptacle): clean an object using a receptacle\n"
                    + "  cool (object) with (receptacle):  cool an object using a receptacle\n"
                    + "  slice (object) with (object):     slice an object using a sharp object\n";

    private static final String HELP_GRAMMAR =
            "\n\naction help {\n"
                    + "    template :: \"help\";\n"
                    + "    feedback :: \""
                    + HELP_TEXT.replace("\n", "\\n")
                    + "\";\n"
                    + "}\n";

    private Logic213() {}

    /** Whether the game already has the 2.1.3 text (a help action and the move template). */
    public static boolean is213(GameFile game) {
        return game.grammar().contains("move {o} to {r}")
                && game.domain().toLowerCase(java.util.Locale.ROOT).contains("(:action help");
    }

    /**
     * Applies ALFWorld's upgrade rules to a 2.1.1 game. A game that already has the help action
     * keeps its domain and grammar additions (applying the patch twice changes nothing more).
     */
    public static GameFile patch(GameFile game) {
        String grammar =
                game.grammar()
                        .replace("You arrive at {lend.name}.", "You arrive at {r.name}.")
                        .replace("put {o} in/on {r}", "move {o} to {r}")
                        .replace(
                                "You put the {o.name} in/on the {r.name}.",
                                "You move the {o.name} to the {r.name}.");
        String domain = game.domain();
        if (!domain.toLowerCase(java.util.Locale.ROOT).contains("(:action help")) {
            int close = domain.lastIndexOf(')');
            if (close < 0) {
                throw new IllegalArgumentException(
                        "The domain of " + game.source() + " has no closing parenthesis.");
            }
            domain = domain.substring(0, close) + HELP_ACTION_PDDL + domain.substring(close);
        }
        if (!grammar.contains("action help")) {
            grammar = grammar + HELP_GRAMMAR;
        }
        return new GameFile(game.source(), domain, grammar, game.problem(), game.solvable());
    }

    /**
     * The game with another logic: the given domain and grammar (e.g. ALFWorld's 2.1.3 {@code
     * alfred.pddl} and {@code alfred.twl2}), with the grammar's {@code UNKNOWN GOAL} replaced by
     * this game's task sentence, as ALFWorld does when it builds game files.
     */
    public static GameFile withLogic(GameFile game, String domain, String grammarTemplate)
            throws MalformedGameException {
        String task = AlfworldGame.compile(game).goalText();
        if (task.endsWith(".")) {
            task = task.substring(0, task.length() - 1);
        }
        return new GameFile(
                game.source(),
                domain,
                grammarTemplate.replace("UNKNOWN GOAL", task),
                game.problem(),
                game.solvable());
    }
}
