package org.rlanything.openai.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointJudge;
import org.rlanything.openai.TrainingExport;

/**
 * {@code reward_model.kind: openai} in a run: an {@link EndpointJudge} whose update changes nothing
 * but keeps the samples the loop handed it for the iteration's export.
 */
final class OpenAiJudge extends EndpointRole implements RewardModel {

    private final EndpointJudge judge;
    private final List<RewardModelSample> samples = new ArrayList<>();

    OpenAiJudge(ChatClient client) {
        super(client, "reward_model");
        this.judge = new EndpointJudge(client, TaskText::of, 20, 1000);
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
        List<String> lines = TrainingExport.judgeLines(judge, iteration, samples);
        samples.clear();
        return lines;
    }
}
