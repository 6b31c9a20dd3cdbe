package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.Section;

/**
 * What every reward-model kind the registry finds promises ({@link RewardModel#judge}), on steps of
 * real rollouts of its rig's policy: one list per request, in order, of exactly {@code m}
 * judgments, each with the verdict its text states ({@link Verdict#parse}, as {@link Judgment}
 * says); the same requests and seeds give the same judgments, and a request judged alone gets what
 * it gets in a batch (its generator is its only randomness).
 */
class RewardModelContractTest {

    /** Verdicts per step (the method's m). */
    private static final int M = 3;

    static Stream<String> kinds() {
        return ContractFixtures.kinds(Section.REWARD_MODEL);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void mVerdictsPerRequestInOrderAndTheSameUnderTheSameSeeds(String kind) throws IOException {
        ContractRun run = ContractFixtures.run(Section.REWARD_MODEL, kind);
        RewardModel judge = run.rewardModel();
        List<JudgeRequest> requests = requests(run);
        List<List<Judgment>> judged = judge.judge(requests, M, rngs(requests.size()));
        assertEquals(requests.size(), judged.size(), kind + ": one list per request");
        for (List<Judgment> judgments : judged) {
            assertEquals(M, judgments.size(), kind + ": m judgments per request");
            for (Judgment judgment : judgments) {
                assertEquals(
                        Verdict.parse(judgment.text()),
                        judgment.verdict(),
                        kind + ": the verdict is the one its text states: " + judgment.text());
            }
        }
        assertEquals(
                texts(judged),
                texts(judge.judge(requests, M, rngs(requests.size()))),
                kind + ": the same requests and seeds");
        int last = requests.size() - 1;
        List<List<Judgment>> alone =
                judge.judge(
                        List.of(requests.get(last)), M, List.of(new SplittableRandom(100 + last)));
        assertEquals(
                texts(judged.subList(last, last + 1)),
                texts(alone),
                kind + ": a request judged alone");
    }

    /** Judge requests for the steps of two rollouts of the rig's policy (at most 4 steps each). */
    private static List<JudgeRequest> requests(ContractRun run) throws IOException {
        EnvironmentParts parts = run.parts();
        List<RolloutRequest> rollouts =
                List.of(
                        new RolloutRequest(parts.tasks().get(0), 0, 31),
                        new RolloutRequest(parts.tasks().get(0), 1, 32));
        List<Trajectory> played =
                run.context().engine().rollOut(rollouts, run.policy(), parts.environment(), 4);
        List<JudgeRequest> requests = new ArrayList<>();
        for (Trajectory trajectory : played) {
            for (int i = 0; i < trajectory.length(); i++) {
                requests.add(new JudgeRequest(trajectory, i));
            }
        }
        assertFalse(requests.isEmpty(), "the rollouts took no step");
        return requests;
    }

    private static List<RandomGenerator> rngs(int n) {
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rngs.add(new SplittableRandom(100 + i));
        }
        return rngs;
    }

    /** Each judgment's text and verdict, by request. */
    private static List<List<String>> texts(List<List<Judgment>> judged) {
        return judged.stream()
                .map(list -> list.stream().map(j -> j.verdict() + " " + j.text()).toList())
                .toList();
    }
}
