package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * Every checkpoint's manifest records its provenance: the effective config (the run folder's
 * config.yaml), the git commit, the data manifest's hash and the seed.
 */
class ProvenanceTest {

    @TempDir Path dir;

    @Test
    void eachCheckpointRecordsTheEffectiveConfigTheCommitAndTheSeed() throws IOException {
        Path config = dir.resolve("run.yaml");
        Files.writeString(
                config,
                "trainer: {seed: 31, iterations: 2, evaluate_every: 0}\n"
                        + "environment: {kind: keylock, pool_size: 8}\n");
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out, true),
                        new PrintWriter(out, true),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.run_dir=" + run),
                out.toString());
        for (String iteration : List.of("iter-000001", "iter-000002")) {
            JsonNode provenance =
                    JsonlLog.JSON
                            .readTree(
                                    run.resolve("checkpoints")
                                            .resolve(iteration)
                                            .resolve(CheckpointManifest.FILE)
                                            .toFile())
                            .path("provenance");
            assertEquals(31, provenance.path("seed").asLong(), provenance.toString());
            assertEquals(
                    Files.readString(run.resolve("config.yaml")),
                    provenance.path("effective_config").asText());
            assertTrue(
                    provenance.path("git_commit").asText().matches("[0-9a-f]{40}(-dirty)?|unknown"),
                    provenance.toString());
            assertTrue(
                    List.of(Provenance.GIT_COMMIT_SOURCE, Provenance.GIT_COMMIT_SOURCE_BUILD)
                            .contains(provenance.path("git_commit_source").asText()),
                    provenance.toString());
            assertTrue(
                    provenance.path("data_manifest").isNull(),
                    "key-lock reads no data: " + provenance);
        }
    }

    @Test
    void theBuildRecordsTheCommitForJarsOutsideTheCheckout() {
        // the build writes rlanything-git.properties from the checkout's HEAD
        assertTrue(
                Provenance.buildCommit().matches("[0-9a-f]{40}(-dirty)?"),
                Provenance.buildCommit());
    }

    @Test
    void theDataManifestIsHashedAndAMissingOneIsSaidToBeMissing() throws Exception {
        RunConfig config =
                ConfigLoader.parse(
                        "environment: {kind: keylock, pool_size: 8}\n", "test", List.of());
        RunComponents keyLock = Backends.create(config);
        Path manifest = dir.resolve("manifest.json");
        Files.writeString(manifest, "{\"games\": 48}\n", StandardCharsets.UTF_8);
        String expected =
                HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-256")
                                        .digest(
                                                "{\"games\": 48}\n"
                                                        .getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                expected,
                Provenance.of(config, withManifest(keyLock, manifest)).dataManifestSha256());
        assertEquals(
                "missing",
                Provenance.of(config, withManifest(keyLock, dir.resolve("absent.json")))
                        .dataManifestSha256());
    }

    private static RunComponents withManifest(RunComponents components, Path manifest) {
        EnvironmentParts p = components.parts();
        return new RunComponents(
                new EnvironmentParts(
                        p.kind(),
                        p.name(),
                        p.environment(),
                        p.tasks(),
                        p.codec(),
                        p.rewriter(),
                        p.evaluator(),
                        manifest,
                        p.taskFeedback(),
                        p.hooks()),
                components.policy(),
                components.rewardModel(),
                components.engine());
    }
}
