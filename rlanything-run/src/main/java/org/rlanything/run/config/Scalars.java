package org.rlanything.run.config;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The YAML a config may use, checked before it is mapped: one document, no null values, integers in
 * decimal only (YAML 1.1 reads {@code 010} as 8 and {@code 0x10} as 16), no {@code .nan} or {@code
 * .inf}, no explicit tags and no aliases. Each refusal names the file, line and key and says what
 * to write instead.
 */
final class Scalars {

    private static final Pattern NULL = Pattern.compile("|~|null|Null|NULL");
    private static final Pattern NOT_FINITE = Pattern.compile("[-+]?\\.(inf|Inf|INF|nan|NaN|NAN)");
    private static final Pattern NOT_DECIMAL =
            Pattern.compile(
                    "[-+]?0[0-9_]+|[-+]?0[xXoObB][0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?");
    private static final Pattern UNDERSCORED =
            Pattern.compile("[-+]?[0-9][0-9_]*_[0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?");

    /** A decimal number as YAML reads one (a float with a dot or an exponent). */
    private static final Pattern NUMBER =
            Pattern.compile("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    /** A number that is zero in every digit: 0, 0.0, 0e5. */
    private static final Pattern ZERO = Pattern.compile("[-+]?0*\\.?0*([eE][-+]?[0-9]+)?");

    private Scalars() {}

    /**
     * Why a command-line override's value is refused, or null when it is fine: besides {@link
     * #problemOf}, a line break (YAML folds it into a space, so the value would silently differ
     * from the one typed), an explicit tag ({@code !!int "5"}) and an alias, refused as in a file.
     */
    static String problemOfOverride(String raw) {
        if (raw.contains("\n") || raw.contains("\r")) {
            return "the value holds a line break, which YAML would fold into a space; give it on"
                    + " one line.";
        }
        try {
            for (Event event : new Yaml(new LoaderOptions()).parse(new StringReader(raw))) {
                if (event instanceof AliasEvent alias) {
                    return "a YAML alias (*"
                            + alias.getAnchor()
                            + "); aliases are not read: write the value itself.";
                }
                String tag =
                        event instanceof ScalarEvent scalar
                                ? scalar.getTag()
                                : event instanceof CollectionStartEvent start
                                        ? start.getTag()
                                        : null;
                if (tag != null && !tag.equals("!")) {
                    return "a YAML tag ("
                            + tag.replace("tag:yaml.org,2002:", "!!")
                            + ") is not allowed; write the value plainly (a number without"
                            + " quotes, such as 5).";
                }
            }
        } catch (RuntimeException e) {
            return null; // not YAML: read as a text, as before
        }
        return problemOf(raw);
    }

    /** Why a plain (unquoted) scalar is refused, or null when it is fine. */
    static String problemOf(String plain) {
        String value = plain.strip();
        if (NULL.matcher(value).matches()) {
            return "no value (null); give a value, or remove the key to use its default.";
        }
        if (NOT_FINITE.matcher(value).matches()) {
            return value + " is not a finite number; write a decimal number such as 0.5.";
        }
        if (NUMBER.matcher(value).matches()) {
            double number = Double.parseDouble(value);
            if (Double.isInfinite(number)) {
                return value + " is too large for a number; write a decimal number such as 0.5.";
            }
            if (Math.abs(number) < Double.MIN_NORMAL && !ZERO.matcher(value).matches()) {
                return value
                        + " is too small to compute with (below "
                        + Double.MIN_NORMAL
                        + ", it is stored imprecisely or as 0); write 0, or a number such as 1e-8.";
            }
        }
        if (NOT_DECIMAL.matcher(value).matches() || UNDERSCORED.matcher(value).matches()) {
            return value
                    + " is not a plain decimal number (YAML would read it as octal, hexadecimal, binary or"
                    + " base 60); write it in decimal digits without leading zeros or underscores, such as 10.";
        }
        return null;
    }

    /** Checks the whole text; {@code source} names it in errors. */
    static void check(String text, String source) {
        List<Node> documents = new ArrayList<>();
        try {
            for (Node document : new Yaml(new LoaderOptions()).composeAll(new StringReader(text))) {
                documents.add(document);
            }
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new ConfigException(
                    source
                            + (mark != null ? ", line " + (mark.getLine() + 1) : "")
                            + ": this is not valid YAML ("
                            + e.getProblem()
                            + ").",
                    e);
        } catch (RuntimeException e) {
            throw new ConfigException(
                    source + ": this is not valid YAML (" + e.getMessage() + ").", e);
        }
        if (documents.size() > 1) {
            throw new ConfigException(
                    source
                            + ", line "
                            + (documents.get(1).getStartMark().getLine() + 1)
                            + ": a second YAML document; a config is one document (remove the '---' and what follows, or"
                            + " merge it into the first).");
        }
        checkEvents(text, source);
        if (!documents.isEmpty() && documents.get(0) instanceof MappingNode mapping) {
            walk(mapping, new ArrayList<>(), source);
        }
    }

    /**
     * Refuses what YAML would turn into a value the reader of the file does not see: an explicit
     * tag ({@code !!float "1"} makes a number of a quoted text) and an alias ({@code *lr}, which
     * Jackson's tree reader does not resolve, so it arrived as a wrong type). Walks the parser's
     * events, keeping the path of keys, to name the key.
     */
    private static void checkEvents(String text, String source) {
        List<Object> path = new ArrayList<>(); // a key (String) or an index (int[]) per level
        List<Boolean> atKey = new ArrayList<>(); // per mapping level: the next scalar is a key
        for (Event event : new Yaml(new LoaderOptions()).parse(new StringReader(text))) {
            boolean mappingKey = !atKey.isEmpty() && atKey.get(atKey.size() - 1);
            if (event instanceof AliasEvent alias) {
                throw new ConfigException(
                        source
                                + ", line "
                                + (alias.getStartMark().getLine() + 1)
                                + ": "
                                + dotted(path)
                                + ": a YAML alias (*"
                                + alias.getAnchor()
                                + "); aliases are not read: write the value itself.");
            }
            String tag =
                    event instanceof ScalarEvent scalar
                            ? scalar.getTag()
                            : event instanceof CollectionStartEvent start ? start.getTag() : null;
            if (tag != null && !tag.equals("!")) {
                throw new ConfigException(
                        source
                                + ", line "
                                + (event.getStartMark().getLine() + 1)
                                + ": "
                                + dotted(path)
                                + ": a YAML tag ("
                                + tag.replace("tag:yaml.org,2002:", "!!")
                                + ") is not allowed; write the value plainly (a number without"
                                + " quotes, such as 1.0).");
            }
            if (event instanceof ScalarEvent scalar && mappingKey) {
                path.set(path.size() - 1, scalar.getValue());
                atKey.set(atKey.size() - 1, false);
            } else if (event instanceof ScalarEvent) {
                valueDone(path, atKey);
            } else if (event instanceof MappingStartEvent) {
                path.add("?");
                atKey.add(true);
            } else if (event instanceof SequenceStartEvent) {
                path.add(new int[] {0});
                atKey.add(false);
            } else if (event instanceof CollectionEndEvent) {
                path.remove(path.size() - 1);
                atKey.remove(atKey.size() - 1);
                valueDone(path, atKey);
            }
        }
    }

    /** A value ended: a mapping expects its next key, a sequence its next item. */
    private static void valueDone(List<Object> path, List<Boolean> atKey) {
        if (path.isEmpty()) {
            return;
        }
        if (path.get(path.size() - 1) instanceof int[] index) {
            index[0]++;
        } else {
            atKey.set(atKey.size() - 1, true);
        }
    }

    private static String dotted(List<Object> path) {
        List<String> keys = new ArrayList<>();
        for (Object key : path) {
            keys.add(key instanceof int[] index ? Integer.toString(index[0]) : (String) key);
        }
        return String.join(".", keys);
    }

    private static void walk(Node node, List<String> path, String source) {
        if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                String key =
                        tuple.getKeyNode() instanceof ScalarNode scalar ? scalar.getValue() : "?";
                path.add(key);
                walk(tuple.getValueNode(), path, source);
                path.remove(path.size() - 1);
            }
        } else if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                path.add(Integer.toString(i));
                walk(sequence.getValue().get(i), path, source);
                path.remove(path.size() - 1);
            }
        } else if (node instanceof ScalarNode scalar
                && scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN) {
            String problem = problemOf(scalar.getValue());
            if (problem != null) {
                throw new ConfigException(
                        source
                                + ", line "
                                + (scalar.getStartMark().getLine() + 1)
                                + ": "
                                + String.join(".", path)
                                + ": "
                                + problem);
            }
        }
    }
}
