package org.rlanything.it.kinds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.rlanything.core.Action;
import org.rlanything.core.Checkpointable;
import org.rlanything.core.Payload;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.PolicySample;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.WeightsTransfer;

/** The {@code stepper} policy: a single logit of choosing "up", trained by the policy gradient. */
final class Stepper implements Policy, Checkpointable, WeightsTransfer {

    /** What an action records: whether it was "up". */
    record Choice(boolean up) implements Payload {}

    private final double learningRate;
    private double logit;

    Stepper(StepperConfig config) {
        this.learningRate = config.learningRate();
        this.logit = config.initialLogit();
    }

    private double pUp() {
        return 1 / (1 + Math.exp(-logit));
    }

    @Override
    public List<Action> act(List<PolicyContext> contexts, List<RandomGenerator> rngs) {
        List<Action> actions = new ArrayList<>();
        for (int i = 0; i < contexts.size(); i++) {
            boolean up = rngs.get(i).nextDouble() < pUp();
            String command = up ? "up" : "rest";
            actions.add(
                    new Action(command, command, Math.log(up ? pUp() : 1 - pUp()), new Choice(up)));
        }
        return actions;
    }

    @Override
    public UpdateStats update(List<PolicySample> samples, RandomGenerator rng) {
        double gradient = 0;
        for (PolicySample sample : samples) {
            boolean up = sample.step().action().payload(Choice.class).up();
            gradient += sample.advantage() * ((up ? 1 : 0) - pUp());
        }
        logit += learningRate * gradient / samples.size();
        return new UpdateStats(Map.of("actor/p_up", pUp()));
    }

    @Override
    public void saveTo(Path directory) throws IOException {
        Files.writeString(directory.resolve("logit.txt"), Double.toString(logit));
    }

    @Override
    public void loadFrom(Path directory) throws IOException {
        logit = Double.parseDouble(Files.readString(directory.resolve("logit.txt")).strip());
    }

    @Override
    public VersionedWeights exportWeights() {
        return new VersionedWeights(
                "stepper-logit",
                1,
                Double.toString(logit).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public void importWeights(VersionedWeights weights) {
        weights.require("stepper-logit", 1);
        logit =
                Double.parseDouble(
                        new String(weights.bytes(), java.nio.charset.StandardCharsets.UTF_8));
    }
}
