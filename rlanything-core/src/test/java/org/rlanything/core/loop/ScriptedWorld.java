package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;

/**
 * Recording fakes for loop-order tests. A {@link ScriptedTask} says how many of its N rollouts win:
 * the policy answers "win" for the first {@code wins} rollouts of each task and "lose" otherwise;
 * the environment ends a rollout at "win" (won) or after two "lose" steps (failed). Every call is
 * appended to {@link #calls}.
 */
final class ScriptedWorld {

    /** A task whose accuracy is scripted: {@code wins} of the N rollouts succeed. */
    record ScriptedTask(String id, int wins) implements Task {
        @Override
        public String describe() {
            return id + " (" + wins + " wins)";
        }
    }

    final List<String> calls = new ArrayList<>();

    /** Per iteration of a policy update: the samples it got. */
    final List<List<PolicySample>> policyUpdates = new ArrayList<>();

    final List<List<RewardModelSample>> rewardModelUpdates = new ArrayList<>();

    /** The reward model's version (number of updates) seen by each judge call. */
    final List<Integer> judgeVersions = new ArrayList<>();

    int rewardModelVersion;

    /** Rewrites to hand out, by the active task's id: the candidate's wins. */
    final Map<String, Integer> rewrites = new HashMap<>();

    final List<RewriteRequest> rewriteRequests = new ArrayList<>();

    Environment environment() {
        return new Environment() {
            @Override
            public EnvironmentSession start(Task task, RandomGenerator rng) {
                return new EnvironmentSession() {
                    int losses;
                    boolean won;
                    boolean done;

                    @Override
                    public String observation() {
                        return "room";
                    }

                    @Override
                    public List<String> admissibleActions() {
                        return List.of("win", "lose");
                    }

                    @Override
                    public StepResult step(String action) {
                        if (action.equals("win")) {
                            won = true;
                            done = true;
                            return new StepResult("you win", true, true, StepLabel.GOOD);
                        }
                        losses++;
                        done = losses >= 2;
                        return new StepResult("nothing", done, false, StepLabel.BAD);
                    }

                    @Override
                    public boolean done() {
                        return done;
                    }

                    @Override
                    public boolean won() {
                        return won;
                    }
                };
            }
        };
    }

    Policy policy() {
        return new Policy() {
            @Override
            public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
                calls.add("act");
                Map<String, Integer> seen = new HashMap<>();
                List<Action> actions = new ArrayList<>();
                for (PolicyContext context : contexts) {
                    ScriptedTask task = (ScriptedTask) context.task();
                    int position = seen.merge(task.id(), 1, Integer::sum) - 1;
                    // At step 0 contexts arrive in rollout order; later steps only hold losing
                    // rollouts.
                    boolean win = context.stepIndex() == 0 && position < task.wins();
                    String command = win ? "win" : "lose";
                    actions.add(new Action(command, command, Math.log(0.5), null));
                }
                return actions;
            }

            @Override
            public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
                calls.add("update-policy");
                policyUpdates.add(List.copyOf(samples));
                return new UpdateStats(Map.of("pg_loss", 0.5));
            }
        };
    }

    RewardModel rewardModel() {
        return new RewardModel() {
            @Override
            public List<List<Judgment>> judge(
                    List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
                calls.add("judge");
                judgeVersions.add(rewardModelVersion);
                List<List<Judgment>> all = new ArrayList<>();
                for (int r = 0; r < requests.size(); r++) {
                    List<Judgment> judgments = new ArrayList<>();
                    for (int j = 0; j < m; j++) {
                        int draw = rngs.get(r).nextInt(5);
                        Verdict verdict =
                                draw == 0
                                        ? Verdict.INVALID
                                        : draw <= 2 ? Verdict.POSITIVE : Verdict.NEGATIVE;
                        String text =
                                "v"
                                        + rewardModelVersion
                                        + " "
                                        + (verdict == Verdict.INVALID
                                                ? "??"
                                                : "\\boxed{" + verdict.value() + "}");
                        judgments.add(
                                new Judgment(text, verdict, -1.0, new Version(rewardModelVersion)));
                    }
                    all.add(judgments);
                }
                return all;
            }

            @Override
            public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
                calls.add("update-reward-model");
                rewardModelUpdates.add(List.copyOf(samples));
                rewardModelVersion++;
                return new UpdateStats(Map.of("pg_loss", 0.25));
            }
        };
    }

    Rewriter rewriter() {
        return (RewriteRequest request, RandomGenerator rng) -> {
            calls.add("rewrite");
            rewriteRequests.add(request);
            Integer wins = rewrites.get(request.active().id());
            return wins == null
                    ? Optional.empty()
                    : Optional.of(
                            new ScriptedTask(request.active().id() + "+" + request.goal(), wins));
        };
    }

    /** The payload of a scripted judgment: the reward model's version that wrote it. */
    record Version(int value) implements org.rlanything.core.Payload {}
}
