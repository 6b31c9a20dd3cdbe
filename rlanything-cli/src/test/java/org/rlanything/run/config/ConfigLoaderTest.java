package org.rlanything.run.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rlanything.agent.AlfworldEnvironmentConfig;
import org.rlanything.core.judge.LabelRewardModelConfig;
import org.rlanything.core.loop.Ablation;
import org.rlanything.demo.TabularRewardModelConfig;
import org.rlanything.linear.provider.ElementJudgeConfig;
import org.rlanything.neural.provider.NeuralPolicyConfig;

class ConfigLoaderTest {

    @TempDir Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private String error(String yaml, String... overrides) throws IOException {
        Path file = write(yaml);
        return assertThrows(
                        ConfigException.class, () -> ConfigLoader.load(file, List.of(overrides)))
                .getMessage();
    }

    @Test
    void readsSectionsFillsDefaultsAndAppliesOverrides() throws IOException {
        Path file =
                write(
                        "trainer:\n  iterations: 12\n  seed: 3\nalgorithm:\n  arm: POLICY\n  tasks_per_iteration: 4\n");
        RunConfig config =
                ConfigLoader.load(
                        file, List.of("trainer.iterations=7", "algorithm.policy_band=[0.1, 0.9]"));
        assertEquals(7, config.trainer().iterations());
        assertEquals(3L, config.trainer().seed());
        assertEquals(Ablation.POLICY, config.algorithm().arm());
        assertEquals(4, config.algorithm().tasksPerIteration());
        assertEquals(List.of(0.1, 0.9), config.algorithm().policyBand());
        assertEquals(8, config.algorithm().rolloutsPerTask(), "default");
        assertEquals(12, config.environment().maxSteps(), "default environment");
        // the effective config round-trips
        RunConfig again = ConfigLoader.parse(ConfigLoader.toYaml(config), "effective", List.of());
        assertEquals(config, again);
    }

    @Test
    void anUnknownKeyNamesFileLineKeyAndTheNearestValidName() throws IOException {
        String message = error("trainer:\n  iterations: 3\n  evaluate_evry: 2\n");
        assertTrue(
                message.startsWith(
                        dir.resolve("run.yaml") + ", line 3: trainer.evaluate_evry: unknown key"),
                message);
        assertTrue(message.contains("did you mean 'evaluate_every'?"), message);
        String section = error("algoritm:\n  arm: POLICY\n");
        assertTrue(section.contains("algoritm: unknown key (did you mean 'algorithm'?)"), section);
    }

    @Test
    void aWrongTypeNamesTheKeyAndTheExpectedType() throws IOException {
        String message = error("trainer:\n  iterations: many\n");
        assertTrue(message.contains("line 2: trainer.iterations: expected an integer."), message);
        String fraction = error("trainer:\n  iterations: 2.5\n");
        assertTrue(fraction.contains("trainer.iterations: expected an integer."), fraction);
        String quoted = error("policy:\n  learning_rate: \"0.5\"\n");
        assertTrue(quoted.contains("policy.learning_rate: expected a number."), quoted);
        String arm = error("algorithm:\n  arm: everything\n");
        assertTrue(arm.contains("algorithm.arm: expected one of OUTCOME_ONLY, GRPO, POLICY"), arm);
        String kind = error("environment:\n  kind: minecraft\n");
        assertTrue(
                kind.contains(
                        "environment.kind: unknown kind 'minecraft'; expected one of alfworld, coding, coding-mini, keylock, miniwob"),
                kind);
    }

    @Test
    void anOutOfRangeValueNamesTheKeyAndTheRange() throws IOException {
        String message = error("algorithm:\n  rollouts_per_task: 0\n");
        assertTrue(
                message.contains(
                        "line 2: algorithm.rollouts_per_task: expected an integer from 2 to 1024, got 0."),
                message);
        String band = error("algorithm:\n  reward_model_band: [0.9, 0.1]\n");
        assertTrue(
                band.contains("algorithm.reward_model_band: expected two numbers [low, high]"),
                band);
        String rate = error("reward_model:\n  invalid_rate: 1.5\n");
        assertTrue(
                rate.contains(
                        "reward_model.invalid_rate: expected a number from 0.0 to 0.99, got 1.5."),
                rate);
    }

    @Test
    void overridesAreNamedInTheirErrors() throws IOException {
        String message = error("trainer:\n  iterations: 3\n", "trainer.iterations=-2");
        assertEquals(
                "Command-line override 'trainer.iterations=-2': trainer.iterations: expected an integer from 1"
                        + " to 1000000, got -2.",
                message);
        String unknown = error("{}\n", "trainer.iteratons=5");
        assertTrue(unknown.startsWith("Command-line override 'trainer.iteratons=5'"), unknown);
        assertTrue(unknown.contains("did you mean 'iterations'?"), unknown);
        String malformed = error("{}\n", "trainer.iterations");
        assertTrue(malformed.contains("is not of the form section.key=value"), malformed);
    }

    @Test
    void aMissingFileOrBrokenYamlIsNamed() throws IOException {
        Path missing = dir.resolve("nope.yaml");
        String message =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(missing, List.of()))
                        .getMessage();
        assertEquals("The config file " + missing + " does not exist (or is not a file).", message);
        String broken = error("trainer:\n  iterations: [1, 2\n");
        assertTrue(broken.startsWith(dir.resolve("run.yaml") + ", line "), broken);
        assertTrue(broken.contains("not valid YAML"), broken);
    }

    @Test
    void aConfigExtendsItsBaseKeyByKey() throws IOException {
        Files.writeString(
                dir.resolve("base.yaml"),
                "trainer:\n  seed: 5\n  iterations: 7\nalgorithm:\n  lambda: 0.5\n");
        Files.createDirectories(dir.resolve("arms"));
        Path arm = dir.resolve("arms/policy.yaml");
        Files.writeString(
                arm,
                "extends: ../base.yaml\ntrainer:\n  iterations: 9\nalgorithm:\n  arm: POLICY\n");
        RunConfig config = ConfigLoader.load(arm, List.of("trainer.seed=6"));
        assertEquals(9, config.trainer().iterations());
        assertEquals(6L, config.trainer().seed());
        assertEquals(0.5, config.algorithm().lambda());
        assertEquals(Ablation.POLICY, config.algorithm().arm());
        // an unknown key in the variant is still named with its file and line
        Files.writeString(arm, "extends: ../base.yaml\nalgorithm:\n  armm: POLICY\n");
        String unknown =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(arm, List.of()))
                        .getMessage();
        assertTrue(
                unknown.contains("policy.yaml")
                        && unknown.contains("line 3")
                        && unknown.contains("algorithm.armm")
                        && unknown.contains("arm"),
                unknown);
        Files.writeString(arm, "extends: ../nothere.yaml\n");
        String missing =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(arm, List.of()))
                        .getMessage();
        assertTrue(
                missing.contains("policy.yaml")
                        && missing.contains("'extends'")
                        && missing.contains("nothere.yaml"),
                missing);
        Files.writeString(arm, "extends: policy.yaml\n");
        String cycle =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(arm, List.of()))
                        .getMessage();
        assertTrue(cycle.contains("cannot extend itself"), cycle);
    }

    @Test
    void aVariantNamingAnotherKindReplacesTheBaseSectionWhole() throws IOException {
        Files.writeString(
                dir.resolve("base.yaml"),
                "reward_model:\n  kind: tabular\n  learning_rate: 2.0\n"
                        + "algorithm:\n  lambda: 0.5\n");
        Path label = dir.resolve("label.yaml");
        Files.writeString(
                label,
                "extends: base.yaml\nreward_model:\n  kind: label\n  flip_probability: 0.1\n");
        RunConfig config = ConfigLoader.load(label, List.of());
        assertEquals(new LabelRewardModelConfig(0.1, null), config.rewardModel());
        assertEquals(0.5, config.algorithm().lambda());
        // the same kind still merges key by key
        Files.writeString(
                label, "extends: base.yaml\nreward_model:\n  kind: tabular\n  invalid_rate: 0.0\n");
        assertEquals(
                new TabularRewardModelConfig(2.0, 0.0),
                ConfigLoader.load(label, List.of()).rewardModel());
    }

    @Test
    void aRecordedConfigOfAnEarlierVersionWithNullsLoadsButAUsersNullIsRefused()
            throws IOException {
        Path recorded = dir.resolve("config.yaml");
        Files.writeString(
                recorded,
                "trainer:\n  seed: 3\n  policy_init: null\n  reward_model_init: null\n"
                        + "environment:\n  kind: keylock\n");
        RunConfig config = ConfigLoader.loadRecorded(recorded, List.of());
        assertEquals(3L, config.trainer().seed());
        assertEquals(null, config.trainer().policyInit());
        String refused =
                assertThrows(ConfigException.class, () -> ConfigLoader.load(recorded, List.of()))
                        .getMessage();
        assertTrue(refused.contains("trainer.policy_init") && refused.contains("null"), refused);
    }

    @Test
    void theElementJudgeKindReadsItsKeysAndNamesABadOne() throws IOException {
        RunConfig config =
                ConfigLoader.load(
                        write(
                                "environment:\n  kind: miniwob\nreward_model:\n  kind: element\n"
                                        + "  learning_rate: 0.5\n"),
                        List.of());
        assertEquals(new ElementJudgeConfig(0.5, 1.0), config.rewardModel());
        String bad =
                error(
                        "environment:\n  kind: miniwob\nreward_model:\n  kind: element\n  temperature: 0\n");
        assertTrue(bad.contains("reward_model.temperature"), bad);
    }

    @Test
    void theShippedConfigsLoad() {
        RunConfig demo = ConfigLoader.load(Path.of("..", "configs", "demo.yaml"), List.of());
        assertEquals(40, demo.trainer().iterations());
        RunConfig alfworld =
                ConfigLoader.load(Path.of("..", "configs", "alfworld.yaml"), List.of());
        assertTrue(alfworld.environment() instanceof AlfworldEnvironmentConfig);
        assertTrue(alfworld.policy() instanceof NeuralPolicyConfig);
        assertEquals(3e-4, ((NeuralPolicyConfig) alfworld.policy()).learningRate());
        assertEquals(Ablation.POLICY_REWARD_ENV, alfworld.algorithm().arm());
        AlfworldEnvironmentConfig env = (AlfworldEnvironmentConfig) alfworld.environment();
        assertEquals(512, env.poolSize());
        assertEquals(8, alfworld.algorithm().rewriterSamples());
        assertEquals(org.rlanything.alfworld.rewrite.RewriteOperators.TYPE_SWAP, env.operators());
        RunConfig all =
                ConfigLoader.load(
                        Path.of("..", "configs", "alfworld.yaml"),
                        List.of("environment.rewrite_operators=all"));
        assertEquals(
                org.rlanything.alfworld.rewrite.RewriteOperators.ALL,
                ((AlfworldEnvironmentConfig) all.environment()).operators());
        assertThrows(
                RuntimeException.class,
                () ->
                        ConfigLoader.load(
                                Path.of("..", "configs", "alfworld.yaml"),
                                List.of("environment.rewrite_operators=everything")));
        for (Ablation arm : Ablation.values()) {
            RunConfig variant =
                    ConfigLoader.load(
                            Path.of(
                                    "..",
                                    "configs",
                                    "ablation",
                                    arm.name().toLowerCase(java.util.Locale.ROOT) + ".yaml"),
                            List.of());
            assertEquals(arm, variant.algorithm().arm());
            assertEquals(alfworld.policy(), variant.policy(), arm.name());
            assertEquals(alfworld.environment(), variant.environment(), arm.name());
            assertEquals(
                    alfworld.trainer().iterations(), variant.trainer().iterations(), arm.name());
        }
        RunConfig miniwob = ConfigLoader.load(Path.of("..", "configs", "miniwob.yaml"), List.of());
        assertTrue(miniwob.rewardModel() instanceof ElementJudgeConfig, miniwob.toString());
        assertEquals(Ablation.POLICY_REWARD_ENV, miniwob.algorithm().arm());
        assertEquals(3, miniwob.algorithm().verdictsPerStep());
    }

    /**
     * The algorithm sizes an environment kind declares (its provider's algorithmDefaults) fill the
     * keys a config leaves out; the generic defaults (K 16, N 8, k 8) remain for keys no kind
     * declares, and a config's own value wins.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "'environment: {kind: alfworld}', '', 8, 6, 8",
        "'environment: {kind: keylock}', '', 8, 8, 4",
        "'', '', 8, 8, 4",
        "'environment: {kind: alfworld}', 'algorithm: {tasks_per_iteration: 16, rewriter_samples: 2}', 16, 6, 2",
        "'environment: {kind: keylock, pool_size: 32}', 'algorithm: {rollouts_per_task: 4}', 8, 4, 4"
    })
    void anEnvironmentKindDeclaresItsOwnAlgorithmSizes(
            String environment, String algorithm, int k, int n, int rewrites) {
        RunConfig config =
                ConfigLoader.parse(environment + "\n" + algorithm + "\n", "sizes.yaml", List.of());
        assertEquals(k, config.algorithm().tasksPerIteration());
        assertEquals(n, config.algorithm().rolloutsPerTask());
        assertEquals(rewrites, config.algorithm().rewriterSamples());
    }
}
