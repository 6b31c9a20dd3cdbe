package org.rlanything.neural;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.train.TrainingSequence;

/**
 * The core {@link RewardModel} on a {@link NeuralModel}: reads the judge prompt of a step (task,
 * recent history, the step's observation and response, the next observation) and samples a judgment
 * ending in {@code \boxed{1}} or {@code \boxed{-1}}, m times per step, all steps and samples of a
 * call in one batched generation. The verdict is parsed with {@code Verdict.parse}; anything
 * unparseable is {@code INVALID}. Sample j of request i draws from a generator seeded by the j-th
 * {@code nextLong()} of {@code rngs.get(i)}.
 */
public final class NeuralRewardModel implements RewardModel {

    private final NeuralModel model;
    private final PromptFormat format;
    private final SamplingConfig sampling;
    private final ChatForm chat;

    /**
     * A judge on {@code model}: {@code format}'s judge prompt, or for a model with a chat template
     * the household {@link ChatForm} (the endpoint judge's turns, verdict read after any thinking).
     */
    public NeuralRewardModel(NeuralModel model, PromptFormat format, SamplingConfig sampling) {
        this(model, format, ChatForm.HOUSEHOLD, sampling);
    }

    /**
     * A judge on {@code model}: {@code format}'s judge prompt, or for a model with a chat template
     * {@code chatPrompts}'s turns rendered by its template, the reply's verdict read by the same
     * {@code chatPrompts}.
     */
    public NeuralRewardModel(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling) {
        this.model = model;
        this.format = format;
        this.sampling = sampling;
        this.chat = ChatForm.of(model.tokenizer(), chatPrompts);
    }

    @Override
    public List<List<Judgment>> judge(
            List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
        RewardModel.requireOneGeneratorPerRequest(requests, rngs);
        if (m <= 0) {
            throw new IllegalArgumentException("m must be > 0, got " + m + ".");
        }
        List<NeuralModel.Prompt> prompts = new ArrayList<>();
        List<int[]> distinct = new ArrayList<>();
        List<RandomGenerator> rowRngs = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            NeuralModel.Prompt p =
                    chat == null
                            ? model.encodePrompt(format.judgePrompt(requests.get(i)))
                            : model.encodeChatPrompt(chat.judgePrompt(requests.get(i)));
            prompts.add(p);
            distinct.add(p.tokens());
            for (int j = 0; j < m; j++) {
                rowRngs.add(new SplittableRandom(rngs.get(i).nextLong()));
            }
        }
        // the m samples of a step share its prompt, encoded once
        List<Generation> generations = model.generate(distinct, m, rowRngs, sampling);
        List<List<Judgment>> out = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            List<Judgment> judgments = new ArrayList<>();
            for (int j = 0; j < m; j++) {
                Generation g = generations.get(i * m + j);
                TokenRecord record =
                        new TokenRecord(
                                prompts.get(i).tokens(),
                                g.tokens(),
                                g.logProbs(),
                                prompts.get(i).truncated());
                String text = model.decode(g.tokens());
                judgments.add(
                        chat == null
                                ? Judgment.parsed(text, g.logProb(), record)
                                : new Judgment(text, chat.verdict(text), g.logProb(), record));
            }
            out.add(judgments);
        }
        return out;
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        List<TrainingSequence> sequences = new ArrayList<>();
        for (RewardModelSample s : samples) {
            sequences.add(sequence(s));
        }
        return model.train(sequences, rng);
    }

    /** The tokens a sample trains: those recorded when judging, or a re-rendering when absent. */
    TrainingSequence sequence(RewardModelSample s) {
        if (s.judgment().payload() instanceof TokenRecord record && !record.promptTruncated()) {
            return new TrainingSequence(record.prompt(), record.response(), s.advantage());
        }
        int[] prompt =
                chat == null
                        ? model.promptTokens(format.judgePrompt(s.request()))
                        : model.tokenizer().encode(chat.judgePrompt(s.request()));
        return new TrainingSequence(
                prompt, model.encodeResponse(s.judgment().text()), s.advantage());
    }

    public NeuralModel model() {
        return model;
    }
}
