package org.rlanything.run.plugins;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.rlanything.core.BadInputException;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.core.spi.Provider;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RolloutEngineProvider;
import org.rlanything.core.spi.Section;

/**
 * Checks the providers each plugin jar lists (its {@code META-INF/services} files) before they are
 * installed, so that a broken plugin is one line naming the jar and the class or kind, exit 2, for
 * every command: a listed class that is missing, is no provider, was compiled for a newer Java, or
 * whose static initialiser, constructor, {@code kind()} or {@code section()} throws; a kind (or its
 * settings record, or a rollout engine, or a command) claimed by two jars, or by a jar and the tool
 * itself. Without it {@link java.util.ServiceLoader} failed inside the registry, and every command,
 * {@code --help} included, ended in a stack trace.
 */
final class PluginCheck {

    private static final List<Class<?>> SERVICES =
            List.of(Provider.class, RolloutEngineProvider.class, CommandProvider.class);

    private final ClassLoader loader;

    /** What claims a name: "the tool" or the file name of a jar, by "environment.kind NAME". */
    private final Map<String, String> claimed = new HashMap<>();

    private PluginCheck(ClassLoader loader) {
        this.loader = loader;
    }

    /**
     * Checks {@code jars}, loaded through {@code loader}.
     *
     * @throws BadInputException naming the jar and the class or kind that is wrong
     */
    static void check(List<PluginJar> jars, ClassLoader loader) {
        PluginCheck check = new PluginCheck(loader);
        check.claimBuiltIns();
        for (PluginJar jar : jars) {
            for (Class<?> service : SERVICES) {
                for (String className : listed(jar, service)) {
                    check.provider(jar, service, className);
                }
            }
        }
    }

    /** The kinds, engines and commands of the tool itself. */
    private void claimBuiltIns() {
        ClassLoader own = PluginCheck.class.getClassLoader();
        ProviderRegistry tool = ProviderRegistry.load(own);
        for (Section section : Section.values()) {
            for (String kind : tool.kinds(section)) {
                claimed.put(section.key() + ".kind " + kind, "the tool");
                claimed.put(
                        record(section, tool.section(section).require(kind).configType()),
                        "the tool");
            }
            if (tool.section(section).defaultProvider().isPresent()) {
                claimed.put("the default " + section.key() + ".kind", "the tool");
            }
        }
        tool.engines().forEach(e -> claimed.put("trainer.rollout_engine " + e, "the tool"));
        java.util.ServiceLoader.load(CommandProvider.class, own).stream()
                .map(java.util.ServiceLoader.Provider::type)
                .forEach(c -> claimed.put(commandName(c), "the tool"));
    }

    private void provider(PluginJar jar, Class<?> service, String className) {
        String where = "Plugin " + jar.path() + ": " + className;
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new BadInputException(
                    where
                            + ", listed in META-INF/services/"
                            + service.getName()
                            + ", is not in the jar nor in the tool.");
        } catch (UnsupportedClassVersionError e) {
            throw new BadInputException(
                    where
                            + " was compiled for a newer Java than this one ("
                            + System.getProperty("java.version")
                            + "): "
                            + e.getMessage()
                            + "; build the plugin with --release 17.");
        } catch (LinkageError | RuntimeException e) {
            throw new BadInputException(where + " cannot be loaded (" + describe(e) + ").", e);
        }
        if (!service.isAssignableFrom(type)) {
            throw new BadInputException(
                    where
                            + ", listed in META-INF/services/"
                            + service.getName()
                            + ", does not implement "
                            + service.getSimpleName()
                            + ".");
        }
        Object instance = call(where + "'s constructor", () -> construct(type));
        String name;
        if (instance instanceof Provider<?> provider) {
            Section section = call(where + ".section()", provider::section);
            String kind = call(where + ".kind()", provider::kind);
            if (section == null || kind == null || kind.isBlank()) {
                throw new BadInputException(where + " names no section or kind.");
            }
            name = section.key() + ".kind " + kind;
            claim(jar, className, name);
            // the registry finds a kind by the class of its settings: one record, one kind
            Class<?> settings = call(where + ".configType()", provider::configType);
            if (settings == null) {
                throw new BadInputException(where + " declares no settings record.");
            }
            name = record(section, settings);
            if (call(where + ".isDefault()", provider::isDefault)) {
                claim(jar, className, "the default " + section.key() + ".kind");
            }
        } else if (instance instanceof RolloutEngineProvider engine) {
            name = "trainer.rollout_engine " + call(where + ".name()", engine::name);
        } else {
            name = commandName(type);
        }
        claim(jar, className, name);
    }

    private void claim(PluginJar jar, String className, String name) {
        String file = jar.path().getFileName().toString();
        String before = claimed.putIfAbsent(name, file);
        if (before != null) {
            throw new BadInputException(
                    "Plugin "
                            + jar.path()
                            + ": "
                            + className
                            + " claims "
                            + name
                            + ", which "
                            + (before.equals("the tool")
                                    ? "is built into the tool"
                                    : "the plugin " + before + " claims too")
                            + "; rename it, or remove one of the jars.");
        }
    }

    private static String record(Section section, Class<?> settings) {
        return "the settings record " + settings.getName() + " of " + section.key();
    }

    private static String commandName(Class<?> command) {
        picocli.CommandLine.Command annotation =
                command.getAnnotation(picocli.CommandLine.Command.class);
        return "the command " + (annotation == null ? command.getName() : annotation.name());
    }

    private static Object construct(Class<?> type) throws Exception {
        try {
            return type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (NoSuchMethodException e) {
            throw new BadInputException("has no public constructor without arguments");
        }
    }

    /** Calls plugin code; any failure, an error included, becomes one line naming {@code what}. */
    private static <T> T call(String what, Callable<T> code) {
        try {
            return code.call();
        } catch (BadInputException e) {
            throw new BadInputException(what + " " + e.getMessage() + ".", e);
        } catch (ExceptionInInitializerError e) {
            throw new BadInputException(
                    what + ": the class's static initialiser threw " + describe(e.getCause()) + ".",
                    e);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            throw new BadInputException(what + " threw " + describe(e) + ".", e);
        }
    }

    private static String describe(Throwable e) {
        if (e == null) {
            return "an error";
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** The class names a jar lists for {@code service} (comments and blank lines left out). */
    private static List<String> listed(PluginJar jar, Class<?> service) {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.path().toFile())) {
            JarEntry entry = file.getJarEntry("META-INF/services/" + service.getName());
            if (entry == null) {
                return names;
            }
            try (BufferedReader in =
                    new BufferedReader(
                            new InputStreamReader(
                                    file.getInputStream(entry), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    int comment = line.indexOf('#');
                    String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            }
        } catch (IOException e) {
            throw new BadInputException(
                    "Plugin " + jar.path() + " is not a readable jar (" + e.getMessage() + ").", e);
        }
        return names;
    }
}
