package org.rlanything.openai.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.chat.HouseholdChat;
import org.rlanything.chat.PromptWindow;
import org.rlanything.chat.TaskText;
import org.rlanything.core.Action;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointPolicy;
import org.rlanything.openai.PromptText;
import org.rlanything.openai.TrainingExport;

/**
 * {@code policy.kind: openai} in a run: an {@link EndpointPolicy} whose update changes nothing but
 * keeps the samples the loop handed it for the iteration's export.
 */
final class OpenAiPolicy extends EndpointRole implements Policy {

    private final Policy policy;
    private final List<PolicySample> samples = new ArrayList<>();

    OpenAiPolicy(ChatClient client, PromptText text) {
        this(
                client,
                new EndpointPolicy(
                        client,
                        new PromptWindow(
                                TaskText::of,
                                HouseholdChat.POLICY_HISTORY,
                                HouseholdChat.MAX_OBSERVATION_CHARS),
                        text));
    }

    /** Serves {@code policy} (an environment's own endpoint policy, see EndpointRoles). */
    OpenAiPolicy(ChatClient client, Policy policy) {
        super(client, "policy");
        this.policy = policy;
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        return policy.act(contexts, rngs);
    }

    /** Not trained by the loop: keeps the samples for the export and changes nothing. */
    @Override
    public synchronized UpdateStats update(List<PolicySample> batch, RandomGenerator rng) {
        samples.addAll(batch);
        return UpdateStats.empty();
    }

    @Override
    synchronized List<String> takeExport(int iteration) {
        List<String> lines =
                policy instanceof EndpointPolicy endpoint
                        ? TrainingExport.policyLines(endpoint, iteration, samples)
                        : null; // an environment's own policy has no export format yet
        samples.clear();
        return lines;
    }
}
