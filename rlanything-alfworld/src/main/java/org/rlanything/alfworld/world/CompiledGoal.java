package org.rlanything.alfworld.world;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rlanything.pddl.lang.Condition;
import org.rlanything.pddl.lang.Param;

/**
 * A compiled PDDL condition (a game's goal) that is evaluated on any {@link StateView}. Each
 * quantified variable ranges only over the entities that pass the static facts the body requires of
 * it (e.g. {@code (objectType ?o AppleType)}), so checking a goal costs a few dozen tests. A
 * quantifier over a type the domain does not have ranges over nothing, as in Fast Downward.
 */
public final class CompiledGoal {

    private final GameEntities scene;
    private final Node root;
    private final int slots;
    private final Set<Integer> objectCandidates;
    private final Set<Integer> receptacleCandidates;
    private final Set<Predicate> predicates;

    private CompiledGoal(
            GameEntities scene,
            Node root,
            int slots,
            Set<Integer> objects,
            Set<Integer> receptacles,
            Set<Predicate> predicates) {
        this.scene = scene;
        this.root = root;
        this.slots = slots;
        this.objectCandidates = objects;
        this.receptacleCandidates = receptacles;
        this.predicates = predicates;
    }

    /**
     * Compiles {@code formula} against {@code scene}.
     *
     * @param element names the formula in error messages, e.g. {@code pddl_problem (:goal ...)}
     * @throws MalformedGameException for an unknown predicate or constant or a kind mismatch
     */
    public static CompiledGoal compile(Condition formula, GameEntities scene, String element)
            throws MalformedGameException {
        Compiler c = new Compiler(scene, element);
        Node root = c.compile(formula);
        return new CompiledGoal(
                scene, root, c.slots, c.objectCandidates, c.receptacleCandidates, c.predicates);
    }

    /** Whether the condition holds in {@code state}. */
    public boolean holds(StateView state) {
        return root.eval(scene, state, new int[Math.max(1, slots)]);
    }

    /**
     * The objects that some quantified object variable may take (after the static filter): the
     * objects the goal is about.
     */
    public Set<Integer> objectCandidates() {
        return objectCandidates;
    }

    /**
     * The receptacles that some quantified receptacle variable may take, for variables that a
     * static fact restricts (e.g. by type); unrestricted variables add nothing.
     */
    public Set<Integer> restrictedReceptacleCandidates() {
        return receptacleCandidates;
    }

    /** The predicates the condition mentions. */
    public Set<Predicate> predicates() {
        return java.util.Collections.unmodifiableSet(predicates);
    }

    // ---- nodes ----

    private interface Node {
        boolean eval(GameEntities scene, StateView s, int[] env);
    }

    private static final class AtomNode implements Node {
        final Predicate p;
        final int[] args; // >= 0: slot; < 0: constant -(index + 1)

        AtomNode(Predicate p, int[] args) {
            this.p = p;
            this.args = args;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            int a0 = args.length > 0 ? value(args[0], env) : 0;
            int a1 = args.length > 1 ? value(args[1], env) : 0;
            return p.test(scene, s, a0, a1);
        }
    }

    private static final Node TRUE = (scene, s, env) -> true;

    private static int value(int ref, int[] env) {
        return ref >= 0 ? env[ref] : -ref - 1;
    }

    private static final class EqualNode implements Node {
        final int a;
        final int b;
        final boolean sameKind;

        EqualNode(int a, int b, boolean sameKind) {
            this.a = a;
            this.b = b;
            this.sameKind = sameKind;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            return sameKind && value(a, env) == value(b, env);
        }
    }

    private static final class AndNode implements Node {
        final Node[] parts;

        AndNode(Node[] parts) {
            this.parts = parts;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            for (Node n : parts) {
                if (!n.eval(scene, s, env)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class OrNode implements Node {
        final Node[] parts;

        OrNode(Node[] parts) {
            this.parts = parts;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            for (Node n : parts) {
                if (n.eval(scene, s, env)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final class NotNode implements Node {
        final Node part;

        NotNode(Node part) {
            this.part = part;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            return !part.eval(scene, s, env);
        }
    }

    private static final class QuantifierNode implements Node {
        final boolean exists;
        final int slot;
        final int[] candidates;
        final Node body;

        QuantifierNode(boolean exists, int slot, int[] candidates, Node body) {
            this.exists = exists;
            this.slot = slot;
            this.candidates = candidates;
            this.body = body;
        }

        @Override
        public boolean eval(GameEntities scene, StateView s, int[] env) {
            for (int c : candidates) {
                env[slot] = c;
                if (body.eval(scene, s, env) == exists) {
                    return exists;
                }
            }
            return !exists;
        }
    }

    // ---- compiler ----

    private static final class Compiler {
        final GameEntities scene;
        final String element;
        int slots;
        final Map<String, int[]> vars = new HashMap<>(); // name -> {slot, kind ordinal or -1}
        final Set<Integer> objectCandidates = new LinkedHashSet<>();
        final Set<Integer> receptacleCandidates = new LinkedHashSet<>();
        final Set<Predicate> predicates = EnumSet.noneOf(Predicate.class);

        /** Static atoms that a quantified variable's candidate filter already guarantees. */
        final Set<Condition.Atom> implied =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

        Compiler(GameEntities scene, String element) {
            this.scene = scene;
            this.element = element;
        }

        Node compile(Condition f) throws MalformedGameException {
            if (f instanceof Condition.Atom atom) {
                return atom(atom);
            }
            if (f instanceof Condition.Equals equals) {
                return equality(equals);
            }
            if (f instanceof Condition.And and) {
                Node[] parts =
                        java.util.Arrays.stream(compileAll(and.parts()))
                                .filter(n -> n != TRUE)
                                .toArray(Node[]::new);
                return parts.length == 0 ? TRUE : parts.length == 1 ? parts[0] : new AndNode(parts);
            }
            if (f instanceof Condition.Or or) {
                return new OrNode(compileAll(or.parts()));
            }
            if (f instanceof Condition.Not not) {
                return new NotNode(compile(not.part()));
            }
            if (f instanceof Condition.Imply i) {
                return new OrNode(
                        new Node[] {new NotNode(compile(i.premise())), compile(i.conclusion())});
            }
            Condition.Quantified q = (Condition.Quantified) f;
            if (!q.universal()) {
                List<Param> chain = new ArrayList<>(q.variables());
                Condition body = q.body();
                while (body instanceof Condition.Quantified inner && !inner.universal()) {
                    chain.addAll(inner.variables());
                    body = inner.body();
                }
                return existsChain(chain, body);
            }
            return quantifier(false, q.variables(), 0, q.body());
        }

        /**
         * {@code exists v1..vn. c1 & ... & ck}, with each conjunct tested as soon as the variables
         * it uses are bound: {@code c(-1) & exists v1. (c(1) & exists v2. (c(2) & ...))}, where
         * c(j) are the conjuncts whose last chain variable is vj. The same truth value, far fewer
         * tests.
         */
        private Node existsChain(List<Param> chain, Condition body) throws MalformedGameException {
            int n = chain.size();
            int[][] candidates = new int[n][];
            Kind[] kinds = new Kind[n];
            int[] slotOf = new int[n];
            List<int[]> previous = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Param v = chain.get(i);
                kinds[i] = Kind.ofPddl(v.types().get(0));
                candidates[i] =
                        kinds[i] == null ? new int[0] : candidates(kinds[i], v.name(), body);
                if (kinds[i] == Kind.OBJECT) {
                    for (int c : candidates[i]) {
                        objectCandidates.add(c);
                    }
                }
                if (kinds[i] == Kind.RECEPTACLE
                        && candidates[i].length < scene.count(Kind.RECEPTACLE)) {
                    for (int c : candidates[i]) {
                        receptacleCandidates.add(c);
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                Param v = chain.get(i);
                slotOf[i] = slots++;
                previous.add(
                        vars.put(
                                v.name(),
                                new int[] {slotOf[i], kinds[i] == null ? -1 : kinds[i].ordinal()}));
            }
            List<Condition> conjuncts = new ArrayList<>();
            flatten(body, conjuncts);
            List<List<Node>> byLevel = new ArrayList<>();
            for (int i = 0; i <= n; i++) {
                byLevel.add(new ArrayList<>());
            }
            for (Condition c : conjuncts) {
                Node node = compile(c);
                if (node == TRUE) {
                    continue;
                }
                Set<String> free = new java.util.HashSet<>();
                freeVariables(c, new java.util.HashSet<>(), free);
                int level = -1;
                for (int i = 0; i < n; i++) {
                    if (free.contains(chain.get(i).name())) {
                        level = i;
                    }
                }
                byLevel.get(level + 1).add(node);
            }
            for (int i = n - 1; i >= 0; i--) {
                String name = chain.get(i).name();
                if (previous.get(i) == null) {
                    vars.remove(name);
                } else {
                    vars.put(name, previous.get(i));
                }
            }
            Node inner = TRUE;
            for (int i = n - 1; i >= 0; i--) {
                List<Node> parts = new ArrayList<>(byLevel.get(i + 1));
                if (inner != TRUE) {
                    parts.add(inner);
                }
                inner = new QuantifierNode(true, slotOf[i], candidates[i], and(parts));
            }
            List<Node> outer = new ArrayList<>(byLevel.get(0));
            outer.add(inner);
            return and(outer);
        }

        private Node and(List<Node> parts) {
            return parts.isEmpty()
                    ? TRUE
                    : parts.size() == 1 ? parts.get(0) : new AndNode(parts.toArray(new Node[0]));
        }

        private void flatten(Condition f, List<Condition> out) {
            if (f instanceof Condition.And and) {
                for (Condition part : and.parts()) {
                    flatten(part, out);
                }
            } else {
                out.add(f);
            }
        }

        private void freeVariables(Condition f, Set<String> bound, Set<String> out) {
            if (f instanceof Condition.Atom atom) {
                for (String arg : atom.terms()) {
                    if (arg.startsWith("?") && !bound.contains(arg)) {
                        out.add(arg);
                    }
                }
            } else if (f instanceof Condition.Equals equals) {
                for (String arg : List.of(equals.left(), equals.right())) {
                    if (arg.startsWith("?") && !bound.contains(arg)) {
                        out.add(arg);
                    }
                }
            } else if (f instanceof Condition.And and) {
                for (Condition part : and.parts()) {
                    freeVariables(part, bound, out);
                }
            } else if (f instanceof Condition.Or or) {
                for (Condition part : or.parts()) {
                    freeVariables(part, bound, out);
                }
            } else if (f instanceof Condition.Not not) {
                freeVariables(not.part(), bound, out);
            } else if (f instanceof Condition.Imply imply) {
                freeVariables(imply.premise(), bound, out);
                freeVariables(imply.conclusion(), bound, out);
            } else {
                Condition.Quantified q = (Condition.Quantified) f;
                Set<String> inner = new java.util.HashSet<>(bound);
                for (Param v : q.variables()) {
                    inner.add(v.name());
                }
                freeVariables(q.body(), inner, out);
            }
        }

        private Node[] compileAll(List<Condition> parts) throws MalformedGameException {
            Node[] nodes = new Node[parts.size()];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = compile(parts.get(i));
            }
            return nodes;
        }

        private Node quantifier(boolean exists, List<Param> variables, int index, Condition body)
                throws MalformedGameException {
            if (index == variables.size()) {
                return compile(body);
            }
            Param v = variables.get(index);
            Kind kind = Kind.ofPddl(v.types().get(0));
            int slot = slots++;
            int[] candidates =
                    kind == null ? new int[0] : candidates(kind, v.name(), exists ? body : null);
            int[] previous =
                    vars.put(v.name(), new int[] {slot, kind == null ? -1 : kind.ordinal()});
            Node inner = quantifier(exists, variables, index + 1, body);
            if (previous == null) {
                vars.remove(v.name());
            } else {
                vars.put(v.name(), previous);
            }
            if (exists && kind == Kind.OBJECT) {
                for (int c : candidates) {
                    objectCandidates.add(c);
                }
            }
            if (exists
                    && kind == Kind.RECEPTACLE
                    && candidates.length < scene.count(Kind.RECEPTACLE)) {
                for (int c : candidates) {
                    receptacleCandidates.add(c);
                }
            }
            return new QuantifierNode(exists, slot, candidates, inner);
        }

        /**
         * Entities of {@code kind} that pass the static unary facts the body requires of {@code
         * var}.
         */
        private int[] candidates(Kind kind, String var, Condition body) {
            List<Condition.Atom> required = new ArrayList<>();
            if (body != null) {
                collectRequired(body, required);
            }
            List<Integer> result = new ArrayList<>();
            for (int i = 0; i < scene.count(kind); i++) {
                if (passes(i, var, required)) {
                    result.add(i);
                }
            }
            for (Condition.Atom atom : required) {
                if (isFilter(atom, var)) {
                    implied.add(atom);
                }
            }
            return result.stream().mapToInt(Integer::intValue).toArray();
        }

        private void collectRequired(Condition f, List<Condition.Atom> out) {
            if (f instanceof Condition.Atom atom) {
                out.add(atom);
            } else if (f instanceof Condition.And and) {
                for (Condition part : and.parts()) {
                    collectRequired(part, out);
                }
            } else if (f instanceof Condition.Quantified q && !q.universal()) {
                collectRequired(q.body(), out);
            }
        }

        /** Whether {@code atom} is static and mentions only {@code var} and known constants. */
        private boolean isFilter(Condition.Atom atom, String var) {
            Predicate p = Predicate.byName(atom.predicate());
            if (p == null
                    || !p.isStatic()
                    || atom.terms().size() != p.arity()
                    || !atom.terms().contains(var)) {
                return false;
            }
            for (int i = 0; i < atom.terms().size(); i++) {
                String arg = atom.terms().get(i);
                if (!arg.equals(var)
                        && (arg.startsWith("?") || scene.indexOf(p.kind(i), arg) < 0)) {
                    return false;
                }
            }
            return true;
        }

        private boolean passes(int candidate, String var, List<Condition.Atom> required) {
            for (Condition.Atom atom : required) {
                Predicate p = Predicate.byName(atom.predicate());
                if (p == null || !p.isStatic() || !atom.terms().contains(var)) {
                    continue;
                }
                int[] args = new int[2];
                boolean ground = true;
                for (int i = 0; i < atom.terms().size() && i < 2; i++) {
                    String arg = atom.terms().get(i);
                    if (arg.equals(var)) {
                        args[i] = candidate;
                    } else if (arg.startsWith("?")) {
                        ground = false;
                    } else {
                        int index = scene.indexOf(p.kind(i), arg);
                        if (index < 0) {
                            ground = false;
                        }
                        args[i] = index;
                    }
                }
                if (ground && !p.test(scene, null, args[0], args[1])) {
                    return false;
                }
            }
            return true;
        }

        /** {@code (= a b)}: the two terms name the same entity. */
        private Node equality(Condition.Equals equals) throws MalformedGameException {
            String where = element + " (= " + equals.left() + " " + equals.right() + ")";
            int[] a = ref(equals.left(), null, where);
            int[] b = ref(equals.right(), null, where);
            return new EqualNode(a[0], b[0], a[1] == b[1]);
        }

        private Node atom(Condition.Atom atom) throws MalformedGameException {
            String where = element + " " + atom;
            Predicate p = Predicate.byName(atom.predicate());
            if (p == null || p.name().startsWith("NOT_")) {
                throw new MalformedGameException(
                        scene.source(),
                        where,
                        "the predicate '"
                                + atom.predicate()
                                + "' is not one the engine evaluates.");
            }
            if (atom.terms().size() != p.arity()) {
                throw new MalformedGameException(
                        scene.source(),
                        where,
                        "'"
                                + atom.predicate()
                                + "' takes "
                                + p.arity()
                                + " arguments, not "
                                + atom.terms().size()
                                + ".");
            }
            predicates.add(p);
            int[] args = new int[p.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = ref(atom.terms().get(i), p.kind(i), where)[0];
            }
            if (implied.contains(atom)) {
                return TRUE;
            }
            return new AtomNode(p, args);
        }

        /** {ref, kind ordinal}: a slot for a variable, -(index + 1) for a constant. */
        private int[] ref(String arg, Kind expected, String where) throws MalformedGameException {
            if (arg.startsWith("?")) {
                int[] v = vars.get(arg);
                if (v == null) {
                    throw new MalformedGameException(
                            scene.source(),
                            where,
                            "the variable "
                                    + arg
                                    + " is not bound by an enclosing exists or forall.");
                }
                if (expected != null && v[1] >= 0 && v[1] != expected.ordinal()) {
                    throw new MalformedGameException(
                            scene.source(),
                            where,
                            "the variable "
                                    + arg
                                    + " is of type "
                                    + Kind.values()[v[1]].pddlName()
                                    + " but the predicate expects "
                                    + expected.pddlName()
                                    + " there.");
                }
                return new int[] {v[0], v[1]};
            }
            int[] ref = scene.lookup(arg);
            if (ref == null) {
                throw new MalformedGameException(
                        scene.source(),
                        where,
                        "the constant '" + arg + "' is not declared in (:objects ...).");
            }
            if (expected != null && ref[0] != expected.ordinal()) {
                throw new MalformedGameException(
                        scene.source(),
                        where,
                        "the constant '"
                                + arg
                                + "' is of type "
                                + Kind.values()[ref[0]].pddlName()
                                + " but the predicate expects "
                                + expected.pddlName()
                                + " there.");
            }
            return new int[] {-ref[1] - 1, ref[0]};
        }
    }
}
