package org.rlanything.pddl.lang;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /** Reads the domain file {@code path}. */
    public static Domain read(Path path) throws IOException {
        return parse(Files.readString(path, StandardCharsets.UTF_8), path.toString());
    }

    /** Reads domain text; {@code file} names it in messages. */
    public static Domain parse(String text, String file) {
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
        FormulaReader reader = new FormulaReader(file, predicates, functions);
        for (SExpr section : define.tail()) {
            String head = section.head();
            if (head == null) {
                throw reader.malformed(section, "expected a section, found " + section.brief());
            }
            switch (head) {
                case "domain" -> name = symbolAfter(section, reader);
                case ":requirements" -> requirements(section, reader, requirements);
                case ":types" -> types(section, reader, types);
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
                        predicates.put(p.head(), reader.typedList(p.tail()));
                    }
                }
                case ":functions" -> functions(section, reader, functions);
                case ":action" -> actionExprs.add(section);
                default -> throw reader.unsupported(section, "(" + head + " ...)");
            }
        }
        if (name == null) {
            throw PddlException.malformed(
                    file, define.line(), "the (domain NAME) part is missing.");
        }
        for (String type : new ArrayList<>(types.values())) {
            if (type != null && !types.containsKey(type)) {
                types.put(type, "object");
            }
        }
        List<Domain.ActionSchema> actions = new ArrayList<>();
        for (SExpr a : actionExprs) {
            actions.add(action(a, reader));
        }
        return new Domain(file, name, requirements, types, constants, predicates, actions);
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

    private static void types(SExpr section, FormulaReader reader, Map<String, String> types) {
        for (Param p : reader.typedList(section.tail())) {
            if (p.types().size() != 1) {
                throw reader.unsupported(section, "(either ...) as a parent type");
            }
            if (!p.name().equals("object")) {
                types.put(p.name(), p.types().get(0));
            }
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
                }
                case ":precondition" -> precondition = reader.condition(value);
                case ":effect" -> effect = reader.effect(value);
                default -> throw reader.unsupported(key, key.symbol() + " in the action " + name);
            }
        }
        return new Domain.ActionSchema(name, parameters, precondition, effect);
    }
}
