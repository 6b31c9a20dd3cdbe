package org.rlanything.run.template;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Writes a ready module for a new environment ({@code rlanything new environment NAME}): a Java
 * plugin (a pom with this project's coordinates and pinned build plugins, the environment and its
 * provider, the services file, a contract test, a config and a README) or, with {@code python}, the
 * same as a Python server (the environment, the SDK, a contract test, a config and a README). The
 * texts are this module's resources {@code rlanything-templates/}, with {@code __NAME__}, {@code
 * __CLASS__}, {@code __PACKAGE__} and {@code __VERSION__} filled in.
 */
public final class EnvironmentTemplate {

    /** A kind name: lower-case letters, digits and hyphens, starting with a letter. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,39}");

    private EnvironmentTemplate() {}

    /**
     * Writes the module of environment {@code name} into {@code folder} (which must not exist or be
     * empty); returns the files written, relative to it.
     *
     * @throws IllegalArgumentException for a bad name or a folder in use
     */
    public static List<Path> write(String name, boolean python, Path folder) throws IOException {
        if (!NAME.matcher(name).matches()) {
            throw new org.rlanything.core.BadInputException(
                    "NAME '"
                            + name
                            + "' must be lower-case letters, digits and hyphens, starting with a"
                            + " letter (it becomes environment.kind), at most 40 characters.");
        }
        String packagePart = name.replace("-", "");
        if (!python && javax.lang.model.SourceVersion.isKeyword(packagePart)) {
            throw new org.rlanything.core.BadInputException(
                    "NAME '"
                            + name
                            + "' is a word of the Java language; the module's package"
                            + " org.example."
                            + packagePart
                            + " would not compile: choose another name.");
        }
        if (!python
                && org.rlanything.core.spi.ProviderRegistry.get()
                        .kinds(org.rlanything.core.spi.Section.ENVIRONMENT)
                        .contains(name)) {
            throw new org.rlanything.core.BadInputException(
                    "NAME '"
                            + name
                            + "' is an environment kind this tool already has; a plugin of that"
                            + " kind would be refused: choose another name.");
        }
        if (Files.exists(folder)) {
            boolean empty;
            try (var entries = Files.list(folder)) {
                empty = Files.isDirectory(folder) && entries.findAny().isEmpty();
            }
            if (!empty) {
                throw new org.rlanything.core.BadInputException(
                        folder + " already exists and is not empty: choose another --dir or NAME.");
            }
        }
        String className = className(name);
        String packageName = "org.example." + packagePart;
        Map<String, String> values = new LinkedHashMap<>();
        values.put("__NAME__", name);
        values.put("__CLASS__", className);
        values.put("__PACKAGE__", packageName);
        values.put("__VERSION__", python ? "" : projectVersion());
        Map<String, String> files = new LinkedHashMap<>(); // target -> template
        if (python) {
            files.put("env.py", "python/env.py.txt");
            files.put("test_env.py", "python/test_env.py.txt");
            files.put("config.yaml", "python/config.yaml.txt");
            files.put("README.md", "python/README.md.txt");
        } else {
            String source = packageName.replace('.', '/') + "/";
            files.put("pom.xml", "java/pom.xml.txt");
            files.put(
                    "src/main/java/" + source + className + "Provider.java",
                    "java/Provider.java.txt");
            files.put(
                    "src/main/java/" + source + className + "Environment.java",
                    "java/Environment.java.txt");
            files.put(
                    "src/main/resources/META-INF/services/org.rlanything.core.spi.Provider",
                    "java/Provider.services.txt");
            files.put(
                    "src/test/java/" + source + className + "ContractTest.java",
                    "java/ContractTest.java.txt");
            files.put("config.yaml", "java/config.yaml.txt");
            files.put("README.md", "java/README.md.txt");
        }
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            String text = resource("/rlanything-templates/" + file.getValue());
            for (Map.Entry<String, String> value : values.entrySet()) {
                text = text.replace(value.getKey(), value.getValue());
            }
            written.add(put(folder, file.getKey(), text));
        }
        if (python) {
            written.add(
                    put(
                            folder,
                            "rlanything_env.py",
                            resource("/rlanything-remote/python/rlanything_env.py")));
        }
        return written;
    }

    /** {@code my-maze} as {@code MyMaze}. */
    static String className(String name) {
        StringBuilder out = new StringBuilder();
        for (String part : name.split("-")) {
            if (!part.isEmpty()) {
                out.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
            }
        }
        return out.toString();
    }

    private static Path put(Path folder, String relative, String text) throws IOException {
        Path file = folder.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return folder.relativize(file);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = EnvironmentTemplate.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("The tool lacks its resource " + name + ".");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** This tool's project version (the version of rlanything-core a plugin compiles against). */
    static String projectVersion() throws IOException {
        try (InputStream in =
                EnvironmentTemplate.class.getResourceAsStream("/rlanything-git.properties")) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                String version = properties.getProperty("git.build.version");
                if (version != null && !version.isBlank()) {
                    return version;
                }
            }
        }
        throw new IllegalStateException(
                "The tool does not know its own version (rlanything-git.properties lacks"
                        + " git.build.version): rebuild it.");
    }
}
