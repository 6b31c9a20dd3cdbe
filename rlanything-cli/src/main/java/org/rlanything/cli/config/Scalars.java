package org.rlanything.cli.config;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The YAML a config may use, checked before it is mapped: one document, no null values, integers in
 * decimal only (YAML 1.1 reads {@code 010} as 8 and {@code 0x10} as 16), no {@code .nan} or {@code
 * .inf}. Each refusal names the file, line and key and says what to write instead.
 */
final class Scalars {

    private static final Pattern NULL = Pattern.compile("|~|null|Null|NULL");
    private static final Pattern NOT_FINITE = Pattern.compile("[-+]?\\.(inf|Inf|INF|nan|NaN|NAN)");
    private static final Pattern NOT_DECIMAL =
            Pattern.compile(
                    "[-+]?0[0-9_]+|[-+]?0[xXoObB][0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?");
    private static final Pattern UNDERSCORED =
            Pattern.compile("[-+]?[0-9][0-9_]*_[0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?");

    private Scalars() {}

    /** Why a plain (unquoted) scalar is refused, or null when it is fine. */
    static String problemOf(String plain) {
        String value = plain.strip();
        if (NULL.matcher(value).matches()) {
            return "no value (null); give a value, or remove the key to use its default.";
        }
        if (NOT_FINITE.matcher(value).matches()) {
            return value + " is not a finite number; write a decimal number such as 0.5.";
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
        if (!documents.isEmpty() && documents.get(0) instanceof MappingNode mapping) {
            walk(mapping, new ArrayList<>(), source);
        }
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
