package org.rlanything.openai.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.chat.HouseholdChat;
import org.rlanything.chat.PromptWindow;
import org.rlanything.chat.TaskText;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointJudge;
import org.rlanything.openai.PromptText;
import org.rlanything.openai.TrainingExport;

/**
 * {@code reward_model.kind: openai} in a run: an {@link EndpointJudge} whose update changes nothing
 * but keeps the samples the loop handed it for the iteration's export.
 */
final class OpenAiJudge extends EndpointRole implements RewardModel {

    private final RewardModel judge;
    private final List<RewardModelSample> samples = new ArrayList<>();

    OpenAiJudge(ChatClient client, PromptText text) {
        this(
                client,
                new EndpointJudge(
                        client,
                        new PromptWindow(
                                TaskText::of,
                                HouseholdChat.JUDGE_HISTORY,
                                HouseholdChat.MAX_OBSERVATION_CHARS),
                        text));
    }

    /** Serves {@code judge} (an environment's own endpoint reward model, see EndpointRoles). */
    OpenAiJudge(ChatClient client, RewardModel judge) {
        super(client, "reward_model");
        this.judge = judge;
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        return judge.judge(requests, m, rngs);
    }

    /** Not trained by the loop: keeps the samples for the export and changes nothing. */
    @Override
    public synchronized UpdateStats update(List<RewardModelSample> batch, RandomGenerator rng) {
        samples.addAll(batch);
        return UpdateStats.empty();
    }

    @Override
    synchronized List<String> takeExport(int iteration) {
        List<String> lines =
                judge instanceof EndpointJudge endpoint
                        ? TrainingExport.judgeLines(endpoint, iteration, samples)
                        : null; // an environment's own reward model has no export format yet
        samples.clear();
        return lines;
    }
}
