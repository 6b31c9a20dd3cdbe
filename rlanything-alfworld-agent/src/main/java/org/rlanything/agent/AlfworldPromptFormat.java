package org.rlanything.agent;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rlanything.alfworld.AlfworldGame;
import org.rlanything.alfworld.AlfworldTask;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Step;
import org.rlanything.core.Task;

/**
 * The compact ALFWorld prompts of the neural policy and reward model: a small model on two cores
 * reads every prompt token many times per iteration, so the prompt holds what a step needs and
 * nothing else.
 *
 * <p><b>Policy prompt</b> (the response, one admissible command, follows the final {@code >}):
 *
 * <pre>
 * Task: put a clean spatula in drawer.
 * Visited: sinkbasin 1, drawer 3
 * Carrying: spatula 2
 * &gt; go to sinkbasin 1
 * You arrive at sinkbasin 1. On the sinkbasin 1, you see a apple 2, a spatula 2.
 * &gt; take spatula 2 from sinkbasin 1
 * You pick up the spatula 2 from the sinkbasin 1.
 * &gt;
 * </pre>
 *
 * The task sentence; the places visited so far (targets of {@code go to}, most recent last) and the
 * object in hand, both read from the whole history (they summarise what falls out of the window);
 * the last {@code historySteps} commands with the observation that followed each (the last one is
 * the current observation); at the first step, the first observation without the banner, the task
 * sentence and (by default) the list of receptacles, i.e. {@code You are in the middle of a room.}.
 * The policy chooses among the admissible commands by sequence log-likelihood of {@code " " +
 * command}.
 *
 * <p><b>Judge prompt</b> (the judgment follows {@code Judgment:}): the task; the {@link
 * EpisodeSummary} of everything before the step (places not yet visited, most likely first for a
 * goal object still missing; receptacles opened; goal objects sighted and where; what is held and
 * its state); the last {@code judgeHistorySteps} earlier steps as far as they fit {@code
 * judgeMaxChars}; the judged command with what the summary says about its target ({@link
 * EpisodeSummary#about}); the observation that followed; and where the step stands (its number and
 * how many commands were admissible). The reference's judge reads the policy's whole prompt; a
 * judge with a 232-token window reads this account of it instead (docs/method.md):
 *
 * <pre>
 * Task: put a clean spatula in drawer.
 * Unvisited: countertop 1, drawer 1, drawer 2, cabinet 1, cabinet 2
 * Seen: spatula 2 at sinkbasin 1
 * Holding: nothing
 * &gt; go to sinkbasin 1
 * You arrive at sinkbasin 1. On the sinkbasin 1, you see a apple 2, a spatula 2.
 * &gt; take spatula 2 from sinkbasin 1 (named in task)
 * Result: You pick up the spatula 2 from the sinkbasin 1.
 * Step 2, 14 options.
 * Judgment:
 * </pre>
 *
 * The judgment is short reasoning and a boxed verdict: {@link #GOOD_JUDGMENT} or {@link
 * #BAD_JUDGMENT} in the warm start's targets.
 *
 * @param historySteps earlier steps shown to the policy (with their observations)
 * @param judgeHistorySteps the most earlier steps shown to the judge before the judged step
 * @param judgeMaxChars the judge's prompt is kept within this many characters by showing fewer
 *     earlier steps (never by cutting the task), so that it fits the judge's window
 * @param judgeSummary whether the judge's prompt opens with the {@link EpisodeSummary} of the whole
 *     history (places left to search, goal objects sighted and where, what is held and its state)
 *     in place of the policy's header (visited places, object carried), and the judged command
 *     carries what that summary says about its target ({@link EpisodeSummary#about})
 * @param placePrior where objects of a type are usually found (the training games' {@link
 *     SearchingExpert.Prior}, the world knowledge a language-model judge brings): the summary lists
 *     unvisited places most likely first; null lists them alphabetically
 * @param roomListing whether the first observation keeps its list of receptacles
 * @param maxVisited how many visited places to list (the most recent ones)
 * @param maxObservationChars observations are cut to this many characters (ending in {@code ...});
 *     the current observation (the last one shown) to twice as many. Long lists and the {@code
 *     help} text would otherwise push the task out of the prompt window.
 */
public record AlfworldPromptFormat(
        int historySteps,
        int judgeHistorySteps,
        boolean roomListing,
        int maxVisited,
        int maxObservationChars,
        int judgeMaxChars,
        boolean judgeSummary,
        SearchingExpert.Prior placePrior)
        implements PromptFormat {

    /** The warm start's target judgment for a step that makes progress. */
    public static final String GOOD_JUDGMENT = " progress \\boxed{1}";

    /** The warm start's target judgment for a step that does not. */
    public static final String BAD_JUDGMENT = " no progress \\boxed{-1}";

    private static final String ROOM = "You are in the middle of a room.";
    private static final String TASK_MARKER = "Your task is to: ";

    /**
     * A format whose judge reads the {@link EpisodeSummary} and {@code judgeHistorySteps} earlier
     * steps within {@link #DEFAULT_JUDGE_MAX_CHARS} characters, without a place prior.
     */
    public AlfworldPromptFormat(
            int historySteps,
            int judgeHistorySteps,
            boolean roomListing,
            int maxVisited,
            int maxObservationChars) {
        this(
                historySteps,
                judgeHistorySteps,
                roomListing,
                maxVisited,
                maxObservationChars,
                DEFAULT_JUDGE_MAX_CHARS,
                true,
                null);
    }

    /**
     * About 240 tokens of this project's ALFWorld tokenizer: the judge's window less its judgment.
     */
    public static final int DEFAULT_JUDGE_MAX_CHARS = 720;

    public AlfworldPromptFormat {
        if (maxObservationChars < 16) {
            throw new IllegalArgumentException(
                    "maxObservationChars (" + maxObservationChars + ") must be >= 16.");
        }
        if (historySteps < 0 || judgeHistorySteps < 0 || maxVisited < 0) {
            throw new IllegalArgumentException(
                    "historySteps ("
                            + historySteps
                            + "), judgeHistorySteps ("
                            + judgeHistorySteps
                            + ") and maxVisited ("
                            + maxVisited
                            + ") must be >= 0.");
        }
    }

    /** This format with the judge's place prior (null: none). */
    public AlfworldPromptFormat withPlacePrior(SearchingExpert.Prior prior) {
        return new AlfworldPromptFormat(
                historySteps,
                judgeHistorySteps,
                roomListing,
                maxVisited,
                maxObservationChars,
                judgeMaxChars,
                judgeSummary,
                prior);
    }

    /**
     * The layout's settings, without the place prior (which comes from data, see {@link
     * StartingModelsFolder}).
     */
    public String layout() {
        return withPlacePrior(null).toString();
    }

    /**
     * Three steps of history for the policy; for the judge the episode summary and one earlier step
     * (the summary carries the rest; measured before the step annotations, three steps gave the
     * warm-started judge no better accuracy and longer prompts); no room listing, eight visited
     * places, observations cut at 160 characters (the current one at 320).
     */
    public static AlfworldPromptFormat defaults() {
        return new AlfworldPromptFormat(3, 1, false, 8, 160);
    }

    @Override
    public String policyPrompt(PolicyContext context) {
        StringBuilder sb = new StringBuilder(256);
        List<Step> history = context.history();
        header(sb, context.task(), history);
        if (history.isEmpty()) {
            sb.append(cut(firstObservation(context.observation()), 2 * maxObservationChars))
                    .append('\n');
        } else {
            List<Step> shown =
                    history.subList(
                            Math.max(0, history.size() - Math.max(1, historySteps)),
                            history.size());
            for (int i = 0; i < shown.size(); i++) {
                Step s = shown.get(i);
                int limit = i == shown.size() - 1 ? 2 * maxObservationChars : maxObservationChars;
                sb.append("> ")
                        .append(s.action().command())
                        .append('\n')
                        .append(cut(s.nextObservation(), limit))
                        .append('\n');
            }
        }
        return sb.append('>').toString();
    }

    @Override
    public String judgePrompt(JudgeRequest request) {
        List<Step> before = request.trajectory().steps().subList(0, request.stepIndex());
        Step step = request.step();
        EpisodeSummary summary =
                judgeSummary
                        ? EpisodeSummary.of(
                                goal(request.task()),
                                request.trajectory().steps().get(0).observation(),
                                before,
                                placePrior)
                        : null;
        String head = judgeHead(request, before, summary);
        String command = step.action().command();
        if (summary != null) {
            List<String> facts = summary.about(command);
            if (!facts.isEmpty()) {
                command += " (" + String.join(", ", facts) + ")";
            }
        }
        String prompt = "";
        for (int shown = judgeHistorySteps; shown >= 0; shown--) {
            prompt = judgePrompt(head, before, step, command, shown);
            if (prompt.length() <= judgeMaxChars) {
                break;
            }
        }
        return prompt;
    }

    /**
     * The judge prompt's opening lines: the task and the {@link EpisodeSummary} of the steps before
     * the judged one, or the policy's header.
     */
    private String judgeHead(JudgeRequest request, List<Step> before, EpisodeSummary summary) {
        StringBuilder sb = new StringBuilder(256);
        if (summary != null) {
            sb.append("Task: ").append(goal(request.task())).append('\n');
            sb.append(summary.render());
        } else {
            header(sb, request.task(), before);
        }
        return sb.toString();
    }

    /** The judge's prompt with at most {@code shown} earlier steps of the policy's view. */
    private String judgePrompt(
            String head, List<Step> before, Step step, String command, int shown) {
        StringBuilder sb = new StringBuilder(512).append(head);
        if (before.isEmpty() || shown == 0) {
            sb.append(
                            before.isEmpty()
                                    ? cut(firstObservation(step.observation()), maxObservationChars)
                                    : cut(step.observation(), maxObservationChars))
                    .append('\n');
        } else {
            List<Step> visible = before.subList(Math.max(0, before.size() - shown), before.size());
            for (Step s : visible) {
                sb.append("> ")
                        .append(s.action().command())
                        .append('\n')
                        .append(cut(s.nextObservation(), maxObservationChars))
                        .append('\n');
            }
        }
        sb.append("> ").append(command).append('\n');
        sb.append("Result: ")
                .append(cut(step.nextObservation(), 2 * maxObservationChars))
                .append('\n');
        sb.append("Step ")
                .append(step.index() + 1)
                .append(", ")
                .append(step.admissibleActions().size())
                .append(" options.\n");
        return sb.append("Judgment:").toString();
    }

    @Override
    public String commandResponse(String command) {
        return " " + command;
    }

    @Override
    public String commandFromText(String response) {
        return response.strip();
    }

    /** The stripped text, cut to {@code limit} characters with {@code ...} when longer. */
    static String cut(String text, int limit) {
        String t = text.strip();
        return t.length() <= limit ? t : t.substring(0, limit - 3) + "...";
    }

    private void header(StringBuilder sb, Task task, List<Step> history) {
        sb.append("Task: ").append(goal(task)).append('\n');
        List<String> visited = visited(history);
        if (!visited.isEmpty() && maxVisited > 0) {
            sb.append("Visited: ")
                    .append(
                            String.join(
                                    ", ",
                                    visited.subList(
                                            Math.max(0, visited.size() - maxVisited),
                                            visited.size())))
                    .append('\n');
        }
        sb.append("Carrying: ").append(carrying(history)).append('\n');
    }

    /**
     * The task sentence of an ALFWorld task ({@code put a clean spatula in drawer.}), else its
     * description.
     */
    public static String goal(Task task) {
        if (task instanceof AlfworldTask alfworld) {
            String goal = alfworld.game().goalText().strip();
            if (!goal.isEmpty()) {
                return goal;
            }
        }
        return task.describe();
    }

    /**
     * The first observation without banner and task sentence; the room listing only when
     * configured.
     */
    String firstObservation(String observation) {
        String text = AlfworldGame.withoutBanner(observation);
        int task = text.lastIndexOf(TASK_MARKER);
        if (task >= 0) {
            text = text.substring(0, task);
        }
        text = text.strip();
        if (!roomListing && text.startsWith(ROOM)) {
            return ROOM;
        }
        return text;
    }

    /** The distinct targets of {@code go to} commands that arrived, ordered by their last visit. */
    static List<String> visited(List<Step> history) {
        Set<String> order = new LinkedHashSet<>();
        for (Step s : history) {
            String command = s.action().command().strip();
            if (command.startsWith("go to ")
                    && !s.nextObservation().startsWith("Nothing happens")) {
                String place = command.substring("go to ".length());
                order.remove(place);
                order.add(place);
            }
        }
        return new ArrayList<>(order);
    }

    /**
     * The object in hand after {@code history}, read from the game's feedback: {@code You pick up
     * the X from the Y.} picks X up; {@code You move the X to the Y.} (2.1.3) or {@code You put the
     * X in/on the Y.} (2.1.1) puts it down.
     */
    static String carrying(List<Step> history) {
        String held = "nothing";
        for (Step s : history) {
            String obs = s.nextObservation().strip();
            if (obs.startsWith("You pick up the ")) {
                int from = obs.indexOf(" from the ");
                held = from > 0 ? obs.substring("You pick up the ".length(), from) : held;
            } else if (obs.startsWith("You move the ") || obs.startsWith("You put the ")) {
                held = "nothing";
            }
        }
        return held.toLowerCase(Locale.ROOT);
    }
}
