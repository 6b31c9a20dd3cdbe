package org.rlanything.alfworld.rewrite;

import java.util.Locale;
import org.rlanything.core.CriticFeedback;

/**
 * What the critic feedback says about where rollouts went wrong, reduced to two shares of the
 * high-risk steps (steps every reward-model verdict rejected): searching ({@code go to}, {@code
 * open}, {@code close}, {@code examine}, {@code look}, {@code inventory}) and manipulating ({@code
 * take}, {@code move}, {@code put}, {@code heat}, {@code cool}, {@code clean}, {@code use}, {@code
 * slice}); plus the share of rollouts that failed.
 *
 * @param failureRate failed rollouts / rollouts
 * @param searchShare share of high-risk steps that were search commands
 * @param manipulationShare share of high-risk steps that were manipulation commands
 */
public record CriticSignals(double failureRate, double searchShare, double manipulationShare) {

    /** The signals of a critic feedback; all zero when every rollout succeeded. */
    public static CriticSignals of(CriticFeedback critic) {
        double failureRate =
                critic.rollouts() == 0 ? 0 : (double) critic.failures().size() / critic.rollouts();
        int search = 0;
        int manipulation = 0;
        int total = 0;
        for (CriticFeedback.FailedRollout failure : critic.failures()) {
            for (CriticFeedback.HighRiskStep step : failure.highRiskSteps()) {
                total++;
                String command = step.command().strip().toLowerCase(Locale.ROOT);
                if (command.startsWith("go to")
                        || command.startsWith("open")
                        || command.startsWith("close")
                        || command.startsWith("examine")
                        || command.startsWith("look")
                        || command.startsWith("inventory")) {
                    search++;
                } else if (command.startsWith("take")
                        || command.startsWith("move")
                        || command.startsWith("put")
                        || command.startsWith("heat")
                        || command.startsWith("cool")
                        || command.startsWith("clean")
                        || command.startsWith("use")
                        || command.startsWith("slice")) {
                    manipulation++;
                }
            }
        }
        return total == 0
                ? new CriticSignals(failureRate, 0, 0)
                : new CriticSignals(
                        failureRate, (double) search / total, (double) manipulation / total);
    }
}
