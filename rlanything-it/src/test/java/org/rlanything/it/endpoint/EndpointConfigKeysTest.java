package org.rlanything.it.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.cli.Main;
import org.rlanything.openai.provider.OpenAiEndpoint;
import org.rlanything.openai.provider.OpenAiPolicyConfig;
import org.rlanything.openai.provider.OpenAiRewardModelConfig;
import org.rlanything.openai.provider.OpenAiRewriterConfig;
import org.rlanything.run.config.ConfigException;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * The endpoint sections of {@code configs/alfworld-llm.yaml} as the unchanged config loader reads
 * them: the shipped values, command-line overrides of every endpoint key, defaults, and errors
 * naming the key.
 */
class EndpointConfigKeysTest {

    private static final Path CONFIG = Path.of("..", "configs", "alfworld-llm.yaml");

    @Test
    void theShippedConfigNamesVllmsDefaultAddressForBothRoles() {
        RunConfig config = ConfigLoader.load(CONFIG, List.of());
        OpenAiPolicyConfig policy = (OpenAiPolicyConfig) config.policy();
        OpenAiRewardModelConfig judge = (OpenAiRewardModelConfig) config.rewardModel();
        assertEquals("http://localhost:8000/v1", policy.endpoint().baseUrl());
        assertEquals("http://localhost:8000/v1", judge.endpoint().baseUrl());
        assertEquals("", policy.endpoint().apiKeyEnv());
    }

    @Test
    void everyEndpointKeyIsOverriddenFromTheCommandLine() {
        RunConfig config =
                ConfigLoader.load(
                        CONFIG,
                        List.of(
                                "policy.base_url=http://10.0.0.5:30000/v1/",
                                "reward_model.base_url=https://api.example.com/v1",
                                "policy.model=my-policy",
                                "reward_model.model=my-judge",
                                "policy.api_key_env=MY_KEY",
                                "policy.temperature=0.2",
                                "policy.top_p=0.5",
                                "policy.max_tokens=64",
                                "policy.timeout_s=5.5",
                                "policy.max_concurrency=2",
                                "policy.max_retries=0"));
        assertEquals(
                new OpenAiPolicyConfig(
                        new OpenAiEndpoint(
                                "http://10.0.0.5:30000/v1",
                                "my-policy",
                                "MY_KEY",
                                0.2,
                                0.5,
                                64,
                                5.5,
                                2,
                                0,
                                null)),
                config.policy());
        OpenAiRewardModelConfig judge = (OpenAiRewardModelConfig) config.rewardModel();
        assertEquals("https://api.example.com/v1", judge.endpoint().baseUrl());
        assertEquals("my-judge", judge.endpoint().model());
    }

    @Test
    void withoutARewriterSectionTheEnvironmentsRewriterStaysAndNothingIsRecordedForIt() {
        RunConfig config = ConfigLoader.load(CONFIG, List.of());
        assertEquals(null, config.rewriter());
        assertTrue(
                !ConfigLoader.toYaml(config).contains("\nrewriter:"), ConfigLoader.toYaml(config));
        RunConfig endpoint =
                ConfigLoader.load(CONFIG, List.of("rewriter.kind=openai", "rewriter.model=r"));
        assertEquals(
                new OpenAiRewriterConfig(
                        new OpenAiEndpoint(
                                "http://localhost:8000/v1",
                                "r",
                                "",
                                0.8,
                                1.0,
                                8192,
                                120.0,
                                8,
                                4,
                                null)),
                endpoint.rewriter());
        assertEquals(
                endpoint, ConfigLoader.parse(ConfigLoader.toYaml(endpoint), "recorded", List.of()));
        assertTrue(
                ConfigLoader.toYaml(endpoint).contains("\nrewriter:\n  kind: openai\n"),
                ConfigLoader.toYaml(endpoint));
        assertTrue(!ConfigLoader.identityHash(config).equals(ConfigLoader.identityHash(endpoint)));
    }

    @Test
    void absentKeysTakeTheRoleDefaults() {
        RunConfig config =
                ConfigLoader.parse(
                        "policy: {kind: openai, model: p}\nreward_model: {kind: openai,"
                                + " model: j}\nenvironment: {kind: keylock}\n",
                        "inline",
                        List.of());
        assertEquals(
                new OpenAiPolicyConfig(
                        new OpenAiEndpoint(
                                "http://localhost:8000/v1",
                                "p",
                                "",
                                0.8,
                                0.95,
                                2000,
                                120.0,
                                8,
                                4,
                                null)),
                config.policy());
        assertEquals(
                new OpenAiRewardModelConfig(
                        new OpenAiEndpoint(
                                "http://localhost:8000/v1",
                                "j",
                                "",
                                0.8,
                                1.0,
                                4000,
                                120.0,
                                8,
                                4,
                                null)),
                config.rewardModel());
    }

    @Test
    void thePromptWordsAreKeysOfTheSection() {
        RunConfig config =
                ConfigLoader.parse(
                        "policy: {kind: openai, model: p, prompt: {description: a maze,"
                                + " example: go north}}\nenvironment: {kind: keylock}\n",
                        "inline",
                        List.of());
        OpenAiPolicyConfig policy = (OpenAiPolicyConfig) config.policy();
        assertEquals(
                new org.rlanything.openai.PromptText("a maze", null, "go north"),
                policy.endpoint().prompt());
        assertEquals(config, ConfigLoader.parse(ConfigLoader.toYaml(config), "again", List.of()));
    }

    @Test
    void badValuesAreRefusedNamingTheKey() {
        for (String[] bad :
                new String[][] {
                    {"policy.top_p=1.5", "policy.top_p"},
                    {"reward_model.base_url=ftp://host/v1", "reward_model.base_url"},
                    {"policy.api_key_env=sk-abc123", "policy.api_key_env"},
                    {"policy.max_concurrency=0", "policy.max_concurrency"},
                    {"policy.model=", "policy.model"}
                }) {
            ConfigException e =
                    assertThrows(
                            ConfigException.class,
                            () -> ConfigLoader.load(CONFIG, List.of(bad[0])),
                            bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + ": " + e.getMessage());
            // the refusal itself does not repeat a key given in place of a variable's name (the
            // loader's
            // prefix quotes the override as typed, on the user's own terminal)
            String refusal = e.getMessage().substring(e.getMessage().indexOf(bad[1] + ":"));
            assertTrue(
                    !refusal.contains("abc123"),
                    "a mistaken key value is not echoed: " + e.getMessage());
        }
    }

    @Test
    void aSectionWithoutModelIsRefusedBeforeTheRunStarts(@org.junit.jupiter.api.io.TempDir Path dir)
            throws java.io.IOException {
        Path config = dir.resolve("no-model.yaml");
        java.nio.file.Files.writeString(
                config,
                "trainer: {run_dir: "
                        + dir.resolve("run")
                        + "}\n"
                        + "environment: {kind: keylock}\npolicy: {kind: openai}\nreward_model: {kind: openai, model: j}\n");
        StringWriter out = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        "train",
                        "-q",
                        config.toString());
        assertTrue(
                code != 0 && out.toString().contains("policy.model is required"), out.toString());
        assertTrue(
                !java.nio.file.Files.exists(dir.resolve("run/config.yaml")), "nothing was started");
    }

    /**
     * The tool's own code finds the endpoint kinds through the registry. Its tests are not held to
     * this: a test may compare a setting's chat form with what the endpoint kinds send.
     */
    @Test
    void noFileUnderTheCliSourcesNamesTheEndpointKinds() throws java.io.IOException {
        Path src = Path.of("..", "rlanything-cli", "src", "main").toAbsolutePath().normalize();
        assertTrue(java.nio.file.Files.isDirectory(src), src.toString());
        List<String> naming = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(src)) {
            for (Path file :
                    (Iterable<Path>) files.filter(java.nio.file.Files::isRegularFile)::iterator) {
                String text =
                        java.nio.file.Files.readString(
                                        file, java.nio.charset.StandardCharsets.ISO_8859_1)
                                .toLowerCase(java.util.Locale.ROOT);
                for (String word : List.of("openai", "endpoint", "api_key")) {
                    if (text.contains(word)) {
                        naming.add(src.relativize(file) + " names " + word);
                    }
                }
            }
        }
        assertEquals(
                List.of(),
                naming,
                "the registry finds the endpoint kinds; only rlanything-cli/pom.xml names"
                        + " the module, so that the tool's jar has it");
    }
}
