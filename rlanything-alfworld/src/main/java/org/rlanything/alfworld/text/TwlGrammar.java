package org.rlanything.alfworld.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parsed TextWorld grammar file (the {@code grammar} of a game, format "TWL2"): top-level {@code
 * grammar :: """{json}""";} blocks of production rules and {@code action Name {...}} blocks with a
 * command template, a feedback symbol and optional rules of their own. Rule lists with the same
 * name replace earlier ones, in file order, as in TextWorld. Rule texts are kept raw here; see
 * {@link CompiledGrammar} for their meaning.
 */
public final class TwlGrammar {

    /**
     * The text of one action block.
     *
     * @param name the action name as written (e.g. {@code GotoLocation})
     * @param template the command template, e.g. {@code take {o} from {r}}
     * @param feedback the feedback symbols, e.g. {@code #PickupObject.feedback#}
     */
    public record ActionText(String name, String template, String feedback) {}

    /**
     * One production rule.
     *
     * @param condition a conjunctive query that must have a match, or empty
     * @param rhs the symbols the rule produces
     */
    public record RuleText(String condition, String rhs) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, ActionText> actions;
    private final Map<String, List<RuleText>> rules;

    private TwlGrammar(Map<String, ActionText> actions, Map<String, List<RuleText>> rules) {
        this.actions = Collections.unmodifiableMap(actions);
        this.rules = Collections.unmodifiableMap(rules);
    }

    /** Actions by lower-case name. */
    public Map<String, ActionText> actions() {
        return actions;
    }

    /** Rule lists by symbol name. */
    public Map<String, List<RuleText>> rules() {
        return rules;
    }

    /** Parses a TWL2 text. */
    public static TwlGrammar parse(String text) throws GrammarException {
        Scanner sc = new Scanner(text);
        Map<String, ActionText> actions = new LinkedHashMap<>();
        Map<String, List<RuleText>> rules = new LinkedHashMap<>();
        while (sc.skipBlank()) {
            String word = sc.word();
            if (word.equals("grammar")) {
                sc.expect("::");
                String block = sc.quoted();
                sc.optional(";");
                addRules(block, rules, "the top-level grammar block", false);
            } else if (word.equals("action")) {
                String name = sc.word();
                if (name.isEmpty()) {
                    throw new GrammarException(
                            "an 'action' keyword on line " + sc.line() + " has no name.");
                }
                sc.expect("{");
                String template = null;
                String feedback = null;
                while (true) {
                    sc.skipBlank();
                    if (sc.peek('}')) {
                        sc.expect("}");
                        break;
                    }
                    String key = sc.word();
                    sc.expect("::");
                    String value = sc.quoted();
                    sc.optional(";");
                    switch (key) {
                        case "template":
                            template = value;
                            break;
                        case "feedback":
                            feedback = value;
                            break;
                        case "grammar":
                            addRules(value, rules, "the grammar of action " + name, true);
                            break;
                        default:
                            break; // e.g. pddl :: """...""": not used by the engine
                    }
                }
                if (template == null || feedback == null) {
                    throw new GrammarException(
                            "the action "
                                    + name
                                    + " lacks a "
                                    + (template == null ? "template" : "feedback")
                                    + ".");
                }
                actions.put(
                        name.toLowerCase(Locale.ROOT), new ActionText(name, template, feedback));
            } else {
                throw new GrammarException(
                        "unexpected text '"
                                + word
                                + "' on line "
                                + sc.line()
                                + " (expected 'grammar' or 'action').");
            }
        }
        return new TwlGrammar(actions, rules);
    }

    private static void addRules(
            String block, Map<String, List<RuleText>> rules, String where, boolean dropHashLines)
            throws GrammarException {
        String json = block;
        if (dropHashLines) {
            StringBuilder sb = new StringBuilder();
            for (String line : block.split("\n", -1)) {
                if (!line.stripLeading().startsWith("#")) {
                    sb.append(line).append('\n');
                }
            }
            json = sb.toString();
        }
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new GrammarException(
                    where + " is not valid JSON (" + e.getOriginalMessage() + ").");
        }
        if (root == null || !root.isObject()) {
            throw new GrammarException(where + " is not a JSON object of rule lists.");
        }
        Iterator<Map.Entry<String, JsonNode>> fields = root.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode list = field.getValue();
            if (!list.isArray()) {
                throw new GrammarException(
                        "the rule '" + field.getKey() + "' in " + where + " is not a list.");
            }
            List<RuleText> parsed = new ArrayList<>();
            for (JsonNode rule : list) {
                JsonNode rhs = rule.get("rhs");
                if (rhs == null || !rhs.isTextual()) {
                    throw new GrammarException(
                            "a rule of '" + field.getKey() + "' in " + where + " has no \"rhs\".");
                }
                JsonNode condition = rule.get("condition");
                parsed.add(
                        new RuleText(
                                condition == null || condition.isNull() ? "" : condition.asText(),
                                rhs.textValue()));
            }
            rules.put(field.getKey(), List.copyOf(parsed));
        }
    }

    /** A small scanner for the TWL2 block syntax. */
    private static final class Scanner {
        private final String text;
        private int pos;

        Scanner(String text) {
            this.text = text;
        }

        int line() {
            int line = 1;
            for (int i = 0; i < pos && i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
            return line;
        }

        boolean skipBlank() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (Character.isWhitespace(c)) {
                    pos++;
                } else if (c == '#' || (c == '/' && text.startsWith("//", pos))) {
                    while (pos < text.length() && text.charAt(pos) != '\n') {
                        pos++;
                    }
                } else {
                    return true;
                }
            }
            return false;
        }

        boolean peek(char c) {
            return pos < text.length() && text.charAt(pos) == c;
        }

        String word() {
            skipBlank();
            int start = pos;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-') {
                    pos++;
                } else {
                    break;
                }
            }
            return text.substring(start, pos);
        }

        void expect(String token) throws GrammarException {
            skipBlank();
            if (!text.startsWith(token, pos)) {
                throw new GrammarException("expected '" + token + "' on line " + line() + ".");
            }
            pos += token.length();
        }

        void optional(String token) {
            skipBlank();
            if (text.startsWith(token, pos)) {
                pos += token.length();
            }
        }

        /** A "..." string (backslash escapes kept as written) or a """...""" block. */
        String quoted() throws GrammarException {
            skipBlank();
            if (text.startsWith("\"\"\"", pos)) {
                int end = text.indexOf("\"\"\"", pos + 3);
                if (end < 0) {
                    throw new GrammarException(
                            "a \"\"\" block opened on line " + line() + " is never closed.");
                }
                String block = text.substring(pos + 3, end);
                pos = end + 3;
                return block;
            }
            if (!peek('"')) {
                throw new GrammarException("expected a quoted string on line " + line() + ".");
            }
            int start = ++pos;
            while (pos < text.length() && text.charAt(pos) != '"') {
                if (text.charAt(pos) == '\\') {
                    pos++;
                }
                pos++;
            }
            if (pos >= text.length()) {
                throw new GrammarException(
                        "a string opened on line " + line() + " is never closed.");
            }
            return text.substring(start, pos++);
        }
    }
}
