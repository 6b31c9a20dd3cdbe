package org.rlanything.pddl.ground;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Effect;
import org.rlanything.pddl.lang.Param;
import org.rlanything.pddl.lang.Problem;

/**
 * Grounds a problem of a domain into a {@link GroundTask}.
 *
 * <h2>How</h2>
 *
 * First the relaxed reachable facts: starting from the initial atoms, every action binding whose
 * required atoms (the positive atoms of its precondition's top conjunction) are reached adds its
 * effects' atoms (conditional ones too), until nothing new is reached; bindings are enumerated
 * parameter by parameter, checking each required atom as soon as its variables are bound, so that
 * static facts (type predicates, connections) prune early. Then each binding of the fixpoint is
 * compiled: static atoms, equality and unreachable atoms become constants, quantifiers are expanded
 * over the objects of their types, and an action whose precondition is then false is dropped. Only
 * the reached atoms of predicates some action changes become numbered facts.
 */
public final class Grounder {

    /** The default bound on grounded actions. */
    public static final int DEFAULT_MAX_ACTIONS = 200_000;

    /** Bound on enumerated partial bindings, so that a huge problem is refused, not hung on. */
    private static final long MAX_BINDING_STEPS = 50_000_000L;

    /**
     * Bound on the complete bindings of one action kept at once, as a multiple of the bound on
     * grounded actions: each is a map, and an action of 8 parameters over 32 objects has 32^8 of
     * them, which ran the heap out (after 74 s) before the step bound was reached.
     */
    private static final int BINDINGS_PER_ACTION = 2;

    private final Domain domain;
    private final Problem problem;
    private final int maxActions;
    private final Map<String, String> objects = new LinkedHashMap<>();
    private final Set<String> staticPredicates = new HashSet<>();
    private final Set<String> staticTrue = new HashSet<>();
    private final Map<String, Condition.Atom> reached = new LinkedHashMap<>();
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<List<String>, List<String>> typeCache = new HashMap<>();
    private long bindingSteps;
    private String schemaName;

    private Grounder(Domain domain, Problem problem, int maxActions) {
        this.domain = domain;
        this.problem = problem;
        this.maxActions = maxActions;
        objects.putAll(domain.constants());
        objects.putAll(problem.objects());
    }

    /** Grounds {@code problem} with at most {@link #DEFAULT_MAX_ACTIONS} actions. */
    public static GroundTask ground(Domain domain, Problem problem) {
        return ground(domain, problem, DEFAULT_MAX_ACTIONS);
    }

    /**
     * Grounds {@code problem}.
     *
     * @throws IllegalArgumentException when it grounds to more than {@code maxActions} actions
     */
    public static GroundTask ground(Domain domain, Problem problem, int maxActions) {
        return new Grounder(domain, problem, maxActions).run();
    }

    private GroundTask run() {
        Set<String> changing = new HashSet<>();
        for (Domain.ActionSchema a : domain.actions()) {
            effectPredicates(a.effect(), changing);
        }
        for (String p : domain.predicates().keySet()) {
            if (!changing.contains(p)) {
                staticPredicates.add(p);
            }
        }
        List<Condition.Atom> staticFacts = new ArrayList<>();
        for (Condition.Atom atom : problem.init()) {
            String key = atom.toString();
            if (staticPredicates.contains(atom.predicate())) {
                if (staticTrue.add(key)) {
                    staticFacts.add(atom);
                }
            } else {
                reached.putIfAbsent(key, atom);
            }
        }
        boolean grew = true;
        while (grew) {
            int before = reached.size();
            for (Domain.ActionSchema schema : domain.actions()) {
                for (Map<String, String> binding : bindings(schema)) {
                    addReached(schema.effect(), binding);
                }
            }
            grew = reached.size() > before;
        }
        List<Condition.Atom> facts = new ArrayList<>(reached.values());
        for (int i = 0; i < facts.size(); i++) {
            ids.put(facts.get(i).toString(), i);
        }
        List<GroundAction> actions = new ArrayList<>();
        for (Domain.ActionSchema schema : domain.actions()) {
            for (Map<String, String> binding : bindings(schema)) {
                GroundCondition pre = compile(schema.precondition(), binding, true);
                if (pre instanceof GroundCondition.Constant c && !c.value()) {
                    continue;
                }
                List<GroundAction.Effect> effects = new ArrayList<>();
                compileEffect(schema.effect(), binding, GroundCondition.TRUE, effects);
                StringBuilder command = new StringBuilder(schema.name());
                for (Param p : schema.parameters()) {
                    command.append(' ').append(binding.get(p.name()));
                }
                actions.add(
                        new GroundAction(
                                command.toString(), pre, GroundCondition.mandatory(pre), effects));
                if (actions.size() > maxActions) {
                    throw new org.rlanything.core.BadInputException(
                            problemFile()
                                    + ": the problem grounds to more than "
                                    + maxActions
                                    + " actions; it is too large for this planner.");
                }
            }
        }
        int[] initIds =
                problem.init().stream()
                        .map(Condition.Atom::toString)
                        .filter(ids::containsKey)
                        .mapToInt(ids::get)
                        .toArray();
        GroundTask shell =
                new GroundTask(problem.name(), facts, staticFacts, null, null, List.of());
        GroundCondition goal = compile(problem.goal(), Map.of(), true);
        return new GroundTask(
                problem.name(), facts, staticFacts, shell.state(initIds), goal, actions);
    }

    private String problemFile() {
        return "problem " + problem.name() + " of domain " + domain.name();
    }

    private static void effectPredicates(Effect e, Set<String> out) {
        if (e instanceof Effect.Literal l) {
            out.add(l.atom().predicate());
        } else if (e instanceof Effect.And a) {
            a.parts().forEach(p -> effectPredicates(p, out));
        } else if (e instanceof Effect.When w) {
            effectPredicates(w.effect(), out);
        } else if (e instanceof Effect.ForAll f) {
            effectPredicates(f.effect(), out);
        }
    }

    /** Adds every atom the effect can add under {@code binding} to the reached atoms. */
    private void addReached(Effect e, Map<String, String> binding) {
        if (e instanceof Effect.Literal l) {
            if (l.positive()) {
                Condition.Atom atom = ground(l.atom(), binding);
                reached.putIfAbsent(atom.toString(), atom);
            }
        } else if (e instanceof Effect.And a) {
            a.parts().forEach(p -> addReached(p, binding));
        } else if (e instanceof Effect.When w) {
            addReached(w.effect(), binding);
        } else if (e instanceof Effect.ForAll f) {
            for (Map<String, String> inner : extend(binding, f.variables())) {
                addReached(f.effect(), inner);
            }
        }
    }

    private Condition.Atom ground(Condition.Atom atom, Map<String, String> binding) {
        List<String> terms = new ArrayList<>(atom.terms().size());
        for (String t : atom.terms()) {
            terms.add(value(t, binding));
        }
        return new Condition.Atom(atom.predicate(), terms);
    }

    private String value(String term, Map<String, String> binding) {
        if (term.startsWith("?")) {
            String v = binding.get(term);
            if (v == null) {
                throw new org.rlanything.core.BadInputException(
                        domain.file()
                                + ": the variable "
                                + term
                                + " is not bound where it is used.");
            }
            return v;
        }
        if (!objects.containsKey(term)) {
            throw new org.rlanything.core.BadInputException(
                    domain.file()
                            + ": "
                            + term
                            + " is neither a constant nor an object of "
                            + problemFile()
                            + ".");
        }
        return term;
    }

    /** The objects of any of {@code types}, in declaration order. */
    private List<String> objectsOf(List<String> types) {
        return typeCache.computeIfAbsent(
                types,
                ts -> {
                    List<String> out = new ArrayList<>();
                    objects.forEach(
                            (o, t) -> {
                                for (String type : ts) {
                                    if (domain.isA(t, type)) {
                                        out.add(o);
                                        return;
                                    }
                                }
                            });
                    return out;
                });
    }

    /** Every extension of {@code binding} by {@code variables}. */
    private List<Map<String, String>> extend(Map<String, String> binding, List<Param> variables) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(binding);
        for (Param v : variables) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> b : out) {
                for (String o : objectsOf(v.types())) {
                    if (++bindingSteps > MAX_BINDING_STEPS
                            || next.size() >= (long) BINDINGS_PER_ACTION * maxActions) {
                        throw new org.rlanything.core.BadInputException(
                                problemFile()
                                        + ": a forall or exists over "
                                        + variables.size()
                                        + " variables expands to too many bindings over "
                                        + objects.size()
                                        + " objects; it is too large for this planner.");
                    }
                    Map<String, String> m = new HashMap<>(b);
                    m.put(v.name(), o);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    /** The bindings of the schema's parameters whose required atoms are all reached. */
    private List<Map<String, String>> bindings(Domain.ActionSchema schema) {
        List<Condition> required = new ArrayList<>();
        topConjuncts(schema.precondition(), required);
        List<Param> params = schema.parameters();
        // required.get(i) is checked once parameter checkAt[i] is bound
        Map<Integer, List<Condition>> checks = new HashMap<>();
        for (Condition c : required) {
            int last = -1;
            for (String t : terms(c)) {
                if (t.startsWith("?")) {
                    int index = indexOf(params, t);
                    if (index < 0) {
                        last = Integer.MAX_VALUE;
                        break;
                    }
                    last = Math.max(last, index);
                }
            }
            if (last != Integer.MAX_VALUE) {
                checks.computeIfAbsent(last, k -> new ArrayList<>()).add(c);
            }
        }
        List<Map<String, String>> out = new ArrayList<>();
        Map<String, String> binding = new HashMap<>();
        schemaName = schema.name();
        if (!passes(checks.getOrDefault(-1, List.of()), binding)) {
            return out;
        }
        bind(params, 0, binding, checks, out);
        return out;
    }

    private void bind(
            List<Param> params,
            int index,
            Map<String, String> binding,
            Map<Integer, List<Condition>> checks,
            List<Map<String, String>> out) {
        if (index == params.size()) {
            if (out.size() >= (long) BINDINGS_PER_ACTION * maxActions) {
                throw new org.rlanything.core.BadInputException(
                        problemFile()
                                + ": the action "
                                + schemaName
                                + " has more than "
                                + (long) BINDINGS_PER_ACTION * maxActions
                                + " bindings of its "
                                + params.size()
                                + " parameters over "
                                + objects.size()
                                + " objects; it is too large for this planner (at most "
                                + maxActions
                                + " grounded actions).");
            }
            out.add(new HashMap<>(binding));
            return;
        }
        Param p = params.get(index);
        List<Condition> here = checks.getOrDefault(index, List.of());
        for (String o : objectsOf(p.types())) {
            if (++bindingSteps > MAX_BINDING_STEPS) {
                throw new org.rlanything.core.BadInputException(
                        problemFile()
                                + ": grounding enumerates more than "
                                + MAX_BINDING_STEPS
                                + " partial bindings; it is too large for this planner.");
            }
            binding.put(p.name(), o);
            if (passes(here, binding)) {
                bind(params, index + 1, binding, checks, out);
            }
        }
        binding.remove(p.name());
    }

    private boolean passes(List<Condition> checks, Map<String, String> binding) {
        for (Condition c : checks) {
            if (c instanceof Condition.Atom atom) {
                String key = ground(atom, binding).toString();
                if (!reached.containsKey(key) && !staticTrue.contains(key)) {
                    return false;
                }
            } else if (c instanceof Condition.Equals e) {
                if (!value(e.left(), binding).equals(value(e.right(), binding))) {
                    return false;
                }
            } else if (c instanceof Condition.Not n && n.part() instanceof Condition.Equals e) {
                if (value(e.left(), binding).equals(value(e.right(), binding))) {
                    return false;
                }
            } else if (c instanceof Condition.Not n && n.part() instanceof Condition.Atom atom) {
                if (staticPredicates.contains(atom.predicate())
                        && staticTrue.contains(ground(atom, binding).toString())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int indexOf(List<Param> params, String name) {
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> terms(Condition c) {
        if (c instanceof Condition.Atom a) {
            return a.terms();
        }
        if (c instanceof Condition.Equals e) {
            return List.of(e.left(), e.right());
        }
        if (c instanceof Condition.Not n) {
            return terms(n.part());
        }
        return List.of();
    }

    /** The literals of the top conjunction that can prune bindings. */
    private static void topConjuncts(Condition c, List<Condition> out) {
        if (c instanceof Condition.And a) {
            a.parts().forEach(p -> topConjuncts(p, out));
        } else if (c instanceof Condition.Atom
                || c instanceof Condition.Equals
                || (c instanceof Condition.Not n
                        && (n.part() instanceof Condition.Equals
                                || n.part() instanceof Condition.Atom))) {
            out.add(c);
        }
    }

    /** The condition under {@code binding}, negated unless {@code positive}, simplified. */
    private GroundCondition compile(Condition c, Map<String, String> binding, boolean positive) {
        if (c instanceof Condition.Atom atom) {
            Condition.Atom g = ground(atom, binding);
            String key = g.toString();
            if (staticPredicates.contains(g.predicate())) {
                return constant(staticTrue.contains(key) == positive);
            }
            Integer id = ids.get(key);
            return id == null ? constant(!positive) : new GroundCondition.Literal(id, positive);
        }
        if (c instanceof Condition.Equals e) {
            return constant(value(e.left(), binding).equals(value(e.right(), binding)) == positive);
        }
        if (c instanceof Condition.Not n) {
            return compile(n.part(), binding, !positive);
        }
        if (c instanceof Condition.And a) {
            return junction(a.parts(), binding, positive, positive);
        }
        if (c instanceof Condition.Or o) {
            return junction(o.parts(), binding, positive, !positive);
        }
        if (c instanceof Condition.Imply i) {
            return compile(
                    new Condition.Or(List.of(new Condition.Not(i.premise()), i.conclusion())),
                    binding,
                    positive);
        }
        Condition.Quantified q = (Condition.Quantified) c;
        List<GroundCondition> parts = new ArrayList<>();
        for (Map<String, String> inner : extend(binding, q.variables())) {
            parts.add(compile(q.body(), inner, positive));
        }
        return simplify(parts, q.universal() == positive);
    }

    private GroundCondition junction(
            List<Condition> parts, Map<String, String> binding, boolean positive, boolean all) {
        List<GroundCondition> out = new ArrayList<>();
        for (Condition p : parts) {
            out.add(compile(p, binding, positive));
        }
        return simplify(out, all);
    }

    /** The conjunction ({@code all}) or disjunction of {@code parts}, flattened and simplified. */
    private static GroundCondition simplify(List<GroundCondition> parts, boolean all) {
        List<GroundCondition> kept = new ArrayList<>();
        for (GroundCondition p : parts) {
            if (p instanceof GroundCondition.Constant c) {
                if (c.value() != all) {
                    return c; // false in a conjunction, true in a disjunction
                }
            } else if (all && p instanceof GroundCondition.All a) {
                kept.addAll(a.parts());
            } else if (!all && p instanceof GroundCondition.Any a) {
                kept.addAll(a.parts());
            } else if (!kept.contains(p)) {
                kept.add(p);
            }
        }
        if (kept.isEmpty()) {
            return constant(all);
        }
        if (kept.size() == 1) {
            return kept.get(0);
        }
        return all ? new GroundCondition.All(kept) : new GroundCondition.Any(kept);
    }

    private static GroundCondition constant(boolean value) {
        return value ? GroundCondition.TRUE : GroundCondition.FALSE;
    }

    private void compileEffect(
            Effect e,
            Map<String, String> binding,
            GroundCondition condition,
            List<GroundAction.Effect> out) {
        if (e instanceof Effect.Literal l) {
            Integer id = ids.get(ground(l.atom(), binding).toString());
            if (id == null) {
                return; // a delete of a fact that never holds
            }
            int[] one = {id};
            int[] none = {};
            merge(out, condition, l.positive() ? one : none, l.positive() ? none : one);
        } else if (e instanceof Effect.And a) {
            for (Effect p : a.parts()) {
                compileEffect(p, binding, condition, out);
            }
        } else if (e instanceof Effect.When w) {
            GroundCondition inner =
                    simplify(List.of(condition, compile(w.condition(), binding, true)), true);
            if (!(inner instanceof GroundCondition.Constant c && !c.value())) {
                compileEffect(w.effect(), binding, inner, out);
            }
        } else if (e instanceof Effect.ForAll f) {
            for (Map<String, String> b : extend(binding, f.variables())) {
                compileEffect(f.effect(), b, condition, out);
            }
        }
    }

    /** Adds the literals to the effect of the same condition, or a new one. */
    private static void merge(
            List<GroundAction.Effect> out, GroundCondition condition, int[] adds, int[] deletes) {
        for (int i = 0; i < out.size(); i++) {
            GroundAction.Effect e = out.get(i);
            if (e.condition().equals(condition)) {
                out.set(
                        i,
                        new GroundAction.Effect(
                                condition,
                                e.mandatory(),
                                concat(e.adds(), adds),
                                concat(e.deletes(), deletes)));
                return;
            }
        }
        out.add(
                new GroundAction.Effect(
                        condition, GroundCondition.mandatory(condition), adds, deletes));
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
