package org.rlanything.pddl.lang;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.core.io.InputFiles;

/**
 * Reads a PDDL problem of a {@link Domain}: objects, initial atoms (numeric {@code (= ...)} values,
 * the action costs, are skipped), the goal, and a {@code (:metric minimize ...)} (plan length is
 * what counts). Anything else is refused with one line naming the file and the construct.
 */
public final class ProblemReader {

    private ProblemReader() {}

    /**
     * Reads the problem file {@code path} of {@code domain}: a regular UTF-8 file of at most {@link
     * DomainReader#MAX_BYTES} (a folder, a pipe, a device, a missing file or other text is refused
     * naming it).
     */
    public static Problem read(Path path, Domain domain) throws IOException {
        return parse(
                InputFiles.readText(path, "The PDDL problem file", DomainReader.MAX_BYTES),
                path.toString(),
                domain);
    }

    /** Reads problem text of {@code domain}; {@code file} names it in messages. */
    public static Problem parse(String text, String file, Domain domain) {
        return parse(text, file, domain, true);
    }

    /**
     * Reads problem text of {@code domain} for its syntax alone ({@link
     * DomainReader#parseUnchecked}): the objects' types, the initial atoms and the goal are not
     * checked against the declarations.
     */
    public static Problem parseUnchecked(String text, String file, Domain domain) {
        return parse(text, file, domain, false);
    }

    private static Problem parse(String text, String file, Domain domain, boolean checked) {
        List<SExpr> all = SExpr.parseAll(text, file);
        if (all.size() != 1 || !"define".equals(all.get(0).head())) {
            throw PddlException.malformed(
                    file, 1, "expected one (define (problem NAME) ...) expression.");
        }
        SExpr define = all.get(0);
        FormulaReader reader = new FormulaReader(file, domain.predicates(), Set.of(), checked);
        String name = null;
        String domainName = null;
        Map<String, String> objects = new LinkedHashMap<>();
        List<Condition.Atom> init = null;
        Condition goal = null;
        // the objects first, so that the initial atoms and the goal are checked against them
        for (SExpr section : define.tail()) {
            if (section.head() == null) {
                throw reader.malformed(section, "expected a section, found " + section.brief());
            }
            if (section.head().equals(":objects")) {
                objects(section, reader, domain, objects);
            }
        }
        Map<String, String> named = new LinkedHashMap<>(domain.constants());
        named.putAll(objects);
        if (checked) {
            reader.checkTypes(domain.types(), named);
        }
        for (SExpr section : define.tail()) {
            String head = section.head();
            switch (head) {
                case "problem" -> name = symbolAfter(section, reader);
                case ":domain" -> domainName = symbolAfter(section, reader);
                case ":requirements" -> {
                    for (SExpr r : section.tail()) {
                        if (!r.isSymbol() || !DomainReader.SUPPORTED.contains(r.symbol())) {
                            throw reader.unsupported(r, "requirement " + r.brief());
                        }
                    }
                }
                case ":objects" -> {}
                case ":init" -> init = init(section, reader, domain, named);
                case ":goal" -> {
                    if (section.tail().size() != 1) {
                        throw reader.malformed(section, "(:goal ...) must hold one condition.");
                    }
                    goal = reader.goal(section.tail().get(0));
                }
                case ":metric" -> metric(section, reader);
                default -> throw reader.unsupported(section, "(" + head + " ...)");
            }
        }
        if (name == null || init == null || goal == null) {
            throw PddlException.malformed(
                    file,
                    define.line(),
                    "a problem needs (problem NAME), (:init ...) and (:goal ...).");
        }
        if (domainName != null && !domainName.equals(domain.name())) {
            throw PddlException.malformed(
                    file,
                    define.line(),
                    "the problem is of the domain "
                            + domainName
                            + ", not of "
                            + domain.name()
                            + " ("
                            + domain.file()
                            + ").");
        }
        return new Problem(
                name, domainName == null ? domain.name() : domainName, objects, init, goal);
    }

    private static String symbolAfter(SExpr section, FormulaReader reader) {
        if (section.items().size() != 2 || !section.items().get(1).isSymbol()) {
            throw reader.malformed(section, "expected (" + section.head() + " NAME)");
        }
        return section.items().get(1).symbol();
    }

    private static void objects(
            SExpr section, FormulaReader reader, Domain domain, Map<String, String> objects) {
        for (Param p : reader.typedList(section.tail())) {
            if (p.types().size() != 1) {
                throw reader.unsupported(section, "(either ...) as the type of " + p.name());
            }
            String type = p.types().get(0);
            if (reader.checked() && !domain.types().containsKey(type)) {
                if (domain.types().size() != 1) {
                    throw reader.malformed(
                            section,
                            "the object " + p.name() + " has the undeclared type " + type + ".");
                }
                type = "object"; // an untyped domain's problem that types its objects anyway
            }
            String before = objects.put(p.name(), type);
            if (before != null && !before.equals(type)) {
                throw reader.malformed(
                        section, "the object " + p.name() + " is declared twice with other types.");
            }
        }
    }

    /**
     * The initial atoms: each term an object or constant of a type the predicate takes there (an
     * initial atom is a fact, so its objects must fit as declared).
     */
    private static List<Condition.Atom> init(
            SExpr section, FormulaReader reader, Domain domain, Map<String, String> named) {
        List<Condition.Atom> atoms = new ArrayList<>();
        for (SExpr item : section.tail()) {
            String head = item.head();
            if ("=".equals(head)) {
                if (!domain.requirements().contains(":action-costs")) {
                    throw reader.unsupported(item, "a numeric initial value " + item.brief());
                }
                continue; // an action cost: plan length counts
            }
            if ("at".equals(head) && !domain.predicates().containsKey("at")) {
                throw reader.unsupported(item, "(at ...) (timed initial literals)");
            }
            Condition.Atom atom = reader.atom(item);
            List<Param> takes = domain.predicates().get(atom.predicate());
            for (int i = 0; reader.checked() && i < atom.terms().size(); i++) {
                String t = atom.terms().get(i);
                if (t.startsWith("?")) {
                    throw reader.malformed(item, "an initial atom holds the variable " + t);
                }
                String type = named.get(t);
                if (type == null) {
                    throw reader.malformed(
                            item,
                            "the initial atom " + atom + " names the unknown object " + t + ".");
                }
                List<String> wanted = takes.get(i).types();
                if (wanted.stream().noneMatch(w -> domain.isA(type, w))) {
                    throw reader.malformed(
                            item,
                            "the initial atom "
                                    + atom
                                    + " gives "
                                    + t
                                    + ", "
                                    + FormulaReader.article(List.of(type))
                                    + ", where "
                                    + atom.predicate()
                                    + " takes "
                                    + FormulaReader.article(wanted)
                                    + ".");
                }
            }
            atoms.add(atom);
        }
        return atoms;
    }

    private static void metric(SExpr section, FormulaReader reader) {
        List<SExpr> args = section.tail();
        if (args.size() == 2
                && args.get(0).isSymbol()
                && args.get(0).symbol().equals("minimize")
                && ("total-cost".equals(args.get(1).head())
                        || "total-time".equals(args.get(1).head()))
                && args.get(1).items().size() == 1) {
            return;
        }
        throw reader.unsupported(section, "the metric " + section.brief());
    }
}
