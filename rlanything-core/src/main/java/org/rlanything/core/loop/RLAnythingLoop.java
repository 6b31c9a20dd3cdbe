package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
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
    private final TaskFeedback taskFeedback;
    private final List<LoopListener> listeners;
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

    /** Runs one iteration (method.md §1) and notifies the listeners. */
    public IterationRecord runIteration() {
        final int t = iteration + 1;
        final long seed = config.seed();
        IterationMetrics metrics = new IterationMetrics(config);
        long started = clock.getAsLong();

        // 1 pick: K free slots uniformly without replacement, plus every pending candidate.
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
                drawWithoutReplacement(free, config.tasksPerIteration(), Seeds.rng(seed, t, PICK));

        // 2 roll out: N trajectories per task; seeds depend on (iteration, slot, role, rollout)
        // only.
        List<Role> roles = new ArrayList<>();
        List<Integer> slotOf = new ArrayList<>();
        List<Task> tasks = new ArrayList<>();
        for (int s : picked) {
            roles.add(Role.ACTIVE);
            slotOf.add(s);
            tasks.add(slots.get(s).active());
        }
        for (Candidate candidate : pending) {
            roles.add(Role.CANDIDATE);
            slotOf.add(candidate.slot());
            tasks.add(candidate.task());
        }
        List<RolloutRequest> requests = new ArrayList<>();
        for (int u = 0; u < tasks.size(); u++) {
            for (int r = 0; r < config.rolloutsPerTask(); r++) {
                requests.add(
                        new RolloutRequest(
                                tasks.get(u),
                                r,
                                Seeds.derive(
                                        seed,
                                        t,
                                        ROLLOUT,
                                        slotOf.get(u),
                                        roles.get(u).ordinal(),
                                        r)));
            }
        }
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
        long rolledOut = clock.getAsLong();
        phase(t, metrics, "gen", rolledOut - started);

        // 3 judge: every step m times with the reward model as it was after update t-1; or, when
        // the environment offers task feedback, each task's rollouts as a whole (TaskFeedback).
        List<List<List<Judgment>>> judgments =
                config.needsJudgments() && taskFeedback == null
                        ? judge(trajectories, requests, t)
                        : List.of();

        int n = config.rolloutsPerTask();
        List<TaskRollouts> results = new ArrayList<>();
        for (int u = 0; u < tasks.size(); u++) {
            List<Trajectory> own = trajectories.subList(u * n, (u + 1) * n);
            List<List<List<Judgment>>> ownJudgments =
                    judgments.isEmpty() ? List.of() : judgments.subList(u * n, (u + 1) * n);
            results.add(
                    new TaskRollouts(roles.get(u), slotOf.get(u), tasks.get(u), own, ownJudgments));
        }
        Map<TaskRollouts, TaskFeedback.Assessment> assessments = new IdentityHashMap<>();
        if (taskFeedback != null) {
            long[] taskSeeds = new long[results.size()];
            for (int u = 0; u < results.size(); u++) {
                taskSeeds[u] = Seeds.derive(seed, t, JUDGE, slotOf.get(u), roles.get(u).ordinal());
            }
            List<TaskFeedback.Assessment> assessed =
                    TaskFeedback.checked(
                            taskFeedback.assess(
                                    results,
                                    config.needsJudgments() ? rewardModel : null,
                                    config.verdictsPerStep(),
                                    taskSeeds),
                            results.size());
            for (int u = 0; u < results.size(); u++) {
                assessments.put(results.get(u), assessed.get(u));
            }
        }
        long judged = clock.getAsLong();
        phase(t, metrics, "judge", judged - rolledOut);

        // 4 validate every pending candidate on its fresh rollouts.
        List<PoolEvent> events = new ArrayList<>();
        List<TaskRollouts> training = new ArrayList<>();
        for (TaskRollouts result : results) {
            if (result.role() == Role.ACTIVE) {
                training.add(result);
                continue;
            }
            Candidate candidate = slots.get(result.slot()).pending();
            double acc = result.accuracy();
            boolean accepted =
                    config.thresholds()
                            .accepts(candidate.goal(), candidate.previousAccuracy(), acc);
            Slot slot = slots.get(result.slot());
            String fromId = slot.active().id();
            slots.set(result.slot(), accepted ? slot.accept() : slot.reject());
            events.add(
                    new PoolEvent(
                            t,
                            result.slot(),
                            accepted ? PoolEvent.Kind.ACCEPTED : PoolEvent.Kind.REJECTED,
                            candidate.goal(),
                            candidate.task().id(),
                            fromId,
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

        // 5 propose candidates for active tasks at or beyond the thresholds.
        if (config.adaptEnvironment()) {
            for (TaskRollouts result : results) {
                if (result.role() == Role.ACTIVE) {
                    propose(result, t).ifPresent(events::add);
                }
            }
        }
        long adapted = clock.getAsLong();
        phase(t, metrics, "adapt", adapted - judged);

        // 6 data: policy samples from active and accepted tasks; RM samples from those inside the
        // band.
        List<PolicySample> policySamples = new ArrayList<>();
        List<RewardModelSample> rewardModelSamples = new ArrayList<>();
        List<TaskFeedback.Assessment> trainingAssessments = new ArrayList<>();
        for (TaskRollouts result : training) {
            double acc = result.accuracy();
            TaskFeedback.Assessment assessment = assessments.get(result);
            if (assessment != null) {
                trainingAssessments.add(assessment);
                if (config.policyBand().contains(acc)) {
                    metrics.policyTask(assessment.rewards());
                    policySamples.addAll(assessment.policySamples());
                }
                if (config.trainRewardModel() && config.rewardModelBand().contains(acc)) {
                    metrics.rewardModelTask();
                    rewardModelSamples.addAll(assessment.rewardModelSamples());
                }
                continue;
            }
            if (config.policyBand().contains(acc)) {
                metrics.policyTask(
                        PolicyData.stepRewards(result, config.feedback(), config.lambda()));
                policySamples.addAll(
                        PolicyData.samples(
                                result, config.feedback(), config.lambda(), config.singleton()));
            }
            if (config.trainRewardModel() && config.rewardModelBand().contains(acc)) {
                metrics.rewardModelTask();
                rewardModelSamples.addAll(
                        RewardModelData.samples(
                                result, config.lambda(), config.rewardModelWeighting()));
            }
        }
        metrics.policySamples(policySamples);
        metrics.rewardModelSamples(rewardModelSamples);
        if (taskFeedback != null) {
            metrics.put("", taskFeedback.figures(trainingAssessments));
        }

        // 7 update: the policy first, then the reward model; an empty sample set skips the update.
        if (!policySamples.isEmpty()) {
            UpdateStats stats = policy.update(policySamples, Seeds.rng(seed, t, UPDATE_POLICY));
            metrics.put("actor/", stats.metrics());
        }
        long policyUpdated = clock.getAsLong();
        phase(t, metrics, "update_actor", policyUpdated - adapted);
        if (config.trainRewardModel() && !rewardModelSamples.isEmpty()) {
            UpdateStats stats =
                    rewardModel.update(rewardModelSamples, Seeds.rng(seed, t, UPDATE_REWARD_MODEL));
            metrics.put("reward_model/", stats.metrics());
        }
        long rewardModelUpdated = clock.getAsLong();
        phase(t, metrics, "update_reward_model", rewardModelUpdated - policyUpdated);

        iteration = t;

        // 8 evaluate every E iterations, with the same evaluation seed each time.
        if (evaluator != null && evaluationSchedule.test(t)) {
            metrics.put("", evaluator.evaluate(t, policy, rewardModel, evaluationSeed()));
            phase(t, metrics, "eval", clock.getAsLong() - rewardModelUpdated);
        }

        metrics.rollouts(results, slots);
        metrics.pool(events, slots, acceptedTotal, rejectedTotal);
        metrics.put("training/global_step", t);
        metrics.timing("step", clock.getAsLong() - started);

        IterationRecord record =
                new IterationRecord(t, metrics.values(), results, events, captureState());
        for (LoopListener listener : listeners) {
            listener.onIterationEnd(record);
        }
        return record;
    }

    /** Records a phase's wall time and tells the listeners that the phase ended. */
    private void phase(int t, IterationMetrics metrics, String name, long nanos) {
        metrics.timing(name, nanos);
        for (LoopListener listener : listeners) {
            listener.onPhaseEnd(t, name, nanos);
        }
    }

    private List<List<List<Judgment>>> judge(
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
                                config.verdictsPerStep(),
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
                if (m.size() != config.verdictsPerStep()) {
                    throw new IllegalStateException(
                            "The reward model returned "
                                    + m.size()
                                    + " judgments for a"
                                    + " step, but verdicts_per_step is "
                                    + config.verdictsPerStep()
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
        Optional<RewriteGoal> goal = config.thresholds().trigger(acc);
        if (goal.isEmpty()) {
            return Optional.empty();
        }
        Slot slot = slots.get(result.slot());
        CriticFeedback critic = CriticFeedbackBuilder.of(result);
        RewriteRequest request =
                new RewriteRequest(slot.original(), slot.active(), goal.get(), acc, critic);
        String why = "the rewriter declined every attempt";
        for (int attempt = 0; attempt < config.rewriterSamples(); attempt++) {
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
        private LoopConfig config = LoopConfig.builder().build();
        private Environment environment;
        private Policy policy;
        private RewardModel rewardModel;
        private Rewriter rewriter;
        private RolloutEngine rollouts = new LockstepRollouts();
        private Evaluator evaluator;
        private TaskFeedback taskFeedback;
        private final List<LoopListener> listeners = new ArrayList<>();
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
        public Builder taskFeedback(TaskFeedback value) {
            taskFeedback = value;
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
