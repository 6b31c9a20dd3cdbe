package org.rlanything.alfworld.command;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldSession;
import org.rlanything.alfworld.world.Verb;
import org.rlanything.core.StepResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything alfworld play GAME}: a person plays at a prompt. Lines are commands; {@code ?}
 * or {@code admissible} lists the admissible commands without taking a step, and so does {@code
 * help} when the game has no help action (2.1.1). Ends at end of input, on a win, or at the step
 * limit.
 */
@Command(
        name = "play",
        mixinStandardHelpOptions = true,
        description =
                "Plays the game at a prompt, reading commands from standard input. Type '?' (or 'help' in a"
                        + " 2.1.1 game) for the admissible commands. Ends at end of input, on a win or at the step limit.")
final class PlayCommand implements Callable<Integer> {

    @Spec private CommandSpec spec;

    @Mixin private GameOptions options;

    @Mixin private MaxStepsOption maxStepsOption;

    @Option(
            names = "--show-admissible",
            description = "List the admissible commands after every step.")
    private boolean showAdmissible;

    @Override
    public Integer call() throws IOException {
        int maxSteps = maxStepsOption.maxSteps();
        AlfworldGame game = options.load();
        AlfworldSession session = AlfworldSession.start(game, maxSteps);
        PrintWriter out = spec.commandLine().getOut();
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        out.println(session.observation());
        if (showAdmissible) {
            listAdmissible(session, out);
        }
        while (!session.done()) {
            out.print("> ");
            out.flush();
            String line = in.readLine();
            if (line == null) {
                out.println();
                out.println(
                        "End of input after " + session.steps() + " steps; the task is not done.");
                out.flush();
                return 0;
            }
            String command = line.strip();
            if (command.equals("?")
                    || command.equals("admissible")
                    || (command.equals("help") && !game.rules().has(Verb.HELP))) {
                listAdmissible(session, out);
                continue;
            }
            StepResult result = session.step(command);
            out.println(result.observation());
            if (command.equals("help") || showAdmissible) {
                listAdmissible(session, out);
            }
        }
        out.println(
                session.won()
                        ? "You won in " + session.steps() + " steps."
                        : "The step limit of " + maxSteps + " is reached; the task is not done.");
        out.flush();
        return 0;
    }

    private static void listAdmissible(AlfworldSession session, PrintWriter out) {
        out.println("Admissible commands:");
        for (String command : session.admissibleActions()) {
            out.println("  " + command);
        }
    }
}
