package org.rlanything.neural;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.PromptFormat;
import org.rlanything.core.Step;
import org.rlanything.core.UpdateStats;
import org.rlanything.neural.infer.Generation;
import org.rlanything.neural.infer.SamplingConfig;
import org.rlanything.neural.infer.TokenSampler;
import org.rlanything.neural.train.ChoiceSequence;
import org.rlanything.neural.train.PpoSample;
import org.rlanything.neural.train.TrainingSequence;

/**
 * The core {@link Policy} on a {@link NeuralModel}.
 *
 * <p><b>Admissible commands listed.</b> Each command's response (see {@link
 * PromptFormat#commandResponse}) plus {@code <eos>} is scored by its sequence log-likelihood after
 * the shared prompt; the prompt is encoded once per step and its key/value cache shared by all
 * candidates (two batched forward passes for all contexts of a call). One command is drawn from the
 * softmax of those log-likelihoods at the sampling temperature with the context's own generator.
 * The update trains the log-probability of that choice under that same softmax ({@link
 * ChoiceSequence}: {@code l_a/τ − logsumexp_b l_b/τ}), so PPO's ratio, clip and KL act on the
 * distribution the action was sampled from; the action's {@code logProb} is the chosen response's
 * sequence log-likelihood l_a.
 *
 * <p><b>Free text</b> (no commands listed): a response is sampled token by token with the KV cache
 * (temperature, top-p, length limit) and the command is read from it by the prompt format.
 *
 * <p>The payload of every action is a {@link TokenRecord} with the exact prompt and response
 * tokens.
 */
public final class NeuralPolicy implements Policy {

    private final NeuralModel model;
    private final PromptFormat format;
    private final SamplingConfig sampling;
    private final ChatForm chat;
    private final boolean scoreCandidates;

    /**
     * A policy on {@code model}; a model with a chat template reads its chat form and writes free
     * text (see {@link #NeuralPolicy(NeuralModel, PromptFormat, SamplingConfig, boolean)}).
     */
    public NeuralPolicy(NeuralModel model, PromptFormat format, SamplingConfig sampling) {
        this(model, format, sampling, false);
    }

    /**
     * A policy on {@code model} whose chat model reads the household chat form ({@link
     * ChatForm#HOUSEHOLD}; see {@link #NeuralPolicy(NeuralModel, PromptFormat, ChatPrompts,
     * SamplingConfig, boolean)}).
     */
    public NeuralPolicy(
            NeuralModel model,
            PromptFormat format,
            SamplingConfig sampling,
            boolean scoreChatCandidates) {
        this(model, format, ChatForm.HOUSEHOLD, sampling, scoreChatCandidates);
    }

    /**
     * A policy on {@code model}. A model without a chat template (the embedded models) reads {@code
     * format}'s prompt and has its listed commands scored. A model with one reads {@code
     * chatPrompts}'s turns rendered by its template ({@link ChatForm}) and writes free text, its
     * command read by the same {@code chatPrompts} (the endpoint kinds' parser); with {@code
     * scoreChatCandidates} it has the listed commands scored after its chat prompt instead (each
     * command as the reply, then the end-of-turn token).
     */
    public NeuralPolicy(
            NeuralModel model,
            PromptFormat format,
            ChatPrompts chatPrompts,
            SamplingConfig sampling,
            boolean scoreChatCandidates) {
        this.model = model;
        this.format = format;
        this.sampling = sampling;
        this.chat = ChatForm.of(model.tokenizer(), chatPrompts);
        this.scoreCandidates = chat == null || scoreChatCandidates;
    }

    private NeuralModel.Prompt prompt(PolicyContext context) {
        return chat == null
                ? model.encodePrompt(format.policyPrompt(context))
                : model.encodeChatPrompt(chat.policyPrompt(context));
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        if (contexts.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    "Got " + contexts.size() + " contexts but " + rngs.size() + " generators.");
        }
        Action[] out = new Action[contexts.size()];
        List<Integer> listed = new ArrayList<>();
        List<Integer> free = new ArrayList<>();
        List<NeuralModel.Prompt> prompts = new ArrayList<>();
        for (int i = 0; i < contexts.size(); i++) {
            prompts.add(prompt(contexts.get(i)));
            boolean scored = scoreCandidates && !contexts.get(i).admissibleActions().isEmpty();
            (scored ? listed : free).add(i);
        }
        ActBatch batch = new ActBatch(contexts, rngs, prompts, out);
        if (!listed.isEmpty()) {
            chooseAmongCommands(batch, listed);
        }
        if (!free.isEmpty()) {
            generateFreeText(batch, free);
        }
        return Arrays.asList(out);
    }

    /**
     * One {@link #act} call: its contexts, their generators and encoded prompts (by row), and the
     * actions chosen so far.
     */
    private record ActBatch(
            List<PolicyContext> contexts,
            List<RandomGenerator> rngs,
            List<NeuralModel.Prompt> prompts,
            Action[] out) {}

    private void chooseAmongCommands(ActBatch batch, List<Integer> rows) {
        List<int[]> p = new ArrayList<>();
        List<List<int[]>> candidates = new ArrayList<>();
        for (int i : rows) {
            p.add(batch.prompts().get(i).tokens());
            List<int[]> c = new ArrayList<>();
            for (String command : batch.contexts().get(i).admissibleActions()) {
                c.add(model.encodeResponse(format.commandResponse(command)));
            }
            candidates.add(c);
        }
        List<List<double[]>> scores = model.scoreCandidates(p, candidates);
        for (int k = 0; k < rows.size(); k++) {
            int i = rows.get(k);
            List<double[]> tokenLps = scores.get(k);
            double[] seq = new double[tokenLps.size()];
            for (int j = 0; j < seq.length; j++) {
                seq[j] = Arrays.stream(tokenLps.get(j)).sum();
            }
            int choice = TokenSampler.sample(seq, sampling.temperature(), batch.rngs().get(i));
            double choiceLp = TokenSampler.logSoftmax(seq, sampling.temperature())[choice];
            String command = batch.contexts().get(i).admissibleActions().get(choice);
            TokenRecord record =
                    new TokenRecord(
                            p.get(k),
                            candidates.get(k).get(choice),
                            tokenLps.get(choice),
                            batch.prompts().get(i).truncated(),
                            choiceLp,
                            candidates.get(k),
                            choice,
                            sampling.temperature());
            batch.out()[i] =
                    new Action(command, format.commandResponse(command), seq[choice], record);
        }
    }

    private void generateFreeText(ActBatch batch, List<Integer> rows) {
        List<int[]> p = new ArrayList<>();
        List<RandomGenerator> r = new ArrayList<>();
        for (int i : rows) {
            p.add(batch.prompts().get(i).tokens());
            r.add(batch.rngs().get(i));
        }
        List<Generation> generations = model.generate(p, r, sampling);
        for (int k = 0; k < rows.size(); k++) {
            int i = rows.get(k);
            Generation g = generations.get(k);
            String text = model.decode(g.tokens());
            TokenRecord record =
                    new TokenRecord(
                            p.get(k), g.tokens(), g.logProbs(), batch.prompts().get(i).truncated());
            String command =
                    chat == null
                            ? format.commandFromText(text)
                            : chat.command(text, batch.contexts().get(i));
            batch.out()[i] = new Action(command, text, g.logProb(), record);
        }
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        List<PpoSample> sequences = new ArrayList<>();
        for (PolicySample s : samples) {
            sequences.add(sequence(s));
        }
        return model.train(sequences, rng);
    }

    /**
     * What a sample trains: the recorded choice among the listed candidates, or the recorded
     * free-text tokens; a re-rendering of the response when nothing usable was recorded.
     */
    PpoSample sequence(PolicySample s) {
        Step step = s.step();
        if (step.action().payload() instanceof TokenRecord record && !record.promptTruncated()) {
            return record.sequence(s.advantage());
        }
        PolicyContext context =
                new PolicyContext(
                        s.trajectory().task(),
                        s.trajectory().steps().subList(0, step.index()),
                        step.observation(),
                        step.admissibleActions());
        int[] prompt =
                chat == null
                        ? model.promptTokens(format.policyPrompt(context))
                        : model.tokenizer().encode(chat.policyPrompt(context));
        int chosen = step.admissibleActions().indexOf(step.action().command());
        if (chosen >= 0 && scoreCandidates) {
            List<int[]> candidates = new ArrayList<>();
            for (String command : step.admissibleActions()) {
                candidates.add(model.encodeResponse(format.commandResponse(command)));
            }
            return new ChoiceSequence(
                    prompt, candidates, chosen, sampling.temperature(), s.advantage());
        }
        return new TrainingSequence(
                prompt, model.encodeResponse(step.action().response()), s.advantage());
    }

    public NeuralModel model() {
        return model;
    }

    public SamplingConfig sampling() {
        return sampling;
    }
}
