package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;

/**
 * Which {@link Rig} builds each kind for its contract test, by section. Every kind the {@link
 * ProviderRegistry} finds must be here, or in {@link #EXCEPTIONS} with the reason it has no
 * contract: a new kind without either fails its section's contract test.
 */
final class ContractFixtures {

    private static final Map<Section, Map<String, Rig>> RIGS =
            Map.of(
                    Section.ENVIRONMENT,
                    Map.of(
                            "keylock", Rig.KEYLOCK_TABULAR,
                            "rungs", Rig.RUNGS,
                            "miniwob", Rig.MINIWOB,
                            "alfworld", Rig.ALFWORLD,
                            "pddl", Rig.PDDL,
                            "coding", Rig.CODING,
                            "coding-mini", Rig.CODING_MINI,
                            "remote", Rig.REMOTE),
                    Section.POLICY,
                    Map.of(
                            "tabular", Rig.KEYLOCK_TABULAR,
                            "random", Rig.KEYLOCK_RANDOM,
                            "stepper", Rig.RUNGS,
                            "element", Rig.MINIWOB,
                            "openai", Rig.KEYLOCK_OPENAI,
                            "neural", Rig.KEYLOCK_NEURAL,
                            "linear", Rig.KEYLOCK_LINEAR,
                            "demonstrator", Rig.PDDL_DEMONSTRATOR),
                    Section.REWARD_MODEL,
                    Map.of(
                            "tabular", Rig.KEYLOCK_TABULAR,
                            "label", Rig.KEYLOCK_LABEL,
                            "echo_judge", Rig.RUNGS,
                            "element", Rig.MINIWOB,
                            "openai", Rig.KEYLOCK_OPENAI,
                            "neural", Rig.KEYLOCK_NEURAL,
                            "linear", Rig.KEYLOCK_LINEAR));

    /** Kinds with no contract test, by section: the kind and why (none today). */
    static final Map<Section, Map<String, String>> EXCEPTIONS = Map.of();

    /**
     * Policy kinds that may play an empty command where the environment lists admissible ones, and
     * why: the rest must play one of the listed commands.
     */
    static final Map<String, String> EMPTY_COMMANDS =
            Map.of(
                    "openai",
                    "an endpoint's reply without an action is played as an empty command, a step"
                            + " that does nothing (rlanything-openai's RolesTest), and the model"
                            + " learns from it");

    private ContractFixtures() {}

    /** The kinds of {@code section} the registry finds, sorted. */
    static Stream<String> kinds(Section section) {
        return ProviderRegistry.get().kinds(section).stream();
    }

    /**
     * The rig of {@code kind}; fails, naming what to add, when the kind has neither a rig nor an
     * exception.
     */
    static Rig rig(Section section, String kind) {
        Rig rig = RIGS.get(section).get(kind);
        if (rig == null) {
            fail(
                    section.key()
                            + ".kind "
                            + kind
                            + " has no contract rig: add one to ContractFixtures (or list the kind"
                            + " in ContractFixtures.EXCEPTIONS with the reason it has none).");
        }
        return rig;
    }

    /**
     * The run of {@code kind}'s rig; skips the test of a kind listed in {@link #EXCEPTIONS}, naming
     * the reason, and fails for a kind with neither (see {@link #rig}).
     */
    static ContractRun run(Section section, String kind) {
        String exception = EXCEPTIONS.getOrDefault(section, Map.of()).get(kind);
        Assumptions.assumeTrue(exception == null, () -> kind + " has no contract: " + exception);
        return ContractRun.of(rig(section, kind));
    }

    /** The kinds of {@code section} that have a rig or are an exception, sorted. */
    static List<String> covered(Section section) {
        return Stream.concat(
                        RIGS.get(section).keySet().stream(),
                        EXCEPTIONS.getOrDefault(section, Map.of()).keySet().stream())
                .sorted()
                .toList();
    }
}
