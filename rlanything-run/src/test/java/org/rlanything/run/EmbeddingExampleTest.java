package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedding example of docs/architecture.md, as it stands there: compiled with the test class
 * path (this module and the demo's kinds), then run on {@code configs/demo.yaml} for one iteration
 * and resumed to a second, so the example fails here when it stops compiling or stops working.
 */
class EmbeddingExampleTest {

    private static final String MARKER = "<!-- embedding example:";

    @Test
    void theDocumentedExampleCompilesTrainsAndResumesTheDemo(@TempDir Path dir) throws Exception {
        Path root = projectRoot();
        String source = exampleBlock(root.resolve("docs/architecture.md"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        compile(source, classes);
        Path config = root.resolve("configs/demo.yaml");
        Path run = dir.resolve("run");
        try (URLClassLoader loader =
                new URLClassLoader(
                        new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Method train =
                    loader.loadClass("EmbeddedRun")
                            .getDeclaredMethod("train", Path.class, Path.class, int.class);
            train.setAccessible(true);

            train.invoke(null, config, run, 1);
            assertEquals(2, lines(run.resolve("metrics.jsonl")).size(), "iterations 0 and 1");
            assertTrue(
                    Files.isDirectory(run.resolve("checkpoints/iter-000001")),
                    "the first iteration's checkpoint");

            @SuppressWarnings("unchecked")
            Map<String, Double> last = (Map<String, Double>) train.invoke(null, config, run, 2);
            List<String> metrics = lines(run.resolve("metrics.jsonl"));
            assertEquals(3, metrics.size(), "resumed and extended by one iteration: " + metrics);
            assertTrue(metrics.get(2).startsWith("{\"iteration\":2"), metrics.get(2));
            assertTrue(last.containsKey("env/train_success"), "the last metrics: " + last);
            assertTrue(Files.isDirectory(run.resolve("checkpoints/iter-000002")));
        }
    }

    /** The java block after the marker line. */
    private static String exampleBlock(Path doc) throws IOException {
        String text = Files.readString(doc);
        int marker = text.indexOf(MARKER);
        assertTrue(marker >= 0, doc + " has no line starting " + MARKER);
        int open = text.indexOf("```java\n", marker);
        int close = text.indexOf("\n```", open);
        assertTrue(open >= 0 && close > open, doc + ": no ```java block after the marker");
        return text.substring(open + "```java\n".length(), close + 1);
    }

    private static void compile(String source, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        // surefire runs the tests from a manifest-only jar and names the real class path here
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        JavaFileObject file =
                new SimpleJavaFileObject(
                        java.net.URI.create("string:///EmbeddedRun.java"),
                        JavaFileObject.Kind.SOURCE) {
                    @Override
                    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                        return source;
                    }
                };
        try (StandardJavaFileManager files = javac.getStandardFileManager(problems, null, null)) {
            boolean compiled =
                    javac.getTask(
                                    null,
                                    files,
                                    problems,
                                    List.of(
                                            "-classpath",
                                            classPath,
                                            "-d",
                                            classes.toString(),
                                            "--release",
                                            "17"),
                                    null,
                                    List.of(file))
                            .call();
            assertTrue(
                    compiled,
                    "the example of docs/architecture.md does not compile:\n"
                            + problems.getDiagnostics()
                            + "\n"
                            + source);
        }
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file);
    }

    private static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/architecture.md"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no docs/architecture.md above " + Path.of("").toAbsolutePath());
        return dir;
    }
}
