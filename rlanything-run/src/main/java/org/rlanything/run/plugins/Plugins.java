package org.rlanything.run.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rlanything.core.spi.ProviderRegistry;

/**
 * The plugin jars of one command line, and the class loader over them that the provider registry
 * and the command line read. Jars come from, in this order: {@code --plugins PATH} (anywhere on the
 * command line, repeatable), the environment variable {@code RLANYTHING_PLUGINS}, the folder {@code
 * plugins/} beside a config file named on the command line, and, for a run folder named on the
 * command line ({@code train --resume RUN}, {@code eval RUN}), the jars its newest checkpoint
 * recorded, which must still have the SHA-256 recorded (so a resumed run plays the same code). A
 * PATH is a folder (its {@code *.jar} files, sorted by name) or a jar, or several joined by the
 * path separator ({@code :}).
 *
 * <p>Why a class loader and not a longer class path: the folder beside the config is only known
 * once the arguments are read, and a {@link URLClassLoader} whose parent holds the tool lets {@link
 * java.util.ServiceLoader} find the plugins' providers with no change to how the tool is started.
 */
public final class Plugins {

    /** The environment variable naming plugin folders or jars. */
    public static final String ENV = "RLANYTHING_PLUGINS";

    /** The command-line option naming plugin folders or jars. */
    public static final String OPTION = "--plugins";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile Plugins active = new Plugins(List.of(), null);

    private final List<PluginJar> jars;
    private final ClassLoader loader;

    private Plugins(List<PluginJar> jars, ClassLoader loader) {
        this.jars = List.copyOf(jars);
        this.loader = loader;
    }

    /** The plugins of the command line being run (none until {@link #activate}). */
    public static Plugins active() {
        return active;
    }

    private volatile Map<String, PluginJar> classes;

    /**
     * The plugin jar whose code threw {@code failure}: the first stack frame, from the innermost
     * cause outwards, of a class one of the jars holds; empty when no plugin code was running (or
     * no plugin is loaded).
     */
    public java.util.Optional<PluginJar> culprit(Throwable failure) {
        if (jars.isEmpty()) {
            return java.util.Optional.empty();
        }
        Map<String, PluginJar> byClass = classes();
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure; t != null && chain.size() < 20 && !chain.contains(t); ) {
            chain.add(t);
            t = t.getCause();
        }
        java.util.Collections.reverse(chain);
        for (Throwable t : chain) {
            for (StackTraceElement frame : t.getStackTrace()) {
                PluginJar jar = byClass.get(frame.getClassName());
                if (jar != null) {
                    return java.util.Optional.of(jar);
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** Each class of the jars (nested classes included), by its binary name. */
    private Map<String, PluginJar> classes() {
        Map<String, PluginJar> known = classes;
        if (known == null) {
            known = new java.util.HashMap<>();
            for (PluginJar jar : jars) {
                try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.path().toFile())) {
                    for (var entry : java.util.Collections.list(file.entries())) {
                        String name = entry.getName();
                        if (name.endsWith(".class") && !name.startsWith("META-INF/")) {
                            known.putIfAbsent(
                                    name.substring(0, name.length() - 6).replace('/', '.'), jar);
                        }
                    }
                } catch (IOException e) {
                    // read when activated; a jar that changed since names no class
                }
            }
            classes = known;
        }
        return known;
    }

    /** The jars, in the order they were found. */
    public List<PluginJar> jars() {
        return jars;
    }

    /** The class loader that sees the tool and the plugin jars. */
    public ClassLoader loader() {
        return loader == null ? Plugins.class.getClassLoader() : loader;
    }

    /**
     * The command line without its {@code --plugins} options.
     *
     * @throws IllegalArgumentException when {@code --plugins} has no value
     */
    public static String[] withoutOption(String[] args) {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(OPTION)) {
                if (i + 1 >= args.length) {
                    throw new org.rlanything.core.BadInputException(
                            OPTION + " needs a folder or a jar.");
                }
                i++;
            } else if (!args[i].startsWith(OPTION + "=")) {
                rest.add(args[i]);
            }
        }
        return rest.toArray(String[]::new);
    }

    /**
     * Finds the plugin jars of {@code args} and {@code environment} (see the class comment) and
     * makes them the active plugins: the provider registry is installed from them, and the calling
     * thread's context class loader is theirs. With no jar (and none before) nothing changes.
     *
     * @throws IllegalArgumentException naming the option, variable or file that is wrong
     */
    public static Plugins activate(String[] args, Map<String, String> environment) {
        Map<Path, PluginJar> found = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String value = null;
            if (args[i].equals(OPTION) && i + 1 < args.length) {
                value = args[++i];
            } else if (args[i].startsWith(OPTION + "=")) {
                value = args[i].substring(OPTION.length() + 1);
            }
            if (value != null) {
                if (value.isBlank()) {
                    throw new org.rlanything.core.BadInputException(
                            OPTION + " is empty; it needs a folder or a jar.");
                }
                addPaths(found, value, OPTION + " " + value);
            }
        }
        String variable = environment.get(ENV);
        if (variable != null && !variable.isBlank()) {
            addPaths(found, variable, ENV + "=" + variable);
        }
        String[] rest = withoutOption(args);
        // report and review read a run's logs, not its code: a recorded jar need not be there
        boolean codeNeeded =
                java.util.Arrays.stream(rest)
                        .filter(a -> !a.startsWith("-"))
                        .findFirst()
                        .map(command -> !command.equals("report") && !command.equals("review"))
                        .orElse(true);
        for (String arg : rest) {
            if (arg.contains("=") || arg.startsWith("-")) {
                continue;
            }
            Path path = Path.of(arg);
            if (Files.isRegularFile(path) && (arg.endsWith(".yaml") || arg.endsWith(".yml"))) {
                Path beside = path.toAbsolutePath().getParent().resolve("plugins");
                if (Files.isDirectory(beside)) {
                    addFolder(found, beside);
                }
            } else if (Files.isDirectory(path.resolve("checkpoints"))) {
                addRecorded(found, path, codeNeeded);
            }
        }
        List<PluginJar> jars = dropSameContent(found);
        Plugins current = active;
        if (jars.isEmpty() && current.jars.isEmpty()) {
            return current;
        }
        Plugins next =
                jars.isEmpty() ? new Plugins(List.of(), null) : new Plugins(jars, loader(jars));
        PluginCheck.check(jars, next.loader());
        try {
            ProviderRegistry.install(next.loader());
        } catch (RuntimeException | java.util.ServiceConfigurationError | LinkageError e) {
            // what the check above does not foresee, still one line naming the jars
            throw new org.rlanything.core.BadInputException(
                    "The plugins "
                            + jars.stream().map(j -> j.path().toString()).toList()
                            + " cannot be loaded: "
                            + e,
                    e);
        }
        Thread.currentThread().setContextClassLoader(next.loader());
        active = next;
        return next;
    }

    private static void addPaths(Map<Path, PluginJar> found, String value, String source) {
        for (String part : value.split(File.pathSeparator)) {
            if (part.isBlank()) {
                continue;
            }
            Path path = Path.of(part.strip());
            if (Files.isDirectory(path)) {
                addFolder(found, path);
            } else if (Files.isRegularFile(path) && part.endsWith(".jar")) {
                add(found, path);
            } else {
                throw new org.rlanything.core.BadInputException(
                        source
                                + ": "
                                + path
                                + " is neither a folder nor a .jar file (plugins are jars, or"
                                + " folders of jars).");
            }
        }
    }

    private static void addFolder(Map<Path, PluginJar> found, Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .forEach(f -> add(found, f));
        } catch (IOException e) {
            throw new org.rlanything.core.BadInputException(
                    "Cannot list the plugin folder " + folder + " (" + e.getMessage() + ").", e);
        }
    }

    private static void add(Map<Path, PluginJar> found, Path jar) {
        Path key = jar.toAbsolutePath().normalize();
        if (!found.containsKey(key)) {
            found.put(key, PluginJar.read(key));
        }
    }

    /**
     * The plugins the newest checkpoint of run folder {@code run} recorded: each must still be
     * where it was, with the same SHA-256 when {@code required} (a command that runs the run's
     * code); otherwise a jar that is gone or changed is left out.
     */
    private static void addRecorded(Map<Path, PluginJar> found, Path run, boolean required) {
        Path manifest = newestManifest(run.resolve("checkpoints"));
        if (manifest == null) {
            return;
        }
        JsonNode recorded;
        try {
            recorded = JSON.readTree(manifest.toFile()).path("provenance").path("plugins");
        } catch (IOException e) {
            return; // a damaged manifest is reported by the command that reads the checkpoint
        }
        for (JsonNode plugin : recorded) {
            Path jar = Path.of(plugin.path("path").asText());
            String sha = plugin.path("sha256").asText();
            if (!required) {
                try {
                    PluginJar same = Files.isRegularFile(jar) ? PluginJar.read(jar) : null;
                    if (same != null && same.sha256().equals(sha)) {
                        found.putIfAbsent(same.path(), same);
                    }
                } catch (IllegalArgumentException e) {
                    // unreadable: left out, as a jar that is gone
                }
                continue;
            }
            if (!Files.isRegularFile(jar)) {
                throw new org.rlanything.core.BadInputException(
                        manifest
                                + " records the plugin "
                                + jar
                                + ", which is gone: put it back (SHA-256 "
                                + sha
                                + ").");
            }
            PluginJar now = PluginJar.read(jar);
            if (!now.sha256().equals(sha)) {
                throw new org.rlanything.core.BadInputException(
                        manifest
                                + " records the plugin "
                                + jar
                                + " with SHA-256 "
                                + sha
                                + ", but the jar there now has "
                                + now.sha256()
                                + ": a resumed run needs the code it started with.");
            }
            found.putIfAbsent(now.path(), now);
        }
    }

    private static Path newestManifest(Path checkpoints) {
        try (Stream<Path> dirs = Files.list(checkpoints)) {
            return dirs.filter(d -> d.getFileName().toString().matches("iter-\\d{6}"))
                    .map(d -> d.resolve("manifest.json"))
                    .filter(Files::isRegularFile)
                    .max(Path::compareTo)
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** The jars found, a jar found again under another path (same SHA-256) kept once. */
    private static List<PluginJar> dropSameContent(Map<Path, PluginJar> found) {
        Map<String, PluginJar> bySha = new LinkedHashMap<>();
        found.values().forEach(jar -> bySha.putIfAbsent(jar.sha256(), jar));
        return List.copyOf(bySha.values());
    }

    private static ClassLoader loader(List<PluginJar> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).path().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new org.rlanything.core.BadInputException(
                        "Bad plugin path " + jars.get(i).path(), e);
            }
        }
        return new URLClassLoader("rlanything-plugins", urls, Plugins.class.getClassLoader());
    }
}
