package org.rlanything.run.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rlanything.agent.AlfworldEnvironmentConfig;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.neural.provider.NeuralPolicyConfig;
import org.rlanything.neural.provider.NeuralRewardModelConfig;

/**
 * Finding 0: the effective config a run folder records loads back to the same config, for every
 * shipped config and every environment kind the registry finds (at its defaults and with the neural
 * kinds).
 */
class ConfigRoundTripTest {

    private static Path configs() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("configs"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "the shipped configs/ folder is found above the working directory");
        return dir.resolve("configs");
    }

    private static void roundTrips(RunConfig config, String name) {
        String yaml = ConfigLoader.toYaml(config);
        assertFalse(yaml.contains("!<"), name + ": kinds are keys, not YAML tags:\n" + yaml);
        assertEquals(
                config,
                ConfigLoader.parse(yaml, name + " (effective)", List.of()),
                name + ":\n" + yaml);
    }

    @Test
    void everyShippedConfigLoadsBackToTheSameEffectiveConfig() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(configs())) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path file : files) {
            roundTrips(ConfigLoader.load(file, List.of()), file.toString());
        }
    }

    @Test
    void everyEnvironmentKindLoadsBack() {
        Set<String> kinds = ProviderRegistry.get().environments().all().keySet();
        assertTrue(
                kinds.containsAll(
                        List.of(
                                "keylock",
                                "alfworld",
                                "coding",
                                "coding-mini",
                                "miniwob",
                                "remote",
                                "pddl")),
                "the registry finds the shipped kinds: " + kinds);
        for (String kind : kinds) {
            // at its defaults, and with the neural kinds (any environment has neural models)
            String environment = "environment: {kind: " + kind + "}\n";
            roundTrips(ConfigLoader.parse(environment, kind, List.of()), kind);
            roundTrips(
                    ConfigLoader.parse(
                            environment + "policy: {kind: neural}\nreward_model: {kind: neural}\n",
                            kind + " with the neural kinds",
                            List.of()),
                    kind + " with the neural kinds");
        }
    }

    @Test
    void aRunFolderWrittenWithKindTagsStillLoads() {
        String legacy =
                "trainer:\n  seed: 3\nenvironment: !<alfworld>\n  pool_size: 20\n  pool_offset: 7\n"
                        + "policy: !<neural>\n  learning_rate: 0.001\nreward_model: !<neural>\n  max_tokens: 9\n";
        RunConfig config = ConfigLoader.parse(legacy, "config.yaml", List.of());
        assertEquals(7, ((AlfworldEnvironmentConfig) config.environment()).poolOffset());
        assertEquals(0.001, ((NeuralPolicyConfig) config.policy()).learningRate());
        assertEquals(9, ((NeuralRewardModelConfig) config.rewardModel()).maxTokens());
    }

    @Test
    void theRunIdentityHashIgnoresIterationsAndDefaultsButNotValues() {
        String base =
                "trainer: {seed: 3, iterations: 5}\nenvironment: {kind: keylock, pool_size: 20}\n";
        String hash = ConfigLoader.identityHash(ConfigLoader.parse(base, "a", List.of()));
        assertEquals(
                hash,
                ConfigLoader.identityHash(
                        ConfigLoader.parse(base, "b", List.of("trainer.iterations=50"))),
                "a resume may raise the iterations");
        assertEquals(
                hash,
                ConfigLoader.identityHash(
                        ConfigLoader.parse(base, "c", List.of("algorithm.lambda=1.0"))),
                "a key at its default (as a key added by a later version) does not change the run");
        assertFalse(
                hash.equals(
                        ConfigLoader.identityHash(
                                ConfigLoader.parse(base, "d", List.of("algorithm.lambda=0.5")))),
                "another value is another run");
        assertFalse(
                hash.equals(
                        ConfigLoader.identityHash(
                                ConfigLoader.parse(base, "e", List.of("trainer.seed=4")))));
    }
}
