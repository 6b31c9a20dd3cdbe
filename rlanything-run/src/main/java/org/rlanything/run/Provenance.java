package org.rlanything.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;
import org.rlanything.run.plugins.PluginJar;
import org.rlanything.run.plugins.Plugins;

/**
 * Where a checkpoint came from, written into its {@code manifest.json} (as Tribuo records a model's
 * provenance): the effective config, the project's git commit, the hash of the data manifest the
 * environment reads, and the seed. The commit is read at run time with {@code git rev-parse HEAD}
 * in the checkout that holds the running jar (with {@code -dirty} when tracked files differ from
 * it); where there is no checkout (a copied jar) it is the commit the jar was built from ({@code
 * rlanything-git.properties}, written by the build), and {@code unknown} when neither is known.
 *
 * @param effectiveConfig the run's config as YAML, every default filled in
 * @param gitCommit the commit, {@code <sha>-dirty}, or {@code unknown}
 * @param dataManifest the data manifest's path, or null when the environment reads no data
 * @param dataManifestSha256 its SHA-256, {@code missing} when the file is absent, or null with no
 *     manifest
 * @param seed the run seed
 * @param plugins every plugin jar the run loaded (name, version, SHA-256), in load order
 */
public record Provenance(
        String effectiveConfig,
        String gitCommit,
        String dataManifest,
        String dataManifestSha256,
        long seed,
        List<PluginJar> plugins) {

    public Provenance {
        plugins = List.copyOf(plugins);
    }

    /** How {@link #gitCommit} was found, recorded beside it: in the jar's checkout at run time. */
    public static final String GIT_COMMIT_SOURCE =
            "git rev-parse HEAD at run time, in the checkout of the jar";

    /** ... or the commit the jar was built from. */
    public static final String GIT_COMMIT_SOURCE_BUILD = "the commit the jar was built from";

    private static volatile String[] commit; // {commit, source}

    /** The provenance of a run of {@code config} with {@code components}. */
    public static Provenance of(RunConfig config, RunComponents components) throws IOException {
        Path manifest = components.dataManifest();
        String hash =
                manifest == null
                        ? null
                        : Files.isRegularFile(manifest)
                                ? CheckpointManifest.sha256(manifest)
                                : "missing";
        return new Provenance(
                ConfigLoader.toYaml(config),
                currentCommit()[0],
                manifest == null ? null : manifest.toAbsolutePath().normalize().toString(),
                hash,
                config.trainer().seed(),
                Plugins.active().jars());
    }

    /** Adds this provenance to a manifest's root object. */
    void writeTo(ObjectNode root) {
        ObjectNode node = root.putObject("provenance");
        node.put("seed", seed);
        node.put("git_commit", gitCommit);
        node.put("git_commit_source", currentCommit()[1]);
        node.put("data_manifest", dataManifest);
        node.put("data_manifest_sha256", dataManifestSha256);
        node.put("effective_config", effectiveConfig);
        var jars = node.putArray("plugins");
        for (PluginJar jar : plugins) {
            jars.addObject()
                    .put("name", jar.name())
                    .put("version", jar.version())
                    .put("sha256", jar.sha256())
                    .put("file", jar.path().getFileName().toString())
                    .put("path", jar.path().toString());
        }
    }

    /**
     * {commit, how it was found}: the checkout's that holds this code, else the build's, else
     * {@code unknown} (read once per process).
     */
    static String[] currentCommit() {
        String[] known = commit;
        if (known == null) {
            String checkout = readCommit();
            known =
                    !checkout.equals("unknown")
                            ? new String[] {checkout, GIT_COMMIT_SOURCE}
                            : new String[] {buildCommit(), GIT_COMMIT_SOURCE_BUILD};
            commit = known;
        }
        return known;
    }

    /**
     * The commit recorded at build time, {@code -dirty} if the tree was; {@code unknown} without
     * one.
     */
    static String buildCommit() {
        try (java.io.InputStream in =
                Provenance.class.getResourceAsStream("/rlanything-git.properties")) {
            if (in == null) {
                return "unknown";
            }
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            String sha = p.getProperty("git.commit.id.full", "");
            if (!sha.matches("[0-9a-f]{40}")) {
                return "unknown";
            }
            return Boolean.parseBoolean(p.getProperty("git.dirty")) ? sha + "-dirty" : sha;
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String readCommit() {
        try {
            Path code =
                    Path.of(
                            Provenance.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            Path dir = Files.isDirectory(code) ? code : code.getParent();
            String sha = git(dir, "rev-parse", "HEAD");
            if (sha == null || !sha.matches("[0-9a-f]{40}")) {
                return "unknown";
            }
            String dirty = git(dir, "status", "--porcelain", "--untracked-files=no");
            return dirty == null || dirty.isEmpty() ? sha : sha + "-dirty";
        } catch (RuntimeException | java.net.URISyntaxException e) {
            return "unknown";
        }
    }

    /**
     * The trimmed output of {@code git -C dir args...}, or null when git fails or takes over 10 s.
     */
    private static String git(Path dir, String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        try {
            Process process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(false)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0
                    ? new String(out, StandardCharsets.UTF_8).strip()
                    : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
