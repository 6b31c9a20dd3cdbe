package org.rlanything.alfworld.rewrite;

import java.util.List;
import java.util.OptionalInt;
import org.rlanything.alfworld.GameFile;
import org.rlanything.alfworld.gen.AlfredLogic;
import org.rlanything.alfworld.gen.PlanOracle;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.SceneWriter;
import org.rlanything.core.Verification;

/**
 * "Verification before trying" for ALFWorld (method.md §5): a candidate is valid when its goal
 * obeys the {@link GoalConstraints type constraints} and the planner wins it in at least one and at
 * most {@link #maxSteps()} commands. This is the check an ALFWorld {@code Environment.verify}
 * applies.
 */
public final class CandidateVerifier {

    private final AlfredLogic logic;
    private final SceneWriter writer;
    private final PlanOracle oracle;
    private final int maxSteps;

    public CandidateVerifier(
            AlfredLogic logic, SceneWriter writer, PlanOracle oracle, int maxSteps) {
        if (maxSteps < 1) {
            throw new IllegalArgumentException(
                    "The verification step limit (" + maxSteps + ") must be at least 1.");
        }
        this.logic = logic;
        this.writer = writer;
        this.oracle = oracle;
        this.maxSteps = maxSteps;
    }

    public int maxSteps() {
        return maxSteps;
    }

    /** The game file of a scene, as the verifier would check and the rewriter would propose it. */
    public GameFile gameFile(Scene scene) {
        return logic.gameFile(scene, writer);
    }

    /**
     * The outcome of checking {@code scene}: its file and optimal plan length, or why it was
     * rejected.
     */
    public Outcome check(Scene scene) {
        List<String> violations = GoalConstraints.violations(scene);
        if (!violations.isEmpty()) {
            return new Outcome(Verification.rejected(String.join(" ", violations)), null, -1);
        }
        GameFile file = gameFile(scene);
        OptionalInt steps = oracle.shortestWin(file, maxSteps);
        if (steps.isEmpty()) {
            return new Outcome(
                    Verification.rejected(
                            "The planner finds no win within "
                                    + maxSteps
                                    + " commands for '"
                                    + scene.goal().text()
                                    + "'."),
                    file,
                    -1);
        }
        if (steps.getAsInt() < 1) {
            return new Outcome(
                    Verification.rejected(
                            "The goal '" + scene.goal().text() + "' is met before any command."),
                    file,
                    0);
        }
        return new Outcome(Verification.ok(), file, steps.getAsInt());
    }

    /**
     * The difficulty of the active game a rewrite starts from; refused when that game does not
     * verify.
     */
    public Difficulty activeDifficulty(Scene active) {
        Outcome base = check(active);
        if (!base.valid()) {
            throw new IllegalArgumentException(
                    "The active game '"
                            + active.problemName()
                            + "' does not verify: "
                            + base.verification().reason());
        }
        return DifficultyMeter.measure(active, base.optimalSteps());
    }

    /** Only the verdict of {@link #check(Scene)}. */
    public Verification verify(Scene scene) {
        return check(scene).verification();
    }

    /**
     * A checked scene.
     *
     * @param verification the verdict
     * @param file the game file (null when a constraint failed before it was written)
     * @param optimalSteps the shortest winning plan length, or -1 when there is none
     */
    public record Outcome(Verification verification, GameFile file, int optimalSteps) {
        public boolean valid() {
            return verification.valid();
        }
    }
}
