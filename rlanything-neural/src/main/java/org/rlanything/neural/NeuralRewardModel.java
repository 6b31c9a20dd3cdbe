package org.rlanything.neural;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
import org.rlanything.neural.infer.TokenSampler;
import org.rlanything.neural.train.ChoiceSequence;
import org.rlanything.neural.train.PpoSample;
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
    private final boolean scoreVerdicts;

    /** The two replies a scoring judge chooses between: approve, reject. */
    static final List<String> VERDICT_REPLIES = List.of("\\boxed{1}", "\\boxed{-1}");

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
        this(model, format, chatPrompts, sampling, false);
    }

    /**
     * A judge as above whose chat model, when {@code scoreVerdicts}, scores the two verdict replies
     * ({@link #VERDICT_REPLIES}, each followed by the end-of-turn token) after its chat prompt and
     * samples one from the softmax of their log-likelihoods at the sampling temperature (as {@code
     * chat_actions: score} does for the policy's commands); trained as that choice.
     */
    public NeuralRewardModel(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling,
            boolean scoreVerdicts) {
        this.model = model;
        this.format = format;
        this.sampling = sampling;
        this.chat = ChatForm.of(model.tokenizer(), chatPrompts);
        this.scoreVerdicts = scoreVerdicts && chat != null;
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
        if (scoreVerdicts) {
            return scoredVerdicts(prompts, m, rowRngs);
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

    /** Each request's m verdicts sampled among the scored {@link #VERDICT_REPLIES}. */
    private List<List<Judgment>> scoredVerdicts(
            List<NeuralModel.Prompt> prompts, int m, List<RandomGenerator> rowRngs) {
        List<int[]> candidates = new ArrayList<>();
        for (String reply : VERDICT_REPLIES) {
            candidates.add(model.encodeResponse(reply));
        }
        List<int[]> p = new ArrayList<>();
        List<List<int[]>> c = new ArrayList<>();
        for (NeuralModel.Prompt prompt : prompts) {
            p.add(prompt.tokens());
            c.add(candidates);
        }
        List<List<double[]>> scores = model.scoreCandidates(p, c);
        List<List<Judgment>> out = new ArrayList<>();
        for (int i = 0; i < prompts.size(); i++) {
            double[] seq = new double[candidates.size()];
            for (int k = 0; k < seq.length; k++) {
                seq[k] = java.util.Arrays.stream(scores.get(i).get(k)).sum();
            }
            double[] choiceLps = TokenSampler.logSoftmax(seq, sampling.temperature());
            List<Judgment> judgments = new ArrayList<>();
            for (int j = 0; j < m; j++) {
                int choice =
                        TokenSampler.sample(seq, sampling.temperature(), rowRngs.get(i * m + j));
                TokenRecord record =
                        new TokenRecord(
                                prompts.get(i).tokens(),
                                candidates.get(choice),
                                scores.get(i).get(choice),
                                prompts.get(i).truncated(),
                                choiceLps[choice],
                                candidates,
                                choice,
                                sampling.temperature());
                String text = VERDICT_REPLIES.get(choice);
                judgments.add(new Judgment(text, chat.verdict(text), seq[choice], record));
            }
            out.add(judgments);
        }
        return out;
    }

    @Override
    public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
        List<PpoSample> sequences = new ArrayList<>();
        for (RewardModelSample s : samples) {
            sequences.add(sequence(s));
        }
        return model.train(sequences, rng);
    }

    /**
     * {@code example}'s text as a judgment of {@code request}, without a token record: {@link
     * #sequence} renders the request's prompt and encodes the text, as for any judgment whose
     * record is missing. A scoring judge teaches only its two verdict replies.
     */
    @Override
    public Optional<Judgment> teach(JudgeRequest request, Judgment example) {
        if (!example.verdict().isValid()
                || (scoreVerdicts && !VERDICT_REPLIES.contains(example.text()))) {
            return Optional.empty();
        }
        return Optional.of(new Judgment(example.text(), example.verdict(), 0.0, null));
    }

    /** The tokens a sample trains: those recorded when judging, or a re-rendering when absent. */
    PpoSample sequence(RewardModelSample s) {
        if (s.judgment().payload() instanceof TokenRecord record && !record.promptTruncated()) {
            return record.sequence(s.advantage());
        }
        int[] prompt =
                chat == null
                        ? model.promptTokens(format.judgePrompt(s.request()))
                        : model.tokenizer().encode(chat.judgePrompt(s.request()));
        int reply = VERDICT_REPLIES.indexOf(s.judgment().text());
        if (scoreVerdicts && reply >= 0 && s.judgment().payload() == null) { // taught
            List<int[]> candidates = new ArrayList<>();
            for (String r : VERDICT_REPLIES) {
                candidates.add(model.encodeResponse(r));
            }
            return new ChoiceSequence(
                    prompt, candidates, reply, sampling.temperature(), s.advantage());
        }
        return new TrainingSequence(
                prompt, model.encodeResponse(s.judgment().text()), s.advantage());
    }

    public NeuralModel model() {
        return model;
    }
}
