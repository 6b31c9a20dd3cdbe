package org.rlanything.pddl.lang;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.core.io.InputFiles;

/**
 * Reads a PDDL domain within the supported subset: {@code :strips :typing :negative-preconditions
 * :equality}, the ADL parts ({@code :disjunctive-preconditions :existential-preconditions
 * :universal-preconditions :quantified-preconditions :conditional-effects :adl}), constants, {@code
 * either} types, and {@code :action-costs} (costs ignored: plan length counts). Anything else is
 * refused with one line naming the file and the construct.
 */
public final class DomainReader {

    /** The requirements this module supports. */
    public static final Set<String> SUPPORTED =
            Set.of(
                    ":strips",
                    ":typing",
                    ":negative-preconditions",
                    ":equality",
                    ":disjunctive-preconditions",
                    ":existential-preconditions",
                    ":universal-preconditions",
                    ":quantified-preconditions",
                    ":conditional-effects",
                    ":adl",
                    ":action-costs");

    private DomainReader() {}

    /** The largest PDDL file read, in bytes (the largest shared IPC problem has about 1 MB). */
    public static final long MAX_BYTES = 64L << 20;

    /**
     * Reads the domain file {@code path}: a regular UTF-8 file of at most {@link #MAX_BYTES} (a
     * folder, a pipe, a device, a missing file or other text is refused naming it).
     */
    public static Domain read(Path path) throws IOException {
        return parse(InputFiles.readText(path, "The PDDL domain file", MAX_BYTES), path.toString());
    }

    /**
     * Reads domain text; {@code file} names it in messages. The types are read first (a type that
     * is its own ancestor is refused), then everything else is type-checked against them.
     */
    public static Domain parse(String text, String file) {
        return parse(text, file, true);
    }

    /**
     * Reads domain text for its syntax alone, as {@link #parse} does but without checking atoms
     * against the declarations (a predicate's terms against the types it takes): for a reader that
     * checks what it uses itself and names its own elements (ALFWorld's engine), and for domains
     * written for Fast Downward, which reads them so (ALFRED's {@code look} gives {@code (checked
     * ?l)} a location where {@code checked} takes a receptacle).
     */
    public static Domain parseUnchecked(String text, String file) {
        return parse(text, file, false);
    }

    private static Domain parse(String text, String file, boolean checked) {
        List<SExpr> all = SExpr.parseAll(text, file);
        if (all.size() != 1 || !"define".equals(all.get(0).head())) {
            throw PddlException.malformed(
                    file, 1, "expected one (define (domain NAME) ...) expression.");
        }
        SExpr define = all.get(0);
        String name = null;
        Set<String> requirements = new LinkedHashSet<>();
        Map<String, String> types = new LinkedHashMap<>();
        types.put("object", null);
        Map<String, String> constants = new LinkedHashMap<>();
        Map<String, List<Param>> predicates = new LinkedHashMap<>();
        Set<String> functions = new HashSet<>();
        List<SExpr> actionExprs = new ArrayList<>();
        FormulaReader reader = new FormulaReader(file, predicates, functions, checked);
        List<SExpr> rest = new ArrayList<>();
        Map<String, Integer> typeLines = new HashMap<>();
        for (SExpr section : define.tail()) {
            String head = section.head();
            if (head == null) {
                throw reader.malformed(section, "expected a section, found " + section.brief());
            }
            switch (head) {
                case "domain" -> name = symbolAfter(section, reader);
                case ":requirements" -> requirements(section, reader, requirements);
                case ":types" -> types(section, reader, types, typeLines);
                default -> rest.add(section);
            }
        }
        for (String type : new ArrayList<>(types.values())) {
            if (type != null && !types.containsKey(type)) {
                types.put(type, "object");
            }
        }
        refuseCycles(types, typeLines, file);
        if (checked) {
            reader.checkTypes(types, constants);
        }
        for (SExpr section : rest) {
            switch (section.head()) {
                case ":constants" -> {
                    for (Param p : reader.typedList(section.tail())) {
                        constants.put(p.name(), single(p, section, reader));
                    }
                }
                case ":predicates" -> {
                    for (SExpr p : section.tail()) {
                        if (p.head() == null) {
                            throw reader.malformed(p, "expected a predicate, found " + p.brief());
                        }
                        if (predicates.containsKey(p.head())) {
                            throw reader.malformed(
                                    p, "the predicate " + p.head() + " is declared twice.");
                        }
                        predicates.put(p.head(), reader.typedList(p.tail()));
                    }
                }
                case ":functions" -> functions(section, reader, functions);
                case ":action" -> actionExprs.add(section);
                default -> throw reader.unsupported(section, "(" + section.head() + " ...)");
            }
        }
        if (name == null) {
            throw PddlException.malformed(
                    file, define.line(), "the (domain NAME) part is missing.");
        }
        List<Domain.ActionSchema> actions = new ArrayList<>();
        Set<String> actionNames = new HashSet<>();
        for (SExpr a : actionExprs) {
            Domain.ActionSchema action = action(a, reader);
            if (!actionNames.add(action.name())) {
                throw reader.malformed(a, "the action " + action.name() + " is declared twice.");
            }
            actions.add(action);
        }
        return new Domain(file, name, requirements, types, constants, predicates, actions);
    }

    /** Refuses a type that is its own ancestor ({@code room - room}, or two types in a ring). */
    private static void refuseCycles(
            Map<String, String> types, Map<String, Integer> lines, String file) {
        for (String type : types.keySet()) {
            List<String> path = new ArrayList<>();
            for (String t = type; t != null; t = types.get(t)) {
                if (path.contains(t)) {
                    if (!t.equals(type)) {
                        break; // a ring above this type: reported from a type on it
                    }
                    path.add(t);
                    throw PddlException.malformed(
                            file,
                            lines.getOrDefault(type, 0),
                            "the type "
                                    + type
                                    + " is its own ancestor ("
                                    + String.join(" - ", path)
                                    + "); types form a tree below object.");
                }
                path.add(t);
            }
        }
    }

    private static String symbolAfter(SExpr section, FormulaReader reader) {
        if (section.items().size() != 2 || !section.items().get(1).isSymbol()) {
            throw reader.malformed(section, "expected (" + section.head() + " NAME)");
        }
        return section.items().get(1).symbol();
    }

    private static void requirements(SExpr section, FormulaReader reader, Set<String> out) {
        for (SExpr r : section.tail()) {
            if (!r.isSymbol()) {
                throw reader.malformed(r, "expected a requirement, found " + r.brief());
            }
            if (!SUPPORTED.contains(r.symbol())) {
                throw reader.unsupported(r, "requirement " + r.symbol());
            }
            out.add(r.symbol());
        }
    }

    private static void types(
            SExpr section,
            FormulaReader reader,
            Map<String, String> types,
            Map<String, Integer> lines) {
        for (FormulaReader.Typed t : reader.typedEntries(section.tail())) {
            Param p = t.param();
            if (p.types().size() != 1) {
                throw reader.unsupported(section, "(either ...) as a parent type");
            }
            if (p.name().equals("object")) {
                continue;
            }
            String before = types.put(p.name(), p.types().get(0));
            if (before != null && !before.equals(p.types().get(0))) {
                throw PddlException.malformed(
                        reader.file(),
                        t.line(),
                        "the type "
                                + p.name()
                                + " is declared twice, below "
                                + before
                                + " and below "
                                + p.types().get(0)
                                + ".");
            }
            lines.putIfAbsent(p.name(), t.line());
        }
    }

    private static String single(Param p, SExpr at, FormulaReader reader) {
        if (p.types().size() != 1) {
            throw reader.unsupported(at, "(either ...) as the type of " + p.name());
        }
        return p.types().get(0);
    }

    /**
     * Functions are allowed only for action costs: {@code (total-cost)} and the cost tables the
     * increases read (e.g. {@code (travel-slow ?a ?b)}).
     */
    private static void functions(SExpr section, FormulaReader reader, Set<String> out) {
        List<SExpr> items = section.tail();
        for (int i = 0; i < items.size(); i++) {
            SExpr f = items.get(i);
            if (f.isSymbol() && f.symbol().equals("-")) {
                i++; // the value type, number
                continue;
            }
            if (f.head() == null) {
                throw reader.malformed(f, "expected a function, found " + f.brief());
            }
            out.add(f.head());
        }
    }

    private static Domain.ActionSchema action(SExpr section, FormulaReader reader) {
        List<SExpr> items = section.items();
        if (items.size() < 2 || !items.get(1).isSymbol()) {
            throw reader.malformed(section, "an (:action ...) has no name.");
        }
        String name = items.get(1).symbol();
        List<Param> parameters = List.of();
        Condition precondition = Condition.TRUE;
        Effect effect = new Effect.And(List.of());
        for (int i = 2; i < items.size(); i += 2) {
            SExpr key = items.get(i);
            if (!key.isSymbol() || i + 1 >= items.size()) {
                throw reader.malformed(
                        key, "the action " + name + " has a malformed key/value list.");
            }
            SExpr value = items.get(i + 1);
            switch (key.symbol()) {
                case ":parameters" -> {
                    if (value.isSymbol()) {
                        throw reader.malformed(
                                value, "expected (parameters) in the action " + name);
                    }
                    parameters = reader.typedList(value.items());
                    Set<String> seen = new HashSet<>();
                    for (Param p : parameters) {
                        if (!p.name().startsWith("?")) {
                            throw reader.malformed(
                                    value,
                                    "the parameter "
                                            + p.name()
                                            + " of the action "
                                            + name
                                            + " does not start with ?.");
                        }
                        if (!seen.add(p.name())) {
                            throw reader.malformed(
                                    value,
                                    "the action "
                                            + name
                                            + " names the parameter "
                                            + p.name()
                                            + " twice.");
                        }
                    }
                }
                case ":precondition", ":effect" -> {}
                default -> throw reader.unsupported(key, key.symbol() + " in the action " + name);
            }
        }
        // the body once the parameters are known, wherever they stand in the action
        List<Param> scope = parameters;
        for (int i = 2; i + 1 < items.size(); i += 2) {
            SExpr value = items.get(i + 1);
            switch (items.get(i).symbol()) {
                case ":precondition" ->
                        precondition = reader.within(name, scope, () -> reader.condition(value));
                case ":effect" -> effect = reader.within(name, scope, () -> reader.effect(value));
                default -> {}
            }
        }
        return new Domain.ActionSchema(name, parameters, precondition, effect);
    }
}
