package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository's documentation holds together: every relative link in {@code README.md}, the
 * module READMEs and {@code docs/**}{@code /*.md} names a file or folder that exists in the
 * repository (and, when it names a heading of a markdown file, a heading that file has), the README
 * stays a front page (at most 250 lines), and the docs cite the method as {@code docs/method.md},
 * not as a file outside the repository.
 */
class DocsLinksTest {

    /** The front page's limit (issue 28): the rest belongs in {@code docs/}. */
    private static final int README_MAX_LINES = 250;

    /**
     * An inline link or image, {@code [text](target "title")}: the target is the text up to the
     * first space or closing parenthesis (markdown targets with spaces must be written as {@code
     * %20} or in angle brackets, which this project does not use).
     */
    private static final Pattern INLINE = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]*)>?");

    /** A reference definition at the start of a line, {@code [id]: target}. */
    private static final Pattern REFERENCE =
            Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:\\s*<?([^\\s>]+)>?");

    /** A URI scheme ({@code https:}, {@code mailto:}): not a file of the repository. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    /** An ATX heading, {@code ## Text}. */
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkResolvesInTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path file : documents(root)) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            for (String target : relativeTargets(text, true)) {
                checked++;
                Path resolved = resolve(root, file, target);
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(root.relativize(file) + ": " + target);
                    continue;
                }
                int hash = target.indexOf('#');
                if (hash >= 0
                        && resolved.toString().endsWith(".md")
                        && Files.isRegularFile(resolved)) {
                    String anchor =
                            URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
                    if (!anchors(Files.readString(resolved, StandardCharsets.UTF_8))
                            .contains(anchor)) {
                        broken.add(root.relativize(file) + ": " + target + " (no such heading)");
                    }
                }
            }
        }
        assertTrue(checked > 0, "no relative links found under " + root);
        assertEquals(List.of(), broken, "links that do not resolve in the repository");
    }

    @Test
    void readmeIsAFrontPage() throws IOException {
        long lines = Files.readAllLines(repositoryRoot().resolve("README.md")).size();
        assertTrue(
                lines <= README_MAX_LINES,
                "README.md has "
                        + lines
                        + " lines; at most "
                        + README_MAX_LINES
                        + ": move the rest into docs/.");
    }

    @Test
    void docsCiteTheMethodInsideTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> outside = new ArrayList<>();
        for (Path file : documents(root)) {
            if (Files.readString(file, StandardCharsets.UTF_8).contains("shared/docs/")) {
                outside.add(root.relativize(file).toString());
            }
        }
        assertEquals(
                List.of(),
                outside,
                "cite docs/method.md (in the repository), not shared/docs/ (outside it)");
    }

    /** The parser itself: links found, code and external addresses left alone. */
    @Test
    void relativeTargetsSkipCodeAnchorsAndAddresses() {
        String text =
                String.join(
                        "\n",
                        "See [the config](docs/config.md#trainer) and ![chart](img/a.png \"t\").",
                        "An [address](https://example.org/x) and an [anchor](#top).",
                        "Code `[not](a-link.md)` stays code.",
                        "```",
                        "[also](not-a-link.md)",
                        "```",
                        "[ref]: ../other.md",
                        "[mail](mailto:someone@example.org) [spaced]( docs/run-folder.md )");
        assertEquals(
                List.of("docs/config.md#trainer", "img/a.png", "docs/run-folder.md", "../other.md"),
                relativeTargets(text, false));
        assertEquals(
                List.of(
                        "docs/config.md#trainer",
                        "img/a.png",
                        "#top",
                        "docs/run-folder.md",
                        "../other.md"),
                relativeTargets(text, true));
    }

    /** Headings become anchors as GitHub makes them; repeated headings are numbered. */
    @Test
    void anchorsFollowGithubHeadingIds() {
        String text =
                String.join(
                        "\n",
                        "# Config reference",
                        "## `kind: coding-mini`",
                        "## Project rule: won and failed (`algorithm.reward_model_weighting`)",
                        "### Speed on one machine: `rlanything bench cluster`",
                        "## The judge's μ, 3.6× faster ##",
                        "```",
                        "# not a heading",
                        "```",
                        "## Notes",
                        "## Notes");
        assertEquals(
                List.of(
                        "config-reference",
                        "kind-coding-mini",
                        "project-rule-won-and-failed-algorithmreward_model_weighting",
                        "speed-on-one-machine-rlanything-bench-cluster",
                        "the-judges-μ-36-faster",
                        "notes",
                        "notes-1"),
                anchors(text));
    }

    /**
     * The anchors of a markdown file's headings: the heading's text without links' targets,
     * lower-cased, without punctuation and symbols (letters, digits, marks, {@code -} and {@code _}
     * stay), spaces made {@code -}; a repeated anchor gets {@code -1}, {@code -2}, ...
     */
    static List<String> anchors(String markdown) {
        List<String> anchors = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (fenced || !m.matches()) {
                continue;
            }
            String slug =
                    m.group(1)
                            .replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                            .toLowerCase(Locale.ROOT)
                            .replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "")
                            .replace(' ', '-');
            String unique = slug;
            for (int n = 1; anchors.contains(unique); n++) {
                unique = slug + "-" + n;
            }
            anchors.add(unique);
        }
        return anchors;
    }

    /**
     * The link targets of {@code markdown} that point into the file system: fenced blocks and code
     * spans removed first, targets with a scheme left out, and pure anchors ({@code #heading}, in
     * the same file) kept only when {@code withAnchors}.
     */
    static List<String> relativeTargets(String markdown, boolean withAnchors) {
        String prose = withoutCode(markdown);
        List<String> targets = new ArrayList<>();
        for (Pattern pattern : List.of(INLINE, REFERENCE)) {
            Matcher m = pattern.matcher(prose);
            while (m.find()) {
                String target = m.group(1).strip();
                if (!target.isEmpty()
                        && (withAnchors || !target.startsWith("#"))
                        && !SCHEME.matcher(target).find()) {
                    targets.add(target);
                }
            }
        }
        return targets;
    }

    /** {@code markdown} without fenced code blocks and inline code spans. */
    private static String withoutCode(String markdown) {
        StringBuilder sb = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                sb.append('\n');
                continue;
            }
            sb.append(fenced ? "" : line.replaceAll("`[^`]*`", "``")).append('\n');
        }
        return sb.toString();
    }

    /**
     * The path a link target names, relative to its file (or to the root when it starts with /).
     */
    private static Path resolve(Path root, Path file, String target) {
        String path = target;
        int anchor = path.indexOf('#');
        if (anchor >= 0) {
            path = path.substring(0, anchor);
        }
        path = URLDecoder.decode(path, StandardCharsets.UTF_8);
        if (path.isEmpty()) {
            return file;
        }
        Path base = path.startsWith("/") ? root : file.getParent();
        return base.resolve(path.startsWith("/") ? path.substring(1) : path).normalize();
    }

    /** README.md, the modules' README.md files and every .md file under docs/. */
    private static List<Path> documents(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> modules = Files.list(root)) {
            modules.filter(p -> p.getFileName().toString().startsWith("rlanything-"))
                    .map(p -> p.resolve("README.md"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .forEach(files::add);
        }
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** The folder above the working directory that holds README.md and docs/. */
    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null
                && !(Files.isRegularFile(dir.resolve("README.md"))
                        && Files.isDirectory(dir.resolve("docs")))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no folder with README.md and docs/ above the working directory");
        return dir.normalize();
    }
}
