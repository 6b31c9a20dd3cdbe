package org.rlanything.coding.sandbox;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a Java program with the JDK's compiler inside this JVM ({@code javax.tools}).
 *
 * <p>Why in-process: a {@code javac} process costs about a second of JVM start-up and warm-up per
 * program; the in-process compiler is warm after the first program and compiles the next ones in a
 * fraction of that. Compiling does not run the program's code (annotation processing is off, {@code
 * -proc:none}), so it needs no sandbox; the compiled classes then run in one.
 */
final class JavaCompilation {

    private static final Pattern PUBLIC_CLASS =
            Pattern.compile("public\\s+(?:final\\s+|abstract\\s+)*class\\s+([A-Za-z_$][\\w$]*)");

    private JavaCompilation() {}

    /** The public class of a source (its file must be named after it), or {@code Main}. */
    static String mainClass(String source) {
        Matcher m = PUBLIC_CLASS.matcher(source);
        String name = "Main";
        // the last public class: in "solution + test" sources the test's Main comes last
        while (m.find()) {
            name = m.group(1);
        }
        return name;
    }

    /** Compiles the source into the folder; returns the compiler's messages when it failed. */
    static Optional<String> compile(String source, String mainClass, Path folder)
            throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException(
                    "this Java runtime has no compiler (javax.tools): run the tool on a JDK, not a"
                            + " JRE");
        }
        Path file = Folders.writeReadable(folder.resolve(mainClass + ".java"), source);
        StringWriter messages = new StringWriter();
        boolean ok;
        try (StandardJavaFileManager files =
                compiler.getStandardFileManager(
                        null, null, java.nio.charset.StandardCharsets.UTF_8)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjects(file);
            List<String> options =
                    List.of(
                            "-d",
                            folder.toString(),
                            "-proc:none",
                            "-nowarn",
                            "-g:none",
                            "-Xlint:none");
            ok = compiler.getTask(messages, files, null, options, null, units).call();
        }
        Files.delete(file);
        try (Stream<Path> classes = Files.list(folder)) {
            for (Path c : classes.toList()) {
                Files.setPosixFilePermissions(c, PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        return ok ? Optional.empty() : Optional.of(messages.toString().strip());
    }
}
