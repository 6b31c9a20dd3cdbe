package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import org.rlanything.core.Candidate;
import org.rlanything.core.CriticFeedback;
import org.rlanything.core.Environment;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.LockstepRollouts;
import org.rlanything.core.Policy;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModel;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.RolloutEngine;
import org.rlanything.core.RolloutRequest;
import org.rlanything.core.Seeds;
import org.rlanything.core.Slot;
import org.rlanything.core.Task;
import org.rlanything.core.Trajectory;
import org.rlanything.core.UpdateStats;
import org.rlanything.core.Verification;
import org.rlanything.core.loop.TaskRollouts.Role;
import org.rlanything.core.reward.AccuracyBand;

/**
 * The RLAnything closed loop (method.md §1): policy, reward model and task pool improve each other.
 *
 * <p>One {@link #runIteration() iteration}, in exactly this order:
 *
 * <ol>
 *   <li><b>pick</b> K active slots uniformly without replacement among slots with no pending
 *       candidate, plus every pending candidate (all made in the previous iteration);
 *   <li><b>roll out</b> N trajectories of each with the current policy, at most H steps;
 *   <li><b>judge</b> every step m times with the current reward model, i.e. the one after update
 *       t-1 (or, when the environment offers {@link TaskFeedback}, each task's rollouts as a
 *       whole);
 *   <li><b>validate</b> each candidate with the acceptance rule: accepted ones become their slot's
 *       active task, rejected ones are deleted, and either way they leave the pending set;
 *   <li><b>propose</b> a candidate for each active task at or beyond the thresholds, from critic
 *       feedback derived from step 3, verified before it is kept as pending;
 *   <li><b>data</b>: policy samples from the active tasks and the accepted candidates (rejected
 *       candidates' rollouts are discarded), reward-model samples from the same tasks inside
 *       0.2..0.8;
 *   <li><b>update</b> the policy, then the reward model (an empty sample set skips its update);
 *   <li><b>evaluate</b> every E iterations (or on the builder's schedule).
 * </ol>
 *
 * Steps 4 and 5 touch disjoint slots. Every random draw is derived from the run seed and the
 * iteration ({@link Seeds}), so {@link #captureState()} / {@link #restoreState(LoopState)} resume
 * exactly.
 */
public final class RLAnythingLoop {

    private static final long PICK = Seeds.purpose("pick");
    private static final long ROLLOUT = Seeds.purpose("rollout");
    private static final long JUDGE = Seeds.purpose("judge");
    private static final long REWRITE = Seeds.purpose("rewrite");
    private static final long UPDATE_POLICY = Seeds.purpose("update-policy");
    private static final long UPDATE_REWARD_MODEL = Seeds.purpose("update-reward-model");
    private static final long EVALUATE = Seeds.purpose("evaluate");

    private final LoopConfig config;
    private final Environment environment;
    private final Policy policy;
    private final RewardModel rewardModel;
    private final Rewriter rewriter;
    private final RolloutEngine rollouts;
    private final Evaluator evaluator;
    private final TaskFeedback<?> taskFeedback;
    private final List<LoopListener> listeners;
    private final StepCorrections corrections;
    private final LongSupplier clock;
    private final java.util.function.IntPredicate evaluationSchedule;

    private List<Slot> slots;
    private int iteration;
    private long acceptedTotal;
    private long rejectedTotal;

    private RLAnythingLoop(Builder builder) {
        this.config = Objects.requireNonNull(builder.config, "config");
        this.environment = Objects.requireNonNull(builder.environment, "environment");
        this.policy = Objects.requireNonNull(builder.policy, "policy");
        this.rewardModel = builder.rewardModel;
        this.rewriter = builder.rewriter;
        this.rollouts = builder.rollouts;
        this.evaluator = builder.evaluator;
        this.taskFeedback = builder.taskFeedback;
        this.listeners = List.copyOf(builder.listeners);
        this.corrections = builder.corrections;
        this.clock = builder.clock;
        this.evaluationSchedule =
                builder.evaluationSchedule != null
                        ? builder.evaluationSchedule
                        : t -> config.evaluateEvery() > 0 && t % config.evaluateEvery() == 0;
        if (config.needsJudgments() && rewardModel == null) {
            throw new IllegalArgumentException(
                    "This configuration (feedback "
                            + config.feedback()
                            + ", train_reward_model "
                            + config.trainRewardModel()
                            + ", adapt_environment "
                            + config.adaptEnvironment()
                            + ") needs a reward model, but none was given.");
        }
        if (config.adaptEnvironment() && rewriter == null) {
            throw new IllegalArgumentException(
                    "adapt_environment is on, but no rewriter was given.");
        }
        if (builder.tasks.isEmpty()) {
            throw new IllegalArgumentException("The task pool is empty: give at least one task.");
        }
        List<Slot> initial = new ArrayList<>();
        for (Task task : builder.tasks) {
            initial.add(Slot.of(initial.size(), task));
        }
        this.slots = initial;
    }

    public static Builder builder() {
        return new Builder();
    }

    public LoopConfig config() {
        return config;
    }

    /**
     * The fixed seed every evaluation of this run uses, so that evaluations compare policies, not
     * luck.
     */
    public long evaluationSeed() {
        return evaluationSeed(config.seed());
    }

    /** The evaluation seed of a run with the given seed. */
    public static long evaluationSeed(long runSeed) {
        return Seeds.derive(runSeed, EVALUATE);
    }

    /** The number of completed iterations. */
    public int iteration() {
        return iteration;
    }

    public List<Slot> slots() {
        return List.copyOf(slots);
    }

    /** Runs iterations until {@code total} have completed. */
    public void runUntil(int total) {
        while (iteration < total) {
            runIteration();
        }
    }

    /** The loop's state, to be saved beside the models' checkpoints. */
    public LoopState captureState() {
        return new LoopState(config.seed(), iteration, slots, acceptedTotal, rejectedTotal);
    }

    /**
     * Continues from a captured state; the models must be restored to the same point by their
     * owner.
     */
    public void restoreState(LoopState state) {
        if (state.seed() != config.seed()) {
            throw new IllegalArgumentException(
                    "The saved loop state belongs to seed "
                            + state.seed()
                            + ", but this run's seed is "
                            + config.seed()
                            + ".");
        }
        if (state.slots().size() != slots.size()) {
            throw new IllegalArgumentException(
                    "The saved loop state has "
                            + state.slots().size()
                            + " slots, but this run's task pool has "
                            + slots.size()
                            + ".");
        }
        this.slots = new ArrayList<>(state.slots());
        this.iteration = state.iteration();
        this.acceptedTotal = state.acceptedTotal();
        this.rejectedTotal = state.rejectedTotal();
    }

    /**
     * Runs one iteration (method.md §1), one method per step of the method, and notifies the
     * listeners.
     */
    public IterationRecord runIteration() {
        Pass pass = new Pass(iteration + 1, new IterationMetrics(config), clock.getAsLong());
        corrections.iterationStarts(pass.t);
        List<Draw> drawn = pick(pass);
        List<RolloutRequest> requests = requests(pass, drawn);
        List<Trajectory> trajectories = rollOut(pass, requests);
        List<TaskRollouts> results = judge(pass, drawn, requests, trajectories);
        Assessments<?> assessments = assess(pass, results);
        pass.phase("judge");
        List<PoolEvent> events = new ArrayList<>();
        List<TaskRollouts> training = validate(pass, results, events);
        corrections.judged(training);
        proposeAll(pass, results, events);
        pass.phase("adapt");
        Samples samples = data(pass, training, assessments);
        update(pass, samples);
        iteration = pass.t;
        evaluate(pass);
        return finish(pass, results, events);
    }

    /**
     * One iteration in progress: its number t, its metrics and the clock reading at the end of the
     * last phase.
     */
    private final class Pass {
        final int t;
        final IterationMetrics metrics;
        final long started;
        long mark;

        Pass(int t, IterationMetrics metrics, long started) {
            this.t = t;
            this.metrics = metrics;
            this.started = started;
            this.mark = started;
        }

        /** Ends phase {@code name}: its wall time since the last phase, told to the listeners. */
        void phase(String name) {
            long now = clock.getAsLong();
            metrics.timing(name, now - mark);
            for (LoopListener listener : listeners) {
                listener.onPhaseEnd(t, name, now - mark);
            }
            mark = now;
        }
    }

    /** A task drawn for this iteration: why (active or candidate), its slot and the task. */
    private record Draw(Role role, int slot, Task task) {}

    /** Step 6's output: the samples each model learns from. */
    private record Samples(List<PolicySample> policy, List<RewardModelSample> rewardModel) {}

    /** Step 1, pick: K free slots uniformly without replacement, plus every pending candidate. */
    private List<Draw> pick(Pass pass) {
        List<Integer> free = new ArrayList<>();
        List<Candidate> pending = new ArrayList<>();
        for (Slot slot : slots) {
            if (slot.pendingCandidate().isPresent()) {
                pending.add(slot.pending());
            } else {
                free.add(slot.index());
            }
        }
        List<Integer> picked =
                drawWithoutReplacement(
                        free,
                        config.algorithm().tasksPerIteration(),
                        Seeds.rng(config.seed(), pass.t, PICK));
        List<Draw> drawn = new ArrayList<>();
        for (int s : picked) {
            drawn.add(new Draw(Role.ACTIVE, s, slots.get(s).active()));
        }
        for (Candidate candidate : pending) {
            drawn.add(new Draw(Role.CANDIDATE, candidate.slot(), candidate.task()));
        }
        return drawn;
    }

    /**
     * Step 2, roll out: N trajectories per task, at most H steps; seeds depend on (iteration, slot,
     * role, rollout) only.
     */
    private List<Trajectory> rollOut(Pass pass, List<RolloutRequest> requests) {
        List<Trajectory> trajectories =
                rollouts.rollOut(requests, policy, environment, config.maxSteps());
        if (trajectories.size() != requests.size()) {
            throw new IllegalStateException(
                    "The rollout engine returned "
                            + trajectories.size()
                            + " trajectories for "
                            + requests.size()
                            + " requests.");
        }
        pass.phase("gen");
        return trajectories;
    }

    /** The N rollout requests of each drawn task, in order. */
    private List<RolloutRequest> requests(Pass pass, List<Draw> drawn) {
        List<RolloutRequest> requests = new ArrayList<>();
        for (Draw draw : drawn) {
            for (int r = 0; r < config.algorithm().rolloutsPerTask(); r++) {
                long seed =
                        Seeds.derive(
                                config.seed(),
                                pass.t,
                                ROLLOUT,
                                draw.slot(),
                                draw.role().ordinal(),
                                r);
                requests.add(new RolloutRequest(draw.task(), r, seed));
            }
        }
        return requests;
    }

    /**
     * Step 3, judge: every step m times with the reward model as it was after update t-1 (none when
     * the configuration needs no judgments or the environment offers task feedback); the rollouts
     * grouped by task.
     */
    private List<TaskRollouts> judge(
            Pass pass,
            List<Draw> drawn,
            List<RolloutRequest> requests,
            List<Trajectory> trajectories) {
        List<List<List<Judgment>>> judgments =
                config.needsJudgments() && taskFeedback == null
                        ? judgeSteps(trajectories, requests, pass.t)
                        : List.of();
        int n = config.algorithm().rolloutsPerTask();
        List<TaskRollouts> results = new ArrayList<>();
        for (int u = 0; u < drawn.size(); u++) {
            Draw draw = drawn.get(u);
            List<List<List<Judgment>>> own =
                    judgments.isEmpty() ? List.of() : judgments.subList(u * n, (u + 1) * n);
            results.add(
                    new TaskRollouts(
                            draw.role(),
                            draw.slot(),
                            draw.task(),
                            trajectories.subList(u * n, (u + 1) * n),
                            own));
        }
        return results;
    }

    /**
     * Step 3 with task feedback (see {@link TaskFeedback}): each task's rollouts assessed as a
     * whole, by task; empty without task feedback.
     */
    private Assessments<?> assess(Pass pass, List<TaskRollouts> results) {
        if (taskFeedback == null) {
            return Assessments.none();
        }
        long[] taskSeeds = new long[results.size()];
        for (int u = 0; u < results.size(); u++) {
            TaskRollouts result = results.get(u);
            taskSeeds[u] =
                    Seeds.derive(
                            config.seed(), pass.t, JUDGE, result.slot(), result.role().ordinal());
        }
        return Assessments.of(
                taskFeedback,
                results,
                config.needsJudgments() ? rewardModel : null,
                config.algorithm().verdictsPerStep(),
                taskSeeds);
    }

    /**
     * Step 4, validate every pending candidate on its fresh rollouts: accepted ones become their
     * slot's active task, rejected ones are deleted. Returns the tasks whose rollouts reach
     * training (active tasks and accepted candidates).
     */
    private List<TaskRollouts> validate(
            Pass pass, List<TaskRollouts> results, List<PoolEvent> events) {
        List<TaskRollouts> training = new ArrayList<>();
        for (TaskRollouts result : results) {
            if (result.role() == Role.ACTIVE) {
                training.add(result);
                continue;
            }
            Slot slot = slots.get(result.slot());
            Candidate candidate = slot.pending();
            double acc = result.accuracy();
            boolean accepted =
                    config.algorithm()
                            .thresholds()
                            .accepts(candidate.goal(), candidate.previousAccuracy(), acc);
            slots.set(result.slot(), accepted ? slot.accept() : slot.reject());
            events.add(
                    new PoolEvent(
                            pass.t,
                            result.slot(),
                            accepted ? PoolEvent.Kind.ACCEPTED : PoolEvent.Kind.REJECTED,
                            candidate.goal(),
                            candidate.task().id(),
                            slot.active().id(),
                            acc,
                            candidate.previousAccuracy(),
                            candidate.task().describe()));
            if (accepted) {
                acceptedTotal++;
                training.add(result); // rejected candidates' rollouts never reach training data
            } else {
                rejectedTotal++;
            }
        }
        return training;
    }

    /** Step 5, propose candidates for active tasks at or beyond the thresholds. */
    private void proposeAll(Pass pass, List<TaskRollouts> results, List<PoolEvent> events) {
        if (!config.adaptEnvironment()) {
            return;
        }
        for (TaskRollouts result : results) {
            if (result.role() == Role.ACTIVE) {
                propose(result, pass.t).ifPresent(events::add);
            }
        }
    }

    /**
     * Step 6, data: policy samples from active and accepted tasks inside the policy band;
     * reward-model samples from those inside the reward model's band.
     */
    private Samples data(Pass pass, List<TaskRollouts> training, Assessments<?> assessments) {
        AlgorithmConfig algorithm = config.algorithm();
        AccuracyBand policyBand = algorithm.policyAccuracyBand();
        AccuracyBand rewardModelBand = algorithm.rewardModelAccuracyBand();
        List<PolicySample> policySamples = new ArrayList<>();
        List<RewardModelSample> rewardModelSamples = new ArrayList<>();
        int correctionsUsed = 0; // corrected steps in this iteration's training data
        CorrectedRollouts.Teacher teacher =
                corrections.inForce() > 0 && config.trainRewardModel()
                        ? CorrectedRollouts.teacher(rewardModel, training)
                        : CorrectedRollouts.Teacher.NONE;
        for (TaskRollouts result : training) {
            double acc = result.accuracy();
            TaskFeedback.Assessment<?> assessment = assessments.of(result);
            if (policyBand.contains(acc) && assessment != null) {
                pass.metrics.policyTask(assessment.rewards());
                policySamples.addAll(assessment.policySamples());
            }
            // a person's corrections (StepCorrections): the policy sees the person's verdicts
            CorrectedRollouts corrected =
                    assessment == null
                            ? CorrectedRollouts.of(result, corrections, teacher)
                            : new CorrectedRollouts(result, List.of(), java.util.Set.of());
            if (assessment == null && policyBand.contains(acc)) {
                TaskRollouts seen = corrected.forPolicy();
                correctionsUsed += corrected.corrected().size();
                pass.metrics.policyTask(
                        PolicyData.stepRewards(seen, config.feedback(), algorithm.lambda()));
                List<double[]> advantages =
                        PolicyData.advantages(seen, config.feedback(), algorithm);
                if (config.feedback().usesVerdicts()) {
                    pass.metrics.verdictShares(
                            advantages,
                            PolicyData.outcomeAdvantages(seen, config.feedback(), algorithm));
                }
                policySamples.addAll(PolicyData.samples(seen, advantages));
            }
            if (config.trainRewardModel() && rewardModelBand.contains(acc)) {
                pass.metrics.rewardModelTask();
                if (assessment != null) {
                    rewardModelSamples.addAll(assessment.rewardModelSamples());
                } else {
                    // a corrected step trains the judge towards the person's verdict instead
                    rewardModelSamples.addAll(
                            corrected.withoutCorrected(
                                    result,
                                    RewardModelData.samples(
                                            result,
                                            algorithm.lambda(),
                                            algorithm.rewardModelWeighting())));
                    rewardModelSamples.addAll(corrected.judgeSamples());
                    correctionsUsed += policyBand.contains(acc) ? 0 : corrected.corrected().size();
                }
            }
        }
        if (corrections.inForce() > 0) {
            pass.metrics.put(
                    "",
                    java.util.Map.of(
                            "corrections/in_force",
                            (double) corrections.inForce(),
                            "corrections/used",
                            (double) correctionsUsed));
        }
        pass.metrics.policySamples(policySamples);
        pass.metrics.rewardModelSamples(rewardModelSamples);
        pass.metrics.put("", assessments.figures(training));
        return new Samples(policySamples, rewardModelSamples);
    }

    /**
     * Step 7, update: the policy first, then the reward model; an empty sample set skips the
     * update.
     */
    private void update(Pass pass, Samples samples) {
        if (!samples.policy().isEmpty()) {
            UpdateStats stats =
                    policy.update(
                            samples.policy(), Seeds.rng(config.seed(), pass.t, UPDATE_POLICY));
            pass.metrics.put("actor/", stats.metrics());
        }
        pass.phase("update_actor");
        if (config.trainRewardModel() && !samples.rewardModel().isEmpty()) {
            UpdateStats stats =
                    rewardModel.update(
                            samples.rewardModel(),
                            Seeds.rng(config.seed(), pass.t, UPDATE_REWARD_MODEL));
            pass.metrics.put("reward_model/", stats.metrics());
        }
        pass.phase("update_reward_model");
    }

    /** Step 8, evaluate every E iterations, with the same evaluation seed each time. */
    private void evaluate(Pass pass) {
        if (evaluator != null && evaluationSchedule.test(pass.t)) {
            pass.metrics.put("", evaluator.evaluate(pass.t, policy, rewardModel, evaluationSeed()));
            pass.phase("eval");
        }
    }

    /** The iteration's record: its metrics, rollouts, pool events and state, to the listeners. */
    private IterationRecord finish(Pass pass, List<TaskRollouts> results, List<PoolEvent> events) {
        pass.metrics.rollouts(results, slots);
        pass.metrics.pool(events, slots, acceptedTotal, rejectedTotal);
        pass.metrics.put("training/global_step", pass.t);
        pass.metrics.timing("step", clock.getAsLong() - pass.started);
        IterationRecord record =
                new IterationRecord(pass.t, pass.metrics.values(), results, events, captureState());
        for (LoopListener listener : listeners) {
            listener.onIterationEnd(record);
        }
        return record;
    }

    private List<List<List<Judgment>>> judgeSteps(
            List<Trajectory> trajectories, List<RolloutRequest> requests, int t) {
        List<JudgeRequest> judgeRequests = new ArrayList<>();
        List<Long> seeds = new ArrayList<>();
        for (int k = 0; k < trajectories.size(); k++) {
            Trajectory trajectory = trajectories.get(k);
            long trajectorySeed = requests.get(k).seed();
            for (int i = 0; i < trajectory.length(); i++) {
                judgeRequests.add(new JudgeRequest(trajectory, i));
                seeds.add(
                        Seeds.derive(
                                config.seed(), t, JUDGE, trajectorySeed, i)); // Seeds.rng's seed
            }
        }
        List<List<Judgment>> flat =
                judgeRequests.isEmpty()
                        ? List.of()
                        : rollouts.judgeSeeded(
                                judgeRequests,
                                config.algorithm().verdictsPerStep(),
                                seeds.stream().mapToLong(Long::longValue).toArray(),
                                rewardModel);
        if (flat.size() != judgeRequests.size()) {
            throw new IllegalStateException(
                    "The reward model returned judgments for "
                            + flat.size()
                            + " of "
                            + judgeRequests.size()
                            + " steps.");
        }
        List<List<List<Judgment>>> perTrajectory = new ArrayList<>();
        int next = 0;
        for (Trajectory trajectory : trajectories) {
            List<List<Judgment>> steps = new ArrayList<>();
            for (int i = 0; i < trajectory.length(); i++) {
                List<Judgment> m = flat.get(next++);
                if (m.size() != config.algorithm().verdictsPerStep()) {
                    throw new IllegalStateException(
                            "The reward model returned "
                                    + m.size()
                                    + " judgments for a"
                                    + " step, but verdicts_per_step is "
                                    + config.algorithm().verdictsPerStep()
                                    + ".");
                }
                steps.add(List.copyOf(m));
            }
            perTrajectory.add(steps);
        }
        return perTrajectory;
    }

    private Optional<PoolEvent> propose(TaskRollouts result, int t) {
        double acc = result.accuracy();
        Optional<RewriteGoal> goal = config.algorithm().thresholds().trigger(acc);
        if (goal.isEmpty()) {
            return Optional.empty();
        }
        Slot slot = slots.get(result.slot());
        CriticFeedback critic = CriticFeedbackBuilder.of(result);
        RewriteRequest request =
                new RewriteRequest(slot.original(), slot.active(), goal.get(), acc, critic);
        String why = "the rewriter declined every attempt";
        for (int attempt = 0; attempt < config.algorithm().rewriterSamples(); attempt++) {
            Optional<Task> proposal =
                    rollouts.rewrite(
                            request,
                            Seeds.rng(config.seed(), t, REWRITE, slot.index(), attempt),
                            rewriter);
            if (proposal.isEmpty()) {
                continue;
            }
            Verification verification = environment.verify(proposal.get());
            if (!verification.valid()) {
                why = "the last proposal failed verification: " + verification.reason();
                continue;
            }
            Candidate candidate = new Candidate(slot.index(), proposal.get(), goal.get(), acc, t);
            slots.set(slot.index(), slot.withPending(candidate));
            return Optional.of(
                    new PoolEvent(
                            t,
                            slot.index(),
                            PoolEvent.Kind.PROPOSED,
                            goal.get(),
                            candidate.task().id(),
                            slot.active().id(),
                            acc,
                            acc,
                            candidate.task().describe()));
        }
        return Optional.of(
                new PoolEvent(
                        t,
                        slot.index(),
                        PoolEvent.Kind.DECLINED,
                        goal.get(),
                        null,
                        slot.active().id(),
                        acc,
                        acc,
                        why));
    }

    /** A partial Fisher-Yates shuffle: the first {@code k} of a uniformly random permutation. */
    static List<Integer> drawWithoutReplacement(
            List<Integer> population, int k, RandomGenerator rng) {
        List<Integer> pool = new ArrayList<>(population);
        int take = Math.min(k, pool.size());
        for (int i = 0; i < take; i++) {
            int j = i + rng.nextInt(pool.size() - i);
            Integer swap = pool.get(i);
            pool.set(i, pool.get(j));
            pool.set(j, swap);
        }
        return new ArrayList<>(pool.subList(0, take));
    }

    /** Builds a loop; config, environment, policy and tasks are required. */
    public static final class Builder {
        private LoopConfig config;
        private Environment environment;
        private Policy policy;
        private RewardModel rewardModel;
        private Rewriter rewriter;
        private RolloutEngine rollouts = new LockstepRollouts();
        private Evaluator evaluator;
        private TaskFeedback<?> taskFeedback;
        private final List<LoopListener> listeners = new ArrayList<>();
        private StepCorrections corrections = StepCorrections.NONE;
        private final List<Task> tasks = new ArrayList<>();
        private LongSupplier clock = System::nanoTime;
        private java.util.function.IntPredicate evaluationSchedule;

        public Builder config(LoopConfig value) {
            config = value;
            return this;
        }

        public Builder environment(Environment value) {
            environment = value;
            return this;
        }

        public Builder policy(Policy value) {
            policy = value;
            return this;
        }

        public Builder rewardModel(RewardModel value) {
            rewardModel = value;
            return this;
        }

        public Builder rewriter(Rewriter value) {
            rewriter = value;
            return this;
        }

        public Builder rolloutEngine(RolloutEngine value) {
            rollouts = Objects.requireNonNull(value, "rolloutEngine");
            return this;
        }

        public Builder evaluator(Evaluator value) {
            evaluator = value;
            return this;
        }

        /**
         * The environment's task feedback, used in place of step judging (see {@link
         * TaskFeedback}); null (the default) keeps step judging.
         */
        public Builder taskFeedback(TaskFeedback<?> value) {
            taskFeedback = value;
            return this;
        }

        /**
         * A person's corrections of the judge's verdicts (see {@link StepCorrections}); {@link
         * StepCorrections#NONE} by default.
         */
        public Builder corrections(StepCorrections value) {
            corrections = Objects.requireNonNull(value, "corrections");
            return this;
        }

        public Builder listener(LoopListener value) {
            listeners.add(Objects.requireNonNull(value, "listener"));
            return this;
        }

        /** The original tasks, one slot each, in this order. */
        public Builder tasks(List<? extends Task> value) {
            tasks.addAll(value);
            return this;
        }

        /** The time source for {@code timing_s/...} metrics, in nanoseconds. */
        public Builder clock(LongSupplier value) {
            clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * When to evaluate, by iteration; the default is every {@code evaluate_every} iterations. A
         * run that must also evaluate its last iteration passes its own schedule.
         */
        public Builder evaluationSchedule(java.util.function.IntPredicate value) {
            evaluationSchedule = Objects.requireNonNull(value, "evaluationSchedule");
            return this;
        }

        public RLAnythingLoop build() {
            return new RLAnythingLoop(this);
        }
    }
}
