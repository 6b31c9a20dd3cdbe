package org.rlanything.alfworld.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.plan.AlfworldPlanner;
import org.rlanything.alfworld.plan.Plan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything alfworld solve GAME}: plans a shortest win, plays it in the engine and prints
 * one JSON line. Exit code 0 when the plan wins within the step limit, 1 otherwise.
 */
@Command(
        name = "solve",
        mixinStandardHelpOptions = true,
        description =
                "Finds a shortest winning command sequence, plays it in the engine and prints one JSON line"
                        + " with won, steps, plan, goal and timing. Exit code 1 when it does not win.")
final class SolveCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec private CommandSpec spec;

    @Mixin private GameOptions options;

    @Mixin private MaxStepsOption maxStepsOption;

    @Override
    public Integer call() throws JsonProcessingException {
        int maxSteps = maxStepsOption.maxSteps();
        AlfworldGame game = options.load();
        long started = System.nanoTime();
        Optional<Plan> plan = new AlfworldPlanner(game).plan(game.newState());
        double planSeconds = (System.nanoTime() - started) / 1e9;
        ObjectNode line = JSON.createObjectNode();
        line.put("game", options.game.toString());
        line.put("id", game.id());
        line.put("goal", game.goalText());
        boolean won = false;
        int steps = 0;
        ArrayNode commands = line.putArray("plan");
        if (plan.isPresent()) {
            AlfworldSession session = AlfworldSession.start(game, maxSteps);
            for (String command : plan.get().commands()) {
                commands.add(command);
                if (!session.done()) {
                    session.step(command);
                    steps++;
                }
            }
            won = session.won();
        }
        line.put("won", won);
        line.put("steps", steps);
        line.put("plan_found", plan.isPresent());
        line.put("expanded_states", plan.map(Plan::expandedStates).orElse(0));
        line.put("plan_seconds", Math.round(planSeconds * 1e6) / 1e6);
        spec.commandLine().getOut().println(JSON.writeValueAsString(line));
        spec.commandLine().getOut().flush();
        return won ? 0 : 1;
    }
}
