package org.rlanything.agent;

import java.util.ArrayList;
import java.util.List;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * The tokenizer corpus: environment text of generated games, rendered exactly as the models will
 * read and write it. For each demonstration episode: the policy prompt of every visited state,
 * every admissible command as a policy response, the judge prompt of every executed step, and both
 * warm-start judgments. A function of the demonstrations only (so of the seed), hence
 * deterministic.
 */
public final class AgentCorpus {

    private AgentCorpus() {}

    /** The corpus texts of {@code demos} under {@code format}. */
    public static List<String> texts(PlannerDemonstrations demos, AlfworldPromptFormat format) {
        List<String> out = new ArrayList<>();
        for (PlannerDemonstrations.Target target : demos.targets()) {
            out.add(format.policyPrompt(target.context()));
            for (String command : target.context().admissibleActions()) {
                out.add(format.commandResponse(command));
            }
        }
        for (Trajectory t : demos.trajectories()) {
            for (Step s : t.steps()) {
                out.add(format.judgePrompt(new JudgeRequest(t, s.index())));
                out.add(AlfworldPromptFormat.GOOD_JUDGMENT);
                out.add(AlfworldPromptFormat.BAD_JUDGMENT);
            }
        }
        return out;
    }

    /**
     * A byte-level BPE tokenizer of {@code vocabSize} ids learned from the corpus of {@code demos}.
     */
    public static BpeTokenizer tokenizer(
            PlannerDemonstrations demos, AlfworldPromptFormat format, int vocabSize) {
        return BpeTokenizer.train(texts(demos, format), vocabSize);
    }
}
