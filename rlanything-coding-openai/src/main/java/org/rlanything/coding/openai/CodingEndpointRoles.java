package org.rlanything.coding.openai;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.rlanything.coding.CodingRewriter;
import org.rlanything.coding.loop.CodingChat;
import org.rlanything.coding.loop.CodingRewriterHook;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Rewriter;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.ChatRequest;
import org.rlanything.openai.ChatResult;
import org.rlanything.openai.EndpointRoles;

/**
 * The coding setting's endpoint roles for the {@code openai} kinds (method.md §7), for Python
 * problems or the stack language ({@link CodingChat}): the policy answers the environment's prompt
 * with a program (for Python problems its last fenced block is the command), the reward model
 * writes one unit test per sample for the task of the request it is given (the judgment's text is
 * the test writer's answer; its verdict is {@link Verdict#INVALID} because a test is not a
 * verdict), and the rewriter is given (for Python problems the {@link CodingRewriter} over the
 * endpoint). None is trained by the loop: {@code update} changes nothing.
 */
public final class CodingEndpointRoles implements EndpointRoles {

    private final CodingChat prompts;
    private final Function<ChatClient, Rewriter> rewriter;

    /**
     * Python problems; the rewriter is the environment's {@link CodingRewriter} over the endpoint.
     */
    public CodingEndpointRoles(CodingRewriterHook rewriting) {
        this(
                CodingChat.PROBLEMS,
                client -> rewriting.over(EndpointCodingModels.rewriterModel(client)));
    }

    /**
     * @param prompts what the roles say and read
     * @param rewriter the rewriter over an endpoint
     */
    public CodingEndpointRoles(CodingChat prompts, Function<ChatClient, Rewriter> rewriter) {
        this.prompts = Objects.requireNonNull(prompts, "prompts");
        this.rewriter = Objects.requireNonNull(rewriter, "rewriter");
    }

    @Override
    public Policy policy(ChatClient client) {
        return new Policy() {
            @Override
            public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
                List<ChatRequest> requests = new ArrayList<>(contexts.size());
                for (int i = 0; i < contexts.size(); i++) {
                    requests.add(
                            new ChatRequest(
                                    prompts.policy(contexts.get(i)), rngs.get(i).nextLong()));
                }
                List<ChatResult> results = client.completeAll(requests, 1);
                List<Action> actions = new ArrayList<>(contexts.size());
                for (int i = 0; i < contexts.size(); i++) {
                    String answer = results.get(i).texts().get(0);
                    actions.add(
                            new Action(
                                    prompts.command(answer, contexts.get(i)), answer, 0.0, null));
                }
                return actions;
            }

            @Override
            public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
                return UpdateStats.empty();
            }
        };
    }

    @Override
    public RewardModel rewardModel(ChatClient client) {
        return new RewardModel() {
            @Override
            public List<List<Judgment>> judge(
                    List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
                List<ChatRequest> chats = new ArrayList<>(requests.size());
                for (int i = 0; i < requests.size(); i++) {
                    chats.add(
                            new ChatRequest(
                                    prompts.judge(requests.get(i)), rngs.get(i).nextLong()));
                }
                List<List<Judgment>> out = new ArrayList<>(requests.size());
                for (ChatResult result : client.completeAll(chats, m)) {
                    List<Judgment> tests = new ArrayList<>(m);
                    for (String text : result.texts()) {
                        tests.add(new Judgment(text, prompts.verdict(text), 0.0, null));
                    }
                    out.add(tests);
                }
                return out;
            }

            @Override
            public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
                return UpdateStats.empty();
            }
        };
    }

    @Override
    public Rewriter rewriter(ChatClient client) {
        return rewriter.apply(client);
    }
}
