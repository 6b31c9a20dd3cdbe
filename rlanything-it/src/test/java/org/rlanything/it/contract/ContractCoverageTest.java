package org.rlanything.it.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;

/**
 * The contract tests cover exactly the kinds the registry finds: each registered environment,
 * policy and reward-model kind has a rig or a listed exception, and no rig names a kind that is
 * gone.
 */
class ContractCoverageTest {

    @ParameterizedTest
    @EnumSource(
            value = Section.class,
            names = {"ENVIRONMENT", "POLICY", "REWARD_MODEL"})
    void everyRegisteredKindAndNoOtherHasARigOrAnException(Section section) {
        assertEquals(
                ProviderRegistry.get().kinds(section),
                ContractFixtures.covered(section),
                section.key()
                        + ": the registered kinds (expected) and those ContractFixtures covers");
    }
}
