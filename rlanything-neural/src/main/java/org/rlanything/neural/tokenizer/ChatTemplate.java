package org.rlanything.neural.tokenizer;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.LegacyOverrides;
import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.interpret.RenderResult;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jinjava.javax.el.CompositeELResolver;

/**
 * A model's chat template ({@code chat_template} of {@code tokenizer_config.json}, Jinja) rendered
 * by Jinjava the way Hugging Face's {@code apply_chat_template} renders it with Python's Jinja2:
 * {@code trim_blocks} and {@code lstrip_blocks} on, {@code messages}, {@code
 * add_generation_prompt}, {@code bos_token} and {@code eos_token} in the context, {@code
 * raise_exception} as a function. Checked byte for byte against Debian's python3-jinja2 on Llama
 * 3.2's, Qwen2's, Qwen2.5's and Qwen3's templates ({@code ChatTemplateTest}).
 *
 * <p><b>Where Jinjava needs help.</b> Jinjava is not Python: its expressions call Java methods, so
 * the Python string methods templates use ({@code startswith}, {@code endswith}, {@code split},
 * {@code strip}/{@code lstrip}/{@code rstrip} with or without characters, ...) are supplied with
 * Python's semantics by {@link PythonStringMethods}; and two Python constructs its parser lacks are
 * rewritten before parsing: the reversing slice {@code name[::-1]} becomes {@code
 * (name|reverse|list)}, and each keyword value of a {@code namespace(...)} call is parenthesised
 * (so {@code namespace(n=messages|length - 1)} means what Python means). Nothing else is changed.
 *
 * <p>Known difference: a boolean printed by {@code {{ ... }}} reads {@code true} here and {@code
 * True} in Python (the templates above only test booleans, never print them).
 *
 * <p>No {@code strftime_now} is defined, so a template that asks for today's date (Llama 3.2's)
 * falls back to its own default and prompts stay deterministic; {@code tools} are not passed.
 */
public final class ChatTemplate {

    /** One turn of a conversation. */
    public record Message(String role, String content) {}

    private static final Pattern REVERSED = Pattern.compile("([A-Za-z_][A-Za-z0-9_.]*)\\[::-1\\]");

    private final String source;
    private final String prepared;
    private final Jinjava jinjava;

    public ChatTemplate(String source) {
        this.source = source;
        this.prepared =
                parenthesiseNamespaceArguments(
                        REVERSED.matcher(source).replaceAll("($1|reverse|list)"));
        CompositeELResolver resolver = new CompositeELResolver();
        resolver.add(new PythonStringMethods());
        resolver.add(JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_WRITE);
        JinjavaConfig config =
                JinjavaConfig.newBuilder()
                        .withTrimBlocks(true)
                        .withLstripBlocks(true)
                        .withElResolver(resolver)
                        .withFailOnUnknownTokens(false)
                        .withLegacyOverrides(
                                LegacyOverrides.newBuilder()
                                        .withParseWhitespaceControlStrictly(true)
                                        .withAllowAdjacentTextNodes(true)
                                        .withUseTrimmingForNotesAndExpressions(true)
                                        .withUseNaturalOperatorPrecedence(true)
                                        .withEvaluateMapKeys(true)
                                        .withKeepNullableLoopValues(true)
                                        .withUsePyishObjectMapper(true)
                                        .build())
                        .build();
        jinjava = new Jinjava(config);
        jinjava.getGlobalContext()
                .registerFunction(
                        new ELFunctionDefinition(
                                "",
                                "raise_exception",
                                ChatTemplate.class,
                                "raiseException",
                                String.class));
    }

    /** Called by templates as {@code raise_exception(message)}: fails the rendering. */
    public static String raiseException(String message) {
        throw new TemplateRaised(message);
    }

    /**
     * The prompt for {@code messages}; with {@code addGenerationPrompt}, ending where the
     * assistant's reply starts. {@code bosToken} and {@code eosToken} (null when the tokenizer has
     * none) and {@code extra} variables are in the template's context.
     */
    public String render(
            List<Message> messages,
            boolean addGenerationPrompt,
            String bosToken,
            String eosToken,
            Map<String, Object> extra) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Message m : messages) {
            Map<String, Object> turn = new LinkedHashMap<>();
            turn.put("role", m.role());
            turn.put("content", m.content());
            list.add(turn);
        }
        Map<String, Object> context = new HashMap<>(extra);
        context.put("messages", list);
        context.put("add_generation_prompt", addGenerationPrompt);
        context.put("bos_token", bosToken);
        context.put("eos_token", eosToken);
        RenderResult result;
        try {
            result = jinjava.renderForResult(prepared, context);
        } catch (TemplateRaised e) {
            throw new org.rlanything.core.BadInputException(
                    "The chat template refused the conversation: " + e.getMessage(), e);
        }
        for (TemplateError e : result.getErrors()) {
            if (e.getSeverity() == TemplateError.ErrorType.FATAL) {
                String raised = raisedMessage(e);
                throw new org.rlanything.core.BadInputException(
                        raised != null
                                ? "The chat template refused the conversation: " + raised
                                : "The chat template cannot be rendered (line "
                                        + e.getLineno()
                                        + "): "
                                        + e.getMessage());
            }
        }
        return result.getOutput();
    }

    private static String raisedMessage(TemplateError e) {
        Throwable t = e.getException();
        while (t != null) {
            if (t instanceof TemplateRaised r) {
                return r.getMessage();
            }
            t = t.getCause();
        }
        return null;
    }

    /** The template as the model folder holds it. */
    public String source() {
        return source;
    }

    /**
     * Wraps each keyword value of every {@code namespace(...)} call in parentheses: Jinjava binds
     * {@code a=x|f - 1} as {@code (a=x|f) - 1}, Python as {@code a=(x|f - 1)}.
     */
    static String parenthesiseNamespaceArguments(String template) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        Matcher m = Pattern.compile("namespace\\(").matcher(template);
        while (m.find(at)) {
            int open = m.end();
            int close = matching(template, open);
            if (close < 0) {
                break;
            }
            out.append(template, at, open);
            List<String> args = splitTopLevel(template.substring(open, close));
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                int eq = keywordEquals(a);
                out.append(i == 0 ? "" : ",");
                if (eq < 0) {
                    out.append(a);
                } else {
                    out.append(a, 0, eq + 1)
                            .append('(')
                            .append(a.substring(eq + 1).strip())
                            .append(')');
                }
            }
            out.append(')');
            at = close + 1;
        }
        return out.append(template.substring(at)).toString();
    }

    /** The index of the ')' closing the '(' before {@code from}, skipping strings; -1 if none. */
    private static int matching(String s, int from) {
        return scan(s, from, 1, (c, depth) -> depth == 0);
    }

    /** The arguments of a call, split at the commas outside brackets and strings. */
    private static List<String> splitTopLevel(String args) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int comma = topLevelComma(args, start);
                comma >= 0;
                comma = topLevelComma(args, start)) {
            out.add(args.substring(start, comma));
            start = comma + 1;
        }
        out.add(args.substring(start));
        return out;
    }

    private static int topLevelComma(String args, int from) {
        return scan(args, from, 0, (c, depth) -> c == ',' && depth == 0);
    }

    /** Where a {@link #scan} stops: at character {@code c}, the bracket depth after it. */
    private interface ScanStop {
        boolean at(char c, int depth);
    }

    /**
     * The first index from {@code from} outside string literals (quoted with ' or ", backslash
     * escapes skipped) where {@code stop} holds, counting the bracket depth from {@code depth} ((,
     * [ and { open, ), ] and } close); -1 if none.
     */
    private static int scan(String s, int from, int depth, ScanStop stop) {
        char quote = 0;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            }
            if (quote == 0 && stop.at(c, depth)) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the '=' of {@code name=value}, or -1 (not '==' and not inside a value). */
    private static int keywordEquals(String arg) {
        Matcher m = Pattern.compile("^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*=(?!=)").matcher(arg);
        return m.find() ? m.end() - 1 : -1;
    }

    /** A {@code raise_exception} call. */
    static final class TemplateRaised extends RuntimeException {
        TemplateRaised(String message) {
            super(message);
        }
    }
}
