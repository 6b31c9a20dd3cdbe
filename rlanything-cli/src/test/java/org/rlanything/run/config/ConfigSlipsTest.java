package org.rlanything.run.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * Issue 27, finding 11 (configs): slips YAML or the shell would turn silently into another value
 * are refused naming the file and line or the override: an explicit tag, a comment in an override,
 * a number where a text is expected, an alias; an empty recorded config.yaml is not all defaults.
 */
class ConfigSlipsTest {

    @TempDir Path dir;

    private String error(String yaml, String... overrides) throws IOException {
        Path file = dir.resolve("run.yaml");
        Files.writeString(file, yaml);
        return assertThrows(
                        ConfigException.class, () -> ConfigLoader.load(file, List.of(overrides)))
                .getMessage();
    }

    @Test
    void anExplicitTagIsRefusedNamingTheLineAndKey() throws IOException {
        String message = error("policy:\n  kind: tabular\n  learning_rate: !!float \"1\"\n");
        assertTrue(
                message.contains("run.yaml, line 3: policy.learning_rate: a YAML tag (!!float)"),
                message);
    }

    @Test
    void aCommentInAnOverrideIsRefused() throws IOException {
        String message = error("{}\n", "trainer.iterations=2 # c");
        assertTrue(
                message.startsWith("Command-line override 'trainer.iterations=2 # c'")
                        && message.contains("comment"),
                message);
        assertEquals(
                "a#b",
                ConfigLoader.load(
                                Files.writeString(dir.resolve("ok.yaml"), "{}\n"),
                                List.of("trainer.run_dir=a#b"))
                        .trainer()
                        .runDir(),
                "a '#' inside a word is no comment");
    }

    @Test
    void aNumberWhereATextIsExpectedIsRefused() throws IOException {
        String message = error("trainer:\n  run_dir: 5\n");
        assertTrue(message.contains("line 2: trainer.run_dir: expected a text"), message);
        String override = error("{}\n", "trainer.run_dir=5");
        assertTrue(override.startsWith("Command-line override 'trainer.run_dir=5'"), override);
        assertEquals(
                "5",
                ConfigLoader.load(
                                Files.writeString(
                                        dir.resolve("quoted.yaml"), "trainer:\n  run_dir: '5'\n"),
                                List.of())
                        .trainer()
                        .runDir());
    }

    @Test
    void aFloat16BaseWithoutLoraOrAnUnknownDtypeIsRefusedNamingTheKey() throws IOException {
        String noLora = error("policy:\n  kind: neural\n  base_dtype: f16\n");
        assertTrue(
                noLora.contains("policy.base_dtype") && noLora.contains("lora_rank > 0"), noLora);
        String unknown =
                error("reward_model:\n  kind: neural\n  lora_rank: 4\n  base_dtype: bf16\n");
        assertTrue(
                unknown.contains("reward_model.base_dtype")
                        && unknown.contains("expected \"f32\" or \"f16\""),
                unknown);
    }

    @Test
    void anAliasIsRefusedNamingItInsteadOfAWrongType() throws IOException {
        String message =
                error(
                        "policy:\n  kind: tabular\n  learning_rate: &lr 2.0\n"
                                + "reward_model:\n  kind: tabular\n  learning_rate: *lr\n");
        assertTrue(
                message.contains("line 6: reward_model.learning_rate: a YAML alias (*lr)"),
                message);
    }

    @Test
    void anEmptyRecordedConfigIsRefusedNotReadAsDefaults() throws IOException {
        Path run = dir.resolve("run");
        Files.createDirectories(run.resolve("checkpoints"));
        Files.writeString(run.resolve("config.yaml"), "");
        Files.writeString(
                run.resolve("run.json"),
                "{\"format\": \"rlanything-run/1\", \"newest_checkpoint\": null}\n");
        for (String[] command :
                List.of(
                        new String[] {"train", "--resume", run.toString(), "-q"},
                        new String[] {"eval", run.toString()})) {
            StringWriter out = new StringWriter();
            assertEquals(
                    2,
                    Main.run(new PrintWriter(out, true), new PrintWriter(out, true), command),
                    out.toString());
            assertTrue(
                    out.toString().contains(run.resolve("config.yaml") + " is empty"),
                    out.toString());
            assertFalse(out.toString().contains("\tat "), out.toString());
        }
    }
}
