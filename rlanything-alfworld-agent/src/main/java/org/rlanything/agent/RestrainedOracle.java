package org.rlanything.agent;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.plan.Plan;
import org.rlanything.alfworld.world.GameState;
import org.rlanything.core.StepLabel;

/**
 * The step oracle restrained to what the agent has seen (method.md §9): the {@link SearchingExpert
 * searching demonstrator}, which knows only what the episode's observations named plus where
 * objects usually are in the training games ({@link SearchingExpert.Prior}), judges each step. The
 * omniscient planner label calls every search step BAD, because with full knowledge no search is
 * needed; this one calls a step GOOD when the demonstrator, in the agent's place, would have taken
 * it or an equally good one.
 *
 * <p><b>Rule.</b> A step is GOOD when its command is admissible and
 *
 * <ul>
 *   <li>is the demonstrator's own choice; or
 *   <li>while the demonstrator searches, is one it ranks equally ({@link
 *       SearchingExpert.Decision#equallyRanked}): any take of a missing type in sight, any return
 *       to where one was seen, any unvisited receptacle with the best prior score (e.g. any closed
 *       cabinet when cabinets are where the type is usually kept); or
 *   <li>while the demonstrator follows the planner, is an equally short alternative that needs no
 *       more hidden knowledge: the step wins, or the shortest plan after it is exactly one command
 *       shorter and picks up or uses no object the agent had not seen before the step unless the
 *       demonstrator's plan used it too; and, when that plan still needs an unseen object, the step
 *       is not a {@code go to} or {@code open} (heading for hidden objects is the search's
 *       business).
 * </ul>
 *
 * Everything else is BAD, including every step from a state the planner cannot win. Why this rule:
 * it is decided by what the agent could know at the step (its observations and the training prior),
 * never by where the hidden objects turn out to be, so a lucky guess is not GOOD and an unlucky
 * sensible search is not BAD. Its cost is the demonstrator's planner call per step (remembered per
 * state, so the check of an alternative is reused as the next step's decision).
 */
public final class RestrainedOracle {

    private final SearchingExpert.Prior prior;

    public RestrainedOracle(SearchingExpert.Prior prior) {
        this.prior = Objects.requireNonNull(prior, "prior");
    }

    /** A judge for one episode of {@code game}; feed it the initial observation first. */
    public Judge start(AlfworldGame game, String initialObservation) {
        return new Judge(new SearchingExpert(game, prior), initialObservation);
    }

    /** Judges the steps of one episode, remembering what the agent has seen and done. */
    public static final class Judge {
        private final SearchingExpert expert;
        private final SearchingExpert.Episode memory;
        private SearchingExpert.Decision decision;

        private Judge(SearchingExpert expert, String initialObservation) {
            this.expert = expert;
            this.memory = expert.start();
            memory.observe(initialObservation);
        }

        /** Call before a step: what the demonstrator would do in {@code state}. */
        public void before(GameState state, List<String> admissible) {
            decision = memory.decide(state, admissible).orElse(null);
        }

        /**
         * Call after the step: the label of {@code command} taken from the state given to {@link
         * #before}, leading to {@code after} ({@code admissible}: whether the environment accepted
         * it). Then the judge remembers the command and its feedback.
         */
        public StepLabel label(
                GameState before,
                String command,
                boolean admissible,
                GameState after,
                boolean won,
                String feedback) {
            StepLabel label =
                    admissible && decision != null && good(before, command, after, won)
                            ? StepLabel.GOOD
                            : StepLabel.BAD;
            if (admissible) {
                memory.executed(command);
            }
            memory.observe(feedback);
            decision = null;
            return label;
        }

        private boolean good(GameState before, String command, GameState after, boolean won) {
            if (command.equals(decision.command())) {
                return true;
            }
            if (!decision.followsPlan()) {
                return decision.equallyRanked().contains(command);
            }
            if (won) {
                return true;
            }
            if (!decision.unseen().isEmpty()
                    && (command.startsWith("go to ") || command.startsWith("open "))) {
                return false;
            }
            Optional<Plan> next = expert.plan(after);
            if (next.isEmpty() || next.get().length() != decision.planLength() - 1) {
                return false;
            }
            for (String c : next.get().commands()) {
                String object = SearchingExpert.usedObject(c);
                if (object != null
                        && !memory.knows(object, before)
                        && !decision.unseen().contains(object)) {
                    return false;
                }
            }
            return true;
        }
    }
}
