package org.rlanything.coding.embedded;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.coding.UnitTestMetrics;
import org.rlanything.coding.loop.MiniPrompts;
import org.rlanything.coding.loop.MiniTask;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniProblemGenerator;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.coding.mini.MiniTester;
import org.rlanything.coding.mini.StackInterpreter;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.RewardModel;
import org.rlanything.core.Seeds;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.Evaluator;

/**
 * The stack language's held-out evaluation (method.md §9), on three sets generated from the fixed
 * evaluation seed (never the pool's seed): {@code in_domain} (new problems of the training
 * families: fresh parameters and tests), {@code new_statements} (training families asked in words
 * the pool never uses, {@link org.rlanything.coding.mini.Rewordings}) and {@code out_of_domain}
 * (families never trained on).
 *
 * <p>Per set: the policy writes {@code rollouts} programs per problem; {@code success} is the
 * fraction that pass every ground-truth test. The test writer writes {@code tests} tests per
 * problem, scored with {@link UnitTestMetrics} against the problem's reference (always correct) and
 * the policy's programs: {@code ut_accuracy} (tests the reference passes), {@code detection_rate}
 * (tests the reference passes and every incorrect program fails, over problems with an incorrect
 * program), {@code test_parse_rate}. Because the policy's incorrect programs change as it learns,
 * {@code mutant_detection_rate} scores the same tests against fixed incorrect programs too:
 * one-token mutants of the reference. Beside them, the same figures of two trivial judges that only
 * know the number of inputs (which every statement says), so a UT accuracy can be compared with
 * what needs no understanding: {@code trivial_zero} writes {@code 0 … 0 -> 0} (also scored against
 * the mutants) and {@code trivial_echo} writes {@code 1 … n -> 1 … n}.
 */
public final class MiniEvaluation implements Evaluator {

    private static final long IN_DOMAIN = Seeds.purpose("coding-mini/eval/in-domain");
    private static final long REWORDED = Seeds.purpose("coding-mini/eval/new-statements");
    private static final long OUT_OF_DOMAIN = Seeds.purpose("coding-mini/eval/out-of-domain");
    private static final long POLICY = Seeds.purpose("coding-mini/eval/policy");
    private static final long JUDGE = Seeds.purpose("coding-mini/eval/judge");

    /** The operators a mutant may put in place of another. */
    private static final List<String> OPERATORS = List.of("add", "sub", "mul", "max", "min");

    private final String name;
    private final int problems;
    private final int rollouts;
    private final int tests;
    private final MiniTester tester = new MiniTester(StackInterpreter.defaults());

    /**
     * @param name the metric prefix's dataset name ({@code val-core/<name>/<set>/...})
     * @param problems problems per set
     * @param rollouts programs per problem
     * @param tests written tests per problem
     */
    public MiniEvaluation(String name, int problems, int rollouts, int tests) {
        if (problems < 1 || rollouts < 1 || tests < 1) {
            throw new IllegalArgumentException(
                    "eval problems, rollouts and tests must be >= 1, got "
                            + problems
                            + ", "
                            + rollouts
                            + ", "
                            + tests);
        }
        this.name = name;
        this.problems = problems;
        this.rollouts = rollouts;
        this.tests = tests;
    }

    /** The three held-out sets of an evaluation seed, by name. */
    public Map<String, List<MiniProblem>> sets(long seed) {
        MiniProblemGenerator generator = new MiniProblemGenerator(6);
        Map<String, List<MiniProblem>> sets = new LinkedHashMap<>();
        sets.put("in_domain", generator.generate(true, problems, Seeds.derive(seed, IN_DOMAIN)));
        sets.put(
                "new_statements",
                generator.generateReworded(problems, Seeds.derive(seed, REWORDED)));
        sets.put(
                "out_of_domain",
                generator.generate(false, problems, Seeds.derive(seed, OUT_OF_DOMAIN)));
        return sets;
    }

    @Override
    public Map<String, Double> evaluate(
            int iteration, Policy policy, RewardModel rewardModel, long seed) {
        Map<String, Double> out = new LinkedHashMap<>();
        int s = 0;
        for (Map.Entry<String, List<MiniProblem>> set : sets(seed).entrySet()) {
            String prefix = "val-core/" + name + "/" + set.getKey() + "/";
            List<List<Optional<String>>> programs =
                    programs(policy, set.getValue(), Seeds.derive(seed, POLICY, s));
            List<List<Optional<MiniTest>>> written =
                    rewardModel == null
                            ? null
                            : written(rewardModel, set.getValue(), Seeds.derive(seed, JUDGE, s));
            out.putAll(score(prefix, set.getValue(), programs, written));
            s++;
        }
        return out;
    }

    /**
     * The figures of one set from the programs and (when there is a test writer) the written tests;
     * non-finite figures are left out.
     *
     * @param programs {@code programs.get(p)}: the policy's programs for problem p (empty: none)
     * @param written {@code written.get(p)}: the tests written for problem p (empty: unparseable);
     *     null: no test writer
     */
    public Map<String, Double> score(
            String prefix,
            List<MiniProblem> set,
            List<List<Optional<String>>> programs,
            List<List<Optional<MiniTest>>> written) {
        Map<String, Double> out = new LinkedHashMap<>();
        int solved = 0;
        int total = 0;
        UnitTestMetrics judge = new UnitTestMetrics();
        UnitTestMetrics mutants = new UnitTestMetrics();
        UnitTestMetrics zero = new UnitTestMetrics();
        UnitTestMetrics echo = new UnitTestMetrics();
        UnitTestMetrics zeroMutants = new UnitTestMetrics();
        for (int p = 0; p < set.size(); p++) {
            MiniProblem problem = set.get(p);
            List<Optional<String>> candidates = new ArrayList<>();
            candidates.add(Optional.of(problem.reference()));
            for (Optional<String> program : programs.get(p)) {
                boolean ok = program.isPresent() && tester.correct(program.get(), problem.tests());
                solved += ok ? 1 : 0;
                total++;
                candidates.add(program);
            }
            boolean[] correct = correct(candidates, problem);
            List<Optional<String>> fixed = new ArrayList<>();
            fixed.add(Optional.of(problem.reference()));
            mutants(problem.reference()).forEach(m -> fixed.add(Optional.of(m)));
            boolean[] fixedCorrect = correct(fixed, problem);
            zeroMutants.add(
                    fixedCorrect,
                    tester.passMatrix(fixed, List.of(Optional.of(zeroTest(problem)))),
                    1);
            zero.add(
                    correct,
                    tester.passMatrix(candidates, List.of(Optional.of(zeroTest(problem)))),
                    1);
            echo.add(
                    correct,
                    tester.passMatrix(candidates, List.of(Optional.of(echoTest(problem)))),
                    1);
            if (written != null) {
                List<Optional<MiniTest>> w = written.get(p);
                int parsed = (int) w.stream().filter(Optional::isPresent).count();
                judge.add(correct, tester.passMatrix(candidates, w), parsed);
                mutants.add(fixedCorrect, tester.passMatrix(fixed, w), parsed);
            }
        }
        put(out, prefix + "success", total == 0 ? Double.NaN : (double) solved / total);
        if (written != null) {
            put(out, prefix + "ut_accuracy", judge.utAccuracy());
            put(out, prefix + "detection_rate", judge.detectionRate());
            put(out, prefix + "test_parse_rate", judge.parseRate());
            put(out, prefix + "mutant_detection_rate", mutants.detectionRate());
        }
        put(out, prefix + "trivial_zero_ut_accuracy", zero.utAccuracy());
        put(out, prefix + "trivial_zero_detection_rate", zero.detectionRate());
        put(out, prefix + "trivial_zero_mutant_detection_rate", zeroMutants.detectionRate());
        put(out, prefix + "trivial_echo_ut_accuracy", echo.utAccuracy());
        put(out, prefix + "trivial_echo_detection_rate", echo.detectionRate());
        return out;
    }

    private boolean[] correct(List<Optional<String>> candidates, MiniProblem problem) {
        boolean[] correct = new boolean[candidates.size()];
        for (int i = 0; i < correct.length; i++) {
            correct[i] =
                    candidates.get(i).isPresent()
                            && tester.correct(candidates.get(i).get(), problem.tests());
        }
        return correct;
    }

    /** The trivial zero test: as many zeros as the problem has inputs, then {@code -> 0}. */
    static MiniTest zeroTest(MiniProblem problem) {
        List<Long> in = new ArrayList<>();
        for (int a = 0; a < problem.family().arity(); a++) {
            in.add(0L);
        }
        return new MiniTest(in, List.of(0L));
    }

    /** The trivial echo test: inputs 1..n, expecting them back unchanged. */
    static MiniTest echoTest(MiniProblem problem) {
        List<Long> in = new ArrayList<>();
        for (int a = 1; a <= problem.family().arity(); a++) {
            in.add((long) a);
        }
        return new MiniTest(in, in);
    }

    /**
     * One-token mutants of a program: each integer literal moved by ±1, each binary operator
     * replaced by each other one of {@code add sub mul max min}, and the program with {@code inc}
     * appended; duplicates and the program itself left out.
     */
    static List<String> mutants(String program) {
        String[] tokens = program.trim().split("\\s+");
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (int i = 0; i < tokens.length; i++) {
            List<String> replacements = new ArrayList<>();
            if (tokens[i].matches("-?\\d+")) {
                long v = Long.parseLong(tokens[i]);
                replacements.add(Long.toString(v + 1));
                replacements.add(Long.toString(v - 1));
            } else if (OPERATORS.contains(tokens[i])) {
                String operator = tokens[i];
                OPERATORS.stream().filter(o -> !o.equals(operator)).forEach(replacements::add);
            }
            for (String r : replacements) {
                String[] copy = tokens.clone();
                copy[i] = r;
                out.add(String.join(" ", copy));
            }
        }
        out.add(String.join(" ", tokens) + " inc");
        out.remove(String.join(" ", tokens));
        return new ArrayList<>(out);
    }

    private List<List<Optional<String>>> programs(Policy policy, List<MiniProblem> set, long seed) {
        List<PolicyContext> contexts = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int p = 0; p < set.size(); p++) {
            MiniTask task = new MiniTask(set.get(p));
            for (int r = 0; r < rollouts; r++) {
                contexts.add(
                        new PolicyContext(
                                task, List.of(), MiniPrompts.policyPrompt(set.get(p)), List.of()));
                rngs.add(Seeds.rng(seed, p, r));
            }
        }
        List<Action> actions = policy.act(contexts, rngs);
        List<List<Optional<String>>> out = new ArrayList<>();
        for (int p = 0; p < set.size(); p++) {
            List<Optional<String>> programs = new ArrayList<>();
            for (int r = 0; r < rollouts; r++) {
                String program = actions.get(p * rollouts + r).command().strip();
                programs.add(program.isEmpty() ? Optional.empty() : Optional.of(program));
            }
            out.add(programs);
        }
        return out;
    }

    private List<List<Optional<MiniTest>>> written(
            RewardModel rewardModel, List<MiniProblem> set, long seed) {
        List<JudgeRequest> requests = new ArrayList<>();
        List<RandomGenerator> rngs = new ArrayList<>();
        for (int p = 0; p < set.size(); p++) {
            MiniProblem problem = set.get(p);
            String prompt = MiniPrompts.policyPrompt(problem);
            Step step =
                    new Step(
                            0,
                            prompt,
                            List.of(),
                            new Action("", "", 0.0, null),
                            "",
                            StepLabel.UNKNOWN);
            requests.add(
                    new JudgeRequest(
                            new Trajectory(new MiniTask(problem), 0, List.of(step), false), 0));
            rngs.add(Seeds.rng(seed, p));
        }
        List<List<Judgment>> judged = rewardModel.judge(requests, tests, rngs);
        List<List<Optional<MiniTest>>> out = new ArrayList<>();
        for (List<Judgment> samples : judged) {
            out.add(samples.stream().map(j -> MiniTest.parseJudgeOutput(j.text())).toList());
        }
        return out;
    }

    private static void put(Map<String, Double> out, String key, double value) {
        if (Double.isFinite(value)) {
            out.put(key, value);
        }
    }
}
