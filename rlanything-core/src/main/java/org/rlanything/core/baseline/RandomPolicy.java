package org.rlanything.core.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.FixedPolicy;
import org.rlanything.core.PolicyContext;

/**
 * A policy that picks one of the admissible commands uniformly at random and learns nothing: the
 * baseline any environment's success rates are read against, and a stand-in that lets a new
 * environment run the whole loop before a model is chosen. It refuses an environment that takes
 * free text (no command to pick).
 */
public final class RandomPolicy implements FixedPolicy {

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        if (contexts.size() != rngs.size()) {
            throw new IllegalArgumentException(
                    contexts.size() + " contexts but " + rngs.size() + " generators.");
        }
        List<Action> actions = new ArrayList<>(contexts.size());
        for (int i = 0; i < contexts.size(); i++) {
            List<String> commands = contexts.get(i).admissibleActions();
            if (commands.isEmpty()) {
                throw new IllegalArgumentException(
                        "policy.kind random picks among the admissible commands, and the"
                                + " environment lists none (it takes free text): choose another"
                                + " policy kind.");
            }
            String command = commands.get(rngs.get(i).nextInt(commands.size()));
            actions.add(new Action(command, command, -Math.log(commands.size()), null));
        }
        return actions;
    }

    @Override
    public String stateFile() {
        return "random-policy.txt";
    }

    @Override
    public String stateWord() {
        return "uniform";
    }
}
