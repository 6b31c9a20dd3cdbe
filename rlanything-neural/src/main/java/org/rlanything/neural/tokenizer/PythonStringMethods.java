package org.rlanything.neural.tokenizer;

import java.beans.FeatureDescriptor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELResolver;

/**
 * Python's string methods for Jinjava, which otherwise calls Java's ({@code "a.b".split(".")} would
 * be a regular expression in Java, and Java has no {@code startswith} or {@code strip(chars)}).
 * Chat templates are written for Python's Jinja2, so a method call on a string with one of these
 * names runs Python's semantics: {@code startswith}/{@code endswith} (a prefix or a list of them),
 * {@code split}/{@code rsplit} (literal separator keeping empty parts, or runs of white space
 * without one; optional maxsplit), {@code strip}/{@code lstrip}/{@code rstrip} (white space as
 * {@code str.isspace} defines it, or the given characters), {@code upper}, {@code lower}, {@code
 * title}, {@code capitalize}, {@code replace}, {@code find}, {@code count}, {@code join}. Every
 * other call falls through to Jinjava's own resolvers.
 */
final class PythonStringMethods extends ELResolver {

    private static final Set<String> METHODS =
            Set.of(
                    "startswith",
                    "endswith",
                    "split",
                    "rsplit",
                    "strip",
                    "lstrip",
                    "rstrip",
                    "upper",
                    "lower",
                    "title",
                    "capitalize",
                    "replace",
                    "find",
                    "count",
                    "join");

    @Override
    public Object invoke(
            ELContext context, Object base, Object method, Class<?>[] types, Object[] params) {
        if (!(base instanceof String s)
                || !(method instanceof String name)
                || !METHODS.contains(name)) {
            return null;
        }
        Object[] p = params == null ? new Object[0] : params;
        Object result =
                switch (name) {
                    case "startswith" -> anyOf(p[0], s::startsWith);
                    case "endswith" -> anyOf(p[0], s::endsWith);
                    case "split" -> split(s, arg(p, 0), maxsplit(p));
                    case "rsplit" -> rsplit(s, arg(p, 0), maxsplit(p));
                    case "strip" -> rstrip(lstrip(s, arg(p, 0)), arg(p, 0));
                    case "lstrip" -> lstrip(s, arg(p, 0));
                    case "rstrip" -> rstrip(s, arg(p, 0));
                    case "upper" -> s.toUpperCase(java.util.Locale.ROOT);
                    case "lower" -> s.toLowerCase(java.util.Locale.ROOT);
                    case "title" -> title(s);
                    case "capitalize" ->
                            s.isEmpty()
                                    ? s
                                    : s.substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                                            + s.substring(1).toLowerCase(java.util.Locale.ROOT);
                    case "replace" ->
                            replace(
                                    s,
                                    String.valueOf(p[0]),
                                    String.valueOf(p[1]),
                                    p.length > 2 ? ((Number) p[2]).intValue() : -1);
                    case "find" -> (long) s.indexOf(String.valueOf(p[0]));
                    case "count" -> count(s, String.valueOf(p[0]));
                    case "join" -> join(s, p[0]);
                    default -> throw new IllegalStateException(name);
                };
        context.setPropertyResolved(true);
        return result;
    }

    private static String arg(Object[] p, int i) {
        return p.length > i && p[i] != null ? String.valueOf(p[i]) : null;
    }

    private static int maxsplit(Object[] p) {
        return p.length > 1 && p[1] instanceof Number n ? n.intValue() : -1;
    }

    private static boolean anyOf(Object affix, java.util.function.Predicate<String> test) {
        if (affix instanceof Collection<?> c) {
            return c.stream().anyMatch(a -> test.test(String.valueOf(a)));
        }
        return test.test(String.valueOf(affix));
    }

    /** Python's {@code str.isspace} for one character. */
    static boolean isSpace(int c) {
        return Character.isWhitespace(c)
                || Character.isSpaceChar(c)
                || c == 0x85
                || (c >= 0x1c && c <= 0x1f);
    }

    private static boolean stripped(int c, String chars) {
        return chars == null ? isSpace(c) : chars.indexOf(c) >= 0;
    }

    static String lstrip(String s, String chars) {
        int i = 0;
        while (i < s.length() && stripped(s.codePointAt(i), chars)) {
            i += Character.charCount(s.codePointAt(i));
        }
        return s.substring(i);
    }

    static String rstrip(String s, String chars) {
        int j = s.length();
        while (j > 0 && stripped(s.codePointBefore(j), chars)) {
            j -= Character.charCount(s.codePointBefore(j));
        }
        return s.substring(0, j);
    }

    static List<String> split(String s, String sep, int maxsplit) {
        List<String> out = new ArrayList<>();
        if (sep == null) {
            int i = 0;
            int splits = 0;
            while (true) {
                while (i < s.length() && isSpace(s.charAt(i))) {
                    i++;
                }
                if (i >= s.length()) {
                    break;
                }
                if (maxsplit >= 0 && splits == maxsplit) {
                    out.add(rstrip(s.substring(i), null));
                    break;
                }
                int j = i;
                while (j < s.length() && !isSpace(s.charAt(j))) {
                    j++;
                }
                out.add(s.substring(i, j));
                splits++;
                i = j;
            }
            return out;
        }
        if (sep.isEmpty()) {
            throw new IllegalArgumentException("empty separator");
        }
        int start = 0;
        int at;
        while ((maxsplit < 0 || out.size() < maxsplit) && (at = s.indexOf(sep, start)) >= 0) {
            out.add(s.substring(start, at));
            start = at + sep.length();
        }
        out.add(s.substring(start));
        return out;
    }

    static List<String> rsplit(String s, String sep, int maxsplit) {
        if (maxsplit < 0 || sep == null) {
            return split(s, sep, maxsplit);
        }
        List<String> out = new ArrayList<>();
        int end = s.length();
        int at;
        while (out.size() < maxsplit
                && (at = s.lastIndexOf(sep, end - sep.length())) >= 0
                && end - sep.length() >= 0) {
            out.add(0, s.substring(at + sep.length(), end));
            end = at;
        }
        out.add(0, s.substring(0, end));
        return out;
    }

    private static String title(String s) {
        StringBuilder b = new StringBuilder();
        boolean previousCased = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(previousCased ? Character.toLowerCase(c) : Character.toUpperCase(c));
            previousCased = Character.isLetter(c);
        }
        return b.toString();
    }

    private static String replace(String s, String old, String with, int count) {
        if (count < 0) {
            return s.replace(old, with);
        }
        StringBuilder b = new StringBuilder();
        int start = 0;
        int at;
        int done = 0;
        while (done < count && (at = s.indexOf(old, start)) >= 0) {
            b.append(s, start, at).append(with);
            start = at + old.length();
            done++;
            if (old.isEmpty()) {
                break;
            }
        }
        return b.append(s.substring(start)).toString();
    }

    private static long count(String s, String sub) {
        if (sub.isEmpty()) {
            return s.codePointCount(0, s.length()) + 1L;
        }
        long n = 0;
        for (int at = s.indexOf(sub); at >= 0; at = s.indexOf(sub, at + sub.length())) {
            n++;
        }
        return n;
    }

    private static String join(String sep, Object items) {
        List<String> parts = new ArrayList<>();
        if (items instanceof Iterable<?> it) {
            it.forEach(x -> parts.add(String.valueOf(x)));
        } else {
            throw new IllegalArgumentException("join() needs a list");
        }
        return String.join(sep, parts);
    }

    @Override
    public Object getValue(ELContext context, Object base, Object property) {
        return null;
    }

    @Override
    public Class<?> getType(ELContext context, Object base, Object property) {
        return null;
    }

    @Override
    public void setValue(ELContext context, Object base, Object property, Object value) {}

    @Override
    public boolean isReadOnly(ELContext context, Object base, Object property) {
        return false;
    }

    @Override
    public Iterator<FeatureDescriptor> getFeatureDescriptors(ELContext context, Object base) {
        return null;
    }

    @Override
    public Class<?> getCommonPropertyType(ELContext context, Object base) {
        return null;
    }
}
