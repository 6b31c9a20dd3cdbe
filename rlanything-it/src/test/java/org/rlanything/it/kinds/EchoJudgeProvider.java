package org.rlanything.it.kinds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.StepLabel;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verdict;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.RewardModelProvider;
import org.rlanything.core.spi.RunContext;

/** {@code reward_model.kind: echo_judge}, registered by this test module's services file alone. */
public final class EchoJudgeProvider implements RewardModelProvider<EchoJudgeConfig> {

    @Override
    public String kind() {
        return "echo_judge";
    }

    @Override
    public Class<EchoJudgeConfig> configType() {
        return EchoJudgeConfig.class;
    }

    @Override
    public EchoJudgeConfig defaults() {
        return new EchoJudgeConfig(null);
    }

    @Override
    public RewardModel create(
            EchoJudgeConfig config, RunContext context, EnvironmentParts environment) {
        return new EchoJudge(config.noise());
    }

    /** The judge: a noisy echo of the step's label; it does not learn. */
    static final class EchoJudge implements RewardModel, Checkpointable {
        private final double noise;

        EchoJudge(double noise) {
            this.noise = noise;
        }

        @Override
        public List<List<Judgment>> judge(
                List<JudgeRequest> requests, int m, List<RandomGenerator> rngs) {
            List<List<Judgment>> out = new ArrayList<>();
            for (int i = 0; i < requests.size(); i++) {
                JudgeRequest request = requests.get(i);
                boolean good =
                        request.trajectory().steps().get(request.stepIndex()).label()
                                == StepLabel.GOOD;
                List<Judgment> judgments = new ArrayList<>();
                for (int k = 0; k < m; k++) {
                    boolean says = rngs.get(i).nextDouble() < noise ? !good : good;
                    judgments.add(
                            new Judgment(
                                    "echo \\boxed{" + (says ? "1" : "-1") + "}",
                                    says ? Verdict.POSITIVE : Verdict.NEGATIVE,
                                    0.0,
                                    null));
                }
                out.add(judgments);
            }
            return out;
        }

        @Override
        public UpdateStats update(List<RewardModelSample> samples, RandomGenerator rng) {
            return UpdateStats.empty();
        }

        @Override
        public void saveTo(Path directory) throws IOException {
            Files.writeString(directory.resolve("echo.txt"), Double.toString(noise));
        }

        @Override
        public void loadFrom(Path directory) throws IOException {
            Files.readString(directory.resolve("echo.txt"));
        }
    }
}
