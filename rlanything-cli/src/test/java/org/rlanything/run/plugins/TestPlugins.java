package org.rlanything.run.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/**
 * Plugins compiled and packed at test time from the test resources {@code plugin-src/}, so that
 * none of their classes is on the tool's class path.
 */
final class TestPlugins {

    private TestPlugins() {}

    /**
     * Compiles {@code plugin-src/FILE} for each of {@code files} (such as {@code
     * dial/DialPlugin.java}) against the tool; returns the folder of classes under {@code into}.
     */
    static Path compile(Path into, String... files) throws IOException {
        Path sources = into.resolve("src");
        List<String> args = new ArrayList<>();
        Path classes = Files.createDirectories(into.resolve("classes"));
        args.addAll(
                List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
        for (String file : files) {
            Path target = sources.resolve(file);
            Files.createDirectories(target.getParent());
            try (InputStream in = TestPlugins.class.getResourceAsStream("/plugin-src/" + file)) {
                Files.write(target, in.readAllBytes());
            }
            args.add(target.toString());
        }
        int rc =
                ToolProvider.getSystemJavaCompiler()
                        .run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, rc, "the plugin compiles");
        return classes;
    }

    /** Every file below {@code classes}, by its path there, in name order. */
    static Map<String, byte[]> entries(Path classes) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                entries.put(classes.relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        return entries;
    }

    /** Writes {@code entries} as the jar {@code jar} (with a manifest); returns it. */
    static Path jar(Path jar, Map<String, byte[]> entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        Files.createDirectories(jar.toAbsolutePath().getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (var e : entries.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return jar;
    }
}
