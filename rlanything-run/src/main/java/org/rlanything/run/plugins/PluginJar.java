package org.rlanything.run.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * One plugin jar as a checkpoint's provenance records it.
 *
 * @param path the jar's absolute path
 * @param name its artifact id (from {@code META-INF/maven/.../pom.properties}), else its manifest's
 *     {@code Implementation-Title}, else its file name
 * @param version its version from the same places, {@code unknown} when none is recorded
 * @param sha256 the SHA-256 of the jar file, in hex
 */
public record PluginJar(Path path, String name, String version, String sha256) {

    public PluginJar {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(sha256, "sha256");
    }

    /**
     * Reads {@code jar}'s name, version and hash.
     *
     * @throws IllegalArgumentException naming the file when it is not a readable jar
     */
    public static PluginJar read(Path jar) {
        Path absolute = jar.toAbsolutePath().normalize();
        String name = fileStem(absolute);
        String version = "unknown";
        try (JarFile file = new JarFile(absolute.toFile())) {
            Properties pom = pomProperties(file);
            Manifest manifest = file.getManifest();
            if (pom != null && pom.getProperty("artifactId") != null) {
                name = pom.getProperty("artifactId");
                version = pom.getProperty("version", version);
            } else if (manifest != null) {
                var main = manifest.getMainAttributes();
                name = Objects.requireNonNullElse(main.getValue("Implementation-Title"), name);
                version =
                        Objects.requireNonNullElse(
                                main.getValue("Implementation-Version"), version);
            }
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(
                    "Plugin " + absolute + " is not a readable jar (" + e.getMessage() + ").", e);
        }
        return new PluginJar(absolute, name, version, sha256(absolute));
    }

    /** The single {@code pom.properties} a Maven-built jar holds, or null (none or several). */
    private static Properties pomProperties(JarFile file) throws IOException {
        JarEntry found = null;
        for (JarEntry entry : java.util.Collections.list(file.entries())) {
            if (entry.getName().startsWith("META-INF/maven/")
                    && entry.getName().endsWith("/pom.properties")) {
                if (found != null) {
                    return null; // a shaded jar of several artifacts: no single name
                }
                found = entry;
            }
        }
        if (found == null) {
            return null;
        }
        Properties properties = new Properties();
        try (InputStream in = file.getInputStream(found)) {
            properties.load(in);
        }
        return properties;
    }

    private static String fileStem(Path jar) {
        String file = jar.getFileName().toString();
        return file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
    }

    /** The SHA-256 of a file, in hex. */
    static String sha256(Path file) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK has no SHA-256", e);
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(
                    "Cannot read plugin " + file + " (" + e.getMessage() + ").", e);
        }
    }
}
