package org.rlanything.neural.provider;

import org.rlanything.core.config.Check;
import org.rlanything.core.config.InvalidValueException;

/**
 * The sizes of the generic starting models' warm start ({@link GenericWarmStart}), the {@code
 * warm_start} mapping of a {@code neural} section; every key left out keeps the default, so a
 * config without the mapping makes exactly the models it made before the keys existed. The two
 * models are made together by one recipe: it is read from {@code policy.warm_start} when {@code
 * policy.kind} is {@code neural}, else from {@code reward_model.warm_start}.
 *
 * @param tasks tasks drawn from the pool and played (default 24)
 * @param episodes episodes played per drawn task (default 2)
 * @param explore the probability of a drawn admissible command instead of the demonstrator's
 *     (default 0.25)
 * @param maxSteps the step limit of a played episode (default 0: the environment's {@code
 *     max_steps})
 * @param vocabSize the tokenizer's target size (default 384; at least 259)
 * @param width the models' hidden size (default 64; a multiple of {@code heads} with an even
 *     quotient)
 * @param layers decoder layers (default 2)
 * @param heads attention heads (default 4)
 * @param positions the longest prompt plus response in tokens (default 320; the policy's prompt
 *     gets 24 fewer)
 * @param policySteps supervised steps of the policy on the demonstrator's commands, in cloning and
 *     in each DAgger round (default: sized from the data, 4 passes over the demonstrations, 50 to
 *     3000 steps)
 * @param judgeSteps supervised steps of the judge on the verdicts (default 400)
 * @param batch sequences per supervised step (default 16)
 * @param learningRate the supervised learning rate, decaying linearly to a tenth (default 3e-3)
 * @param daggerRounds the most DAgger rounds after cloning, in which the demonstrator labels the
 *     states the clone reaches; they stop when the clone's validation success stops rising (default
 *     4; 0: cloning alone)
 * @param validationTasks pool tasks outside the sample the clone is measured on after each round
 *     (default 16)
 */
public record WarmStartConfig(
        Integer tasks,
        Integer episodes,
        Double explore,
        Integer maxSteps,
        Integer vocabSize,
        Integer width,
        Integer layers,
        Integer heads,
        Integer positions,
        Integer policySteps,
        Integer judgeSteps,
        Integer batch,
        Double learningRate,
        Integer daggerRounds,
        Integer validationTasks) {

    /** Every key at its default ({@link GenericWarmStart#defaults}). */
    public static final WarmStartConfig DEFAULTS =
            new WarmStartConfig(
                    null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, null);

    public WarmStartConfig {
        GenericWarmStart d = GenericWarmStart.defaults(0);
        tasks = Check.between("tasks", tasks, d.sampleTasks(), 1, Check.MAX_POOL);
        episodes = Check.between("episodes", episodes, d.episodes(), 1, 1000);
        explore = Check.between("explore", explore, d.explore(), 0.0, 1.0);
        maxSteps = Check.between("max_steps", maxSteps, 0, 0, 10000);
        vocabSize = Check.between("vocab_size", vocabSize, d.vocabSize(), 259, 65536);
        width = Check.between("width", width, d.width(), 2, 4096);
        layers = Check.between("layers", layers, d.layers(), 1, 64);
        heads = Check.between("heads", heads, d.heads(), 1, 64);
        positions =
                Check.between(
                        "positions",
                        positions,
                        d.positions(),
                        GenericWarmStart.RESPONSE_TOKENS + 9,
                        16384);
        // null: sized from the data (GenericWarmStart.SIZED), kept null so the config reads back
        policySteps =
                policySteps == null
                        ? null
                        : Check.between("policy_steps", policySteps, 0, 0, 100000);
        judgeSteps = Check.between("judge_steps", judgeSteps, d.judgeSteps(), 0, 100000);
        batch = Check.between("batch", batch, d.batch(), 1, 1024);
        learningRate = Check.between("learning_rate", learningRate, d.learningRate(), 1e-9, 1.0);
        daggerRounds = Check.between("dagger_rounds", daggerRounds, d.daggerRounds(), 0, 100);
        validationTasks =
                Check.between(
                        "validation_tasks",
                        validationTasks,
                        d.validationTasks(),
                        1,
                        Check.MAX_POOL);
        if (width % heads != 0 || (width / heads) % 2 != 0) {
            throw new InvalidValueException(
                    "heads",
                    "expected a number of heads that divides width "
                            + width
                            + " into an even head size, got "
                            + heads
                            + ".");
        }
    }

    /**
     * The warm start of these sizes for the run seed {@code seed} in an environment whose step
     * limit is {@code environmentSteps} (0 where unknown: then 30).
     */
    public GenericWarmStart recipe(long seed, int environmentSteps) {
        return new GenericWarmStart(
                seed,
                tasks,
                episodes,
                explore,
                maxSteps > 0 ? maxSteps : environmentSteps > 0 ? environmentSteps : 30,
                vocabSize,
                width,
                layers,
                heads,
                positions,
                policySteps == null ? GenericWarmStart.SIZED : policySteps,
                judgeSteps,
                batch,
                learningRate,
                daggerRounds,
                validationTasks);
    }
}
