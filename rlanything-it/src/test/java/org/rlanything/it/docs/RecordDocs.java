package org.rlanything.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code @param} lines of a settings record's javadoc, read from its source file in the
 * repository: the one place a key's meaning is written, which the generated config reference
 * copies.
 */
final class RecordDocs {

    /**
     * {@code {@code x}}, {@code {@link A#b label}}, ...: the inline tags a reference shows as code.
     */
    private static final Pattern INLINE_TAG =
            Pattern.compile("\\{@(?:code|link|linkplain) ([^}]*)}");

    private final Path root;
    private final Map<Class<?>, Map<String, String>> cache = new HashMap<>();

    RecordDocs(Path root) {
        this.root = root;
    }

    /** The javadoc of {@code type}'s component {@code component}, on one line; "" if none. */
    String param(Class<?> type, String component) {
        return cache.computeIfAbsent(type, this::read).getOrDefault(component, "");
    }

    private Map<String, String> read(Class<?> type) {
        Class<?> outer = type;
        while (outer.getEnclosingClass() != null) {
            outer = outer.getEnclosingClass();
        }
        String relative = outer.getName().replace('.', '/') + ".java";
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.sorted().toList()) {
                Path source = module.resolve("src/main/java").resolve(relative);
                if (Files.isRegularFile(source)) {
                    return params(Files.readString(source), type.getSimpleName());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of();
    }

    /** The @param texts of the javadoc right before {@code record NAME(}. */
    private static Map<String, String> params(String source, String name) {
        Matcher declaration = Pattern.compile("\\brecord\\s+" + name + "\\b").matcher(source);
        if (!declaration.find()) {
            return Map.of();
        }
        int end = source.lastIndexOf("*/", declaration.start());
        int start = source.lastIndexOf("/**", end);
        if (start < 0 || end < 0) {
            return Map.of();
        }
        Map<String, String> params = new LinkedHashMap<>();
        String current = null;
        StringBuilder text = new StringBuilder();
        for (String line : source.substring(start + 3, end).split("\n")) {
            String body = line.strip().replaceFirst("^\\*\\s?", "").strip();
            if (body.startsWith("@")) {
                put(params, current, text);
                current = null;
                text.setLength(0);
                List<String> words = List.of(body.split("\\s+", 3));
                if (words.get(0).equals("@param") && words.size() >= 2) {
                    current = words.get(1);
                    text.append(words.size() == 3 ? words.get(2) : "");
                }
            } else if (current != null && !body.isEmpty()) {
                text.append(' ').append(body);
            }
        }
        put(params, current, text);
        return params;
    }

    private static void put(Map<String, String> params, String name, StringBuilder text) {
        if (name != null) {
            String plain = INLINE_TAG.matcher(text.toString()).replaceAll(m -> "`" + code(m) + "`");
            params.put(name, plain.replaceAll("<[^>]+>", "").replace("|", "\\|").strip());
        }
    }

    /** An inline tag's text: a link's label, else its target's last name. */
    private static String code(java.util.regex.MatchResult tag) {
        String body = tag.group(1).strip();
        int space = body.indexOf(' ');
        if (tag.group(0).startsWith("{@link") && space > 0) {
            return Matcher.quoteReplacement(body.substring(space + 1));
        }
        String target =
                tag.group(0).startsWith("{@code")
                        ? body
                        : body.substring(body.lastIndexOf('#') + 1);
        return Matcher.quoteReplacement(target);
    }
}
